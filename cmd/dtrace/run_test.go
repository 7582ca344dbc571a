package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
)

// asDtrace, set in the environment, makes the test binary run Main with
// its arguments (see TestMain).
const asDtrace = "GODTRACE_TEST_AS_DTRACE"

func requireTracing(t *testing.T) {
	t.Helper()
	testutil.Require(t, feature.ProgRunRawTP)
}

func TestCommandTargetNotices(t *testing.T) {
	requireTracing(t)
	// -c splits its command at white space: a script kills itself.
	killer := filepath.Join(t.TempDir(), "killer")
	if err := os.WriteFile(killer, []byte("#!/bin/sh\nkill -9 $$\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args       []string
		stderr     string // a regular expression
		stdoutHas  string
		wantStatus int
	}{
		// Not quiet: the "matched" notice, then the exit of the target.
		{[]string{"-n", "BEGIN", "-c", "/bin/false"},
			`^dtrace: description 'BEGIN' matched 1 probe\ndtrace: pid [0-9]+ exited with status 1\n$`, ":BEGIN", 0},
		{[]string{"-n", "BEGIN", "-c", "/bin/true"},
			`^dtrace: description 'BEGIN' matched 1 probe\ndtrace: pid [0-9]+ has exited\n$`, ":BEGIN", 0},
		{[]string{"-n", "BEGIN", "-c", killer},
			`^dtrace: description 'BEGIN' matched 1 probe\ndtrace: pid [0-9]+ terminated by SIGKILL\n$`, ":BEGIN", 0},
		// Quiet (-q, -xquiet or a pragma) silences all notices.
		{[]string{"-q", "-n", "BEGIN { printf(\"%d\\n\", $target > 0); }", "-c", "/bin/false"}, `^$`, "1\n", 0},
		{[]string{"-xquiet", "-n", "BEGIN", "-c", "/bin/true"}, `^$`, "", 0},
		// exit() ends the run before the target, which is killed.
		{[]string{"-n", "BEGIN { exit(4); }", "-c", "/bin/sleep 30"},
			`^dtrace: description 'BEGIN ' matched 1 probe\n$`, ":BEGIN", 4},
	} {
		start := time.Now()
		stdout, stderr, status := run(t, tc.args...)
		if status != tc.wantStatus || !regexp.MustCompile(tc.stderr).MatchString(stderr) || !strings.Contains(stdout, tc.stdoutHas) {
			t.Errorf("dtrace %q: status %d, want %d\nstdout %q, want it to contain %q\nstderr %q, want %s",
				tc.args, status, tc.wantStatus, stdout, tc.stdoutHas, stderr, tc.stderr)
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("dtrace %q took %v", tc.args, d)
		}
	}
}

// startSleep starts sleep(1) for secs seconds, a process to trace with
// -p, and waits for it when the test ends.
func startSleep(t *testing.T, secs string) *exec.Cmd {
	t.Helper()
	sleep := exec.Command("/bin/sleep", secs)
	if err := sleep.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sleep.Wait() })
	return sleep
}

func TestCommandGrab(t *testing.T) {
	requireTracing(t)
	sleep := startSleep(t, "1")
	pid := strconv.Itoa(sleep.Process.Pid)
	stdout, stderr, status := run(t, "-p", pid, "-n", "syscall::exit_group:entry /pid == $target/ { trace(pid); }")
	want := "dtrace: description 'syscall::exit_group:entry ' matched 1 probe\ndtrace: pid " + pid + " has exited\n"
	if status != 0 || stderr != want || !regexp.MustCompile(`exit_group:entry +`+pid+"\n").MatchString(stdout) {
		t.Errorf("dtrace -p %s: status %d\nstdout %q\nstderr %q, want %q", pid, status, stdout, stderr, want)
	}
}

func TestCommandOutputFile(t *testing.T) {
	requireTracing(t)
	out := filepath.Join(t.TempDir(), "out")
	if err := os.WriteFile(out, []byte("before\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, status := run(t, "-q", "-o", out, "-n", "BEGIN { printf(\"traced\\n\"); exit(0); }")
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// -o appends, as DTrace opens the file with "a"; the run ends with
	// an empty line, as DTrace's does.
	if status != 0 || stdout != "" || stderr != "" || string(got) != "before\ntraced\n\n" {
		t.Errorf("dtrace -o: status %d, stdout %q, stderr %q, file %q", status, stdout, stderr, got)
	}
}

// dtraceProcess starts the test binary as dtrace with args, its standard
// output read through a bufio.Reader.
func dtraceProcess(t *testing.T, args ...string) (*exec.Cmd, *bufio.Reader, *bytes.Buffer) {
	t.Helper()
	cmd, pipe, stderr := dtraceWith(t, "", args...)
	return cmd, bufio.NewReader(pipe), stderr
}

// bpfProgs returns the IDs of the BPF programs process pid holds.
func bpfProgs(t *testing.T, pid int) []ebpf.ProgramID {
	t.Helper()
	dir := "/proc/" + strconv.Itoa(pid) + "/fdinfo"
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ids []ebpf.ProgramID
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue // closed meanwhile
		}
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "prog_id:"); ok {
				id, _ := strconv.Atoi(strings.TrimSpace(v))
				ids = append(ids, ebpf.ProgramID(id))
			}
		}
	}
	return ids
}

func TestCommandInterrupt(t *testing.T) {
	requireTracing(t)
	// A -c process that outlives the run is killed when dtrace ends.
	cmd, out, stderr := dtraceProcess(t, "-q", "-c", "/bin/sleep 60", "-n",
		`BEGIN { @a["x"] = sum(5); printf("%d\n", $target); }`,
		"-n", "syscall::nanosleep:entry,syscall::clock_nanosleep:entry /pid == $target/ { @n = count(); }",
		"-n", `END { printf("end\n"); }`)
	line, err := out.ReadString('\n')
	if err != nil {
		t.Fatalf("no first line: %v; stderr %s", err, stderr)
	}
	target, _ := strconv.Atoi(strings.TrimSpace(line))
	progs := bpfProgs(t, cmd.Process.Pid)
	if len(progs) == 0 {
		t.Fatalf("dtrace holds no BPF programs")
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	rest := new(bytes.Buffer)
	rest.ReadFrom(out)
	if err := cmd.Wait(); err != nil {
		t.Errorf("dtrace after SIGINT: %v; stderr %s", err, stderr)
	}
	want := "end\n\n  x                                                                 5\n"
	if !strings.HasPrefix(rest.String(), want) || stderr.Len() != 0 {
		t.Errorf("after SIGINT: output %q, want it to start %q; stderr %q", rest, want, stderr)
	}
	testutil.WaitProgramsGone(t, progs)
	if target <= 0 {
		t.Fatalf("bad $target %q", line)
	}
	if err := syscall.Kill(target, 0); !errors.Is(err, syscall.ESRCH) {
		t.Errorf("target %d still exists after dtrace ended (kill: %v)", target, err)
	}
}

// TestCopyout checks that copyout() and copyoutstr() write the target's
// memory: a shell's echo writes what the probe changed. On a kernel that
// lets no BPF program write user memory (one in lockdown, as this
// project's development machines are), it checks that they are refused
// with the reason instead.
func TestCopyout(t *testing.T) {
	requireTracing(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	script := filepath.Join(dir, "write")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho original > "+out+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	refused := errors.Is(feature.WriteUser.Check(), feature.ErrNotSupported)
	for _, tc := range []struct{ prog, want string }{
		{`syscall::write:entry /pid == $target/ { copyoutstr("CHANGED", arg1, 7); }`, "CHANGEDl\n"},
		{`syscall::write:entry /pid == $target/ { this->b = (int *)alloca(4); *this->b = 0x44434241; copyout(this->b, arg1, 4); }`, "ABCDinal\n"},
	} {
		os.Remove(out)
		_, stderr, status := run(t, "-wq", "-n", tc.prog, "-c", script)
		if refused {
			if status != 1 || !strings.Contains(stderr, "this kernel does not let BPF programs write user memory") {
				t.Errorf("%s: status %d, stderr %q, want the refusal", tc.prog, status, stderr)
			}
			continue
		}
		got, err := os.ReadFile(out)
		if status != 0 || err != nil || string(got) != tc.want {
			t.Errorf("%s: status %d, stderr %q; target wrote %q (%v), want %q", tc.prog, status, stderr, got, err, tc.want)
		}
	}
}

// TestTestingMode: with _DTRACE_TESTING in the environment, as DTrace's
// test harness sets it, probe lines leave out the CPU and probe ID
// columns, which vary from run to run; the rest of the output is as
// without it.
func TestTestingMode(t *testing.T) {
	requireTracing(t)
	const script = `BEGIN { trace(7); printf("x"); } BEGIN { exit(0); } END { trace("s"); }`
	t.Setenv("_DTRACE_TESTING", "t")
	stdout, stderr, status := run(t, "-n", script)
	want := fmt.Sprintf("%32s\n%32s %11dx\n%32s \n%32s   %-33s\n\n",
		"FUNCTION:NAME", ":BEGIN", 7, ":BEGIN", ":END", "s")
	if status != 0 || stdout != want {
		t.Errorf("status %d, stderr %q\ngot  %q\nwant %q", status, stderr, stdout, want)
	}
	stdout, _, _ = run(t, "-F", "-n", "BEGIN { exit(0); }")
	if want := fmt.Sprintf("%-41s\n%-41s \n\n", "FUNCTION", "| :BEGIN"); stdout != want {
		t.Errorf("flowindent: got %q, want %q", stdout, want)
	}
	os.Unsetenv("_DTRACE_TESTING")
	stdout, _, _ = run(t, "-n", "BEGIN { exit(0); }")
	if !strings.HasPrefix(stdout, "CPU     ID                    FUNCTION:NAME\n") {
		t.Errorf("without _DTRACE_TESTING: got %q", stdout)
	}
}
