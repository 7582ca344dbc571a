package main

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// gcc runs gcc with args and fails t when gcc is missing or fails: the
// tests that build their target programs need it.
func gcc(t *testing.T, args ...string) {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Fatal("the test needs gcc:", err)
	}
	if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
		t.Fatalf("gcc %v: %v\n%s", args, err, out)
	}
}

// buildC builds testdata/NAME.c with flags into an executable NAME in a
// directory of the test's, and returns its path.
func buildC(t *testing.T, name string, flags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	gcc(t, append(flags[:len(flags):len(flags)], "-o", bin, "testdata/"+name+".c")...)
	return bin
}
