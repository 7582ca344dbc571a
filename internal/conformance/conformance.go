package conformance

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the conformance folder, failing tb when it cannot be found:
// a test that compares against the recordings must not pass without them.
func Dir(tb testing.TB) string {
	tb.Helper()
	d, err := find()
	if err != nil {
		tb.Fatalf("conformance cases: %v", err)
	}
	return d
}

// find walks up from the working directory to the module root (the folder
// with go.mod) and returns ../shared/conformance beside it.
func find() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			c := filepath.Join(filepath.Dir(dir), "shared", "conformance")
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
