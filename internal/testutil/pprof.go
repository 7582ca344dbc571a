package testutil

import (
	"os"
	"testing"

	"github.com/google/pprof/profile"
)

// ReadProfile reads the pprof profile at path, as pprof itself would, and
// fails tb unless it parses and is valid: for the tests of what the pprof
// output (package output, dtrace -x pprof=) writes.
func ReadProfile(tb testing.TB, path string) *profile.Profile {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	p, err := profile.Parse(f)
	if err != nil {
		tb.Fatal(err)
	}
	if err := p.CheckValid(); err != nil {
		tb.Fatal(err)
	}
	return p
}
