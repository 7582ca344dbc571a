package testutil

import (
	"errors"
	"os"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
)

// Require skips tb when one of the features is missing from this kernel and
// fails it when a probe itself errs or the test does not run as root.
func Require(tb testing.TB, fs ...*feature.Feature) {
	tb.Helper()
	RequireRoot(tb)
	for _, f := range fs {
		SkipIfNotSupported(tb, f.Check())
	}
}

// RequireLacking skips tb when this kernel has any of the features: for
// tests of what the runtime says where they are missing. Like Require, it
// fails tb when a probe itself errs or the test does not run as root.
func RequireLacking(tb testing.TB, fs ...*feature.Feature) {
	tb.Helper()
	RequireRoot(tb)
	for _, f := range fs {
		switch err := f.Check(); {
		case err == nil:
			tb.Skipf("this kernel has %s", f.Name)
		case !errors.Is(err, feature.ErrNotSupported):
			tb.Fatal(err)
		}
	}
}

// RequireRoot fails tb unless the process runs as root. Under -short it
// skips instead, so that "go test -short ./..." runs, as a normal user,
// every test that needs no privileges.
func RequireRoot(tb testing.TB) {
	tb.Helper()
	if os.Geteuid() == 0 {
		return
	}
	if testing.Short() {
		tb.Skip("needs root: runs without -short, as root (CI runs as root)")
	}
	tb.Fatal("this test needs root (CI runs as root)")
}

// SkipIfNotSupported skips tb when err says the kernel lacks a feature and
// fails it on any other non-nil error.
func SkipIfNotSupported(tb testing.TB, err error) {
	tb.Helper()
	if err == nil {
		return
	}
	if errors.Is(err, feature.ErrNotSupported) {
		tb.Skip("kernel lacks a feature:", err)
	}
	tb.Fatal(err)
}
