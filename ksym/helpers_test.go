package ksym

import (
	"errors"
	"os"
	"testing"

	"github.com/godtrace/godtrace/internal/testutil"
)

// requireKallsyms fails unless /proc/kallsyms can be read with real
// addresses: tests run as root, where anything else is a bug. It skips
// only when the kernel has no kallsyms at all (CONFIG_KALLSYMS=n).
func requireKallsyms(tb testing.TB) {
	tb.Helper()
	f, err := os.Open("/proc/kallsyms")
	if errors.Is(err, os.ErrNotExist) {
		tb.Skip("kernel without /proc/kallsyms (CONFIG_KALLSYMS=n)")
	}
	if err != nil {
		tb.Fatal(err)
	}
	f.Close()
	// Addresses in /proc/kallsyms read as 0 for a normal user.
	testutil.RequireRoot(tb)
}
