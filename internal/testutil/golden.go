package testutil

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// Golden compares got with the golden file at path, failing tb where they
// differ or the file is missing. With update (a test package's -update
// flag) it first writes got there, making the folders it needs: the way
// to take a change of output that was meant.
func Golden(tb testing.TB, path string, got []byte, update bool) {
	tb.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		tb.Errorf("%v (go test -update writes it)", err)
		return
	}
	if !bytes.Equal(got, want) {
		tb.Errorf("%s differs (go test -update rewrites it); got:\n%s\nwant:\n%s", path, got, want)
	}
}
