package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/internal/testutil"
)

// TestNormalUser runs dtrace as nobody: tracing and listing say which
// privileges are missing, in DTrace's words, and compiling alone (-e),
// which needs none, works.
func TestNormalUser(t *testing.T) {
	testutil.RequireRoot(t)
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Fatal("setpriv (util-linux) is needed")
	}
	// A copy of the test binary that nobody may run.
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "dtrace")
	src, err := os.Open(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	dst, err := os.OpenFile(bin, os.O_WRONLY|os.O_CREATE, 0o755)
	if err == nil {
		_, err = io.Copy(dst, src)
		dst.Close()
	}
	src.Close()
	if err != nil {
		t.Fatal(err)
	}
	want := "dtrace: failed to initialize dtrace: " + dtrace.ErrPrivileges.Error() + "\n"
	for _, tc := range []struct {
		args   []string
		status int
		stderr string
	}{
		{[]string{"-n", "BEGIN { exit(0); }"}, 1, want},
		{[]string{"-n", "pid$target:libc.so.6:malloc:entry {}", "-c", "/bin/true"}, 1, want},
		{[]string{"-l", "-n", "BEGIN"}, 1, want},
		{[]string{"-e", "-n", "BEGIN { exit(0); }"}, 0, ""},
	} {
		cmd := exec.Command(setpriv, append([]string{"--reuid=65534", "--regid=65534", "--clear-groups", bin}, tc.args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), asDtrace+"=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != tc.status || stderr.String() != tc.stderr {
			t.Errorf("dtrace %q as nobody: status %d, stderr %q; want %d, %q", tc.args, code, stderr.String(), tc.status, tc.stderr)
		}
	}
}
