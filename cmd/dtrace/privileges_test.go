package main

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
)

// asNobody returns a function that runs this test binary, as dtrace, as
// the user nobody with the given extra setpriv arguments (capabilities),
// from a copy nobody may execute.
func asNobody(t *testing.T, privs ...string) func(args ...string) (stdout, stderr string, status int) {
	t.Helper()
	testutil.RequireRoot(t)
	setpriv, err := exec.LookPath("setpriv")
	if err != nil {
		t.Fatal("setpriv (util-linux) is needed")
	}
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
	return func(args ...string) (string, string, int) {
		argv := append([]string{"--reuid=65534", "--regid=65534", "--clear-groups"}, privs...)
		cmd := exec.Command(setpriv, append(append(argv, bin), args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), asDtrace+"=1")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Run()
		return stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()
	}
}

// TestNormalUser runs dtrace as nobody: tracing and listing say which
// privileges are missing, in DTrace's words, and compiling alone (-e),
// which needs none, works.
func TestNormalUser(t *testing.T) {
	run := asNobody(t)
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
		if _, stderr, code := run(tc.args...); code != tc.status || stderr != tc.stderr {
			t.Errorf("dtrace %q as nobody: status %d, stderr %q; want %d, %q", tc.args, code, stderr, tc.status, tc.stderr)
		}
	}
}

// TestCapabilitiesOnly runs dtrace as nobody with CAP_BPF and
// CAP_PERFMON only: what needs no more (BEGIN, END, tick, profile) traces,
// and a provider that lists its probes from tracefs, which is root's, says
// so when a description names it.
func TestCapabilitiesOnly(t *testing.T) {
	if !inBoundingSet(t, capPerfmon) || !inBoundingSet(t, capBPF) {
		t.Skip("CAP_BPF or CAP_PERFMON is not in this process's bounding set")
	}
	run := asNobody(t, "--inh-caps=+bpf,+perfmon", "--ambient-caps=+bpf,+perfmon")
	for _, tc := range []struct {
		prog, stdout string
	}{
		{`BEGIN { printf("begin %d\n", uid); exit(0); }`, "begin 65534\n"},
		{`tick-10ms { exit(0); } END { printf("end\n"); }`, "end\n"},
		{`profile-997 { @n = count(); } tick-100ms { exit(0); } END { printf("%s\n", "profiled"); }`, "profiled\n"},
	} {
		stdout, stderr, code := run("-q", "-n", tc.prog)
		if code != 0 || !strings.HasPrefix(stdout, tc.stdout) {
			t.Errorf("dtrace -qn %q with capabilities only: status %d, stdout %q, stderr %q; want 0, %q", tc.prog, code, stdout, stderr, tc.stdout)
		}
	}
	tf, err := feature.Tracefs()
	if err != nil {
		t.Skipf("no tracefs: %v", err)
	}
	if othersMayRead(t, filepath.Join(tf, "events", "syscalls"), tf) {
		t.Skip("tracefs's syscall events are readable by any user here")
	}
	want := "probe description syscall::getpid:entry does not match any probes: syscall::getpid:entry needs read access to " + filepath.Join(tf, "events", "syscalls") + ", which this user lacks\n"
	if _, stderr, code := run("-n", "syscall::getpid:entry {}"); code != 1 || !strings.HasSuffix(stderr, want) {
		t.Errorf("syscall probe with capabilities only: status %d, stderr %q; want 1, ending %q", code, stderr, want)
	}
}

// Capability numbers of linux/capability.h.
const (
	capPerfmon = 38
	capBPF     = 39
)

// inBoundingSet reports whether capability c is in this process's
// bounding set, from /proc/self/status.
func inBoundingSet(t *testing.T, c uint) bool {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if hex, ok := strings.CutPrefix(line, "CapBnd:"); ok {
			set, err := strconv.ParseUint(strings.TrimSpace(hex), 16, 64)
			if err != nil {
				t.Fatal(err)
			}
			return set&(1<<c) != 0
		}
	}
	t.Fatal("no CapBnd in /proc/self/status")
	return false
}

// othersMayRead reports whether a user who is neither owner nor in the
// group may list dir, whose path from root on must be searchable.
func othersMayRead(t *testing.T, dir, root string) bool {
	for d := dir; ; d = filepath.Dir(d) {
		fi, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		need := os.FileMode(0o001)
		if d == dir {
			need = 0o005
		}
		if fi.Mode().Perm()&need != need {
			return false
		}
		if d == root || d == "/" {
			return true
		}
	}
}
