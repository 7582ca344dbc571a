package conformance

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dir returns the conformance folder (test/conformance at the module's
// root), failing tb when it cannot be found: a test that compares against
// the recordings must not pass without them.
func Dir(tb testing.TB) string {
	tb.Helper()
	d, err := find()
	if err != nil {
		tb.Fatalf("conformance cases: %v", err)
	}
	return d
}

// Recorded returns the stdout part of case name's .r file (what DTrace
// printed before any "-- @@stderr --" section), from recorded/ or, for
// what DTrace for Linux lacks, beyond/.
func Recorded(tb testing.TB, name string) string {
	tb.Helper()
	dir := Dir(tb)
	for _, sub := range []string{"recorded", "beyond"} {
		b, err := os.ReadFile(filepath.Join(dir, sub, name+".r"))
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			tb.Fatal(err)
		}
		s := string(b)
		if i := strings.Index(s, "-- @@stderr --\n"); i >= 0 {
			s = s[:i]
		}
		return s
	}
	tb.Fatalf("conformance case %s: no .r file in %s", name, dir)
	return ""
}

// find walks up from the working directory to the module root (the folder
// with go.mod) and returns test/conformance in it.
func find() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			c := filepath.Join(dir, "test", "conformance")
			if _, err := os.Stat(c); err != nil {
				return "", err
			}
			return c, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", os.ErrNotExist
		}
		dir = parent
	}
}
