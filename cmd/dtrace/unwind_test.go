package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/testutil"
)

// buildUnwind builds testdata/unwind.c as -O2 code without frame
// pointers, as distributions build their packages; the executable is
// called unwind, as its frames show.
func buildUnwind(t *testing.T) string {
	t.Helper()
	return buildC(t, "unwind", "-O2", "-fomit-frame-pointer")
}

// TestUstackUnwindChain checks that ustack() in a target process built
// without frame pointers gives its call chain frame for frame, from a
// uprobe, from a system call (whose user registers the task saved) and
// through a signal handler's frame; and that ustackfp's frame-pointer
// walk, for comparison, does not.
func TestUstackUnwindChain(t *testing.T) {
	requireTracing(t)
	bin := buildUnwind(t)
	chain := frameLines("unwind`b", "unwind`a", "unwind`main",
		"libc.so.6`__libc_start_call_main", "libc.so.6`__libc_start_main", "unwind`_start")
	for _, tc := range []struct {
		name, args, probe, want string
	}{
		{"uprobe", "3", "pid$target:a.out:c:entry", frameLines("unwind`c") + chain},
		{"syscall", "3", "syscall::getppid:entry /pid == $target/", frameLines("libc.so.6`syscall", "unwind`c") + chain},
		{"signal", "3 signal", "pid$target:a.out:c:entry", frameLines("unwind`c", "unwind`b", "unwind`a", "unwind`handler",
			"libc.so.6`__restore_rt") + `(              libc\.so\.6` + "`" + `.*\n)+` +
			frameLines("unwind`main", "libc.so.6`__libc_start_call_main", "libc.so.6`__libc_start_main", "unwind`_start")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, status := run(t, "-q", "-c", bin+" "+tc.args, "-n", tc.probe+" { @[ustack()] = count(); }")
			if status != 0 || stderr != "" {
				t.Fatalf("status %d, stderr %q", status, stderr)
			}
			want := `^\n\n` + tc.want + `                3\n$`
			if !regexp.MustCompile(want).MatchString(stdout) {
				t.Errorf("output:\n%s\nwant it to match:\n%s", stdout, want)
			}
		})
	}
	stdout, _, _ := run(t, "-q", "-xustackfp", "-c", bin+" 3", "-n", "pid$target:a.out:c:entry { @[ustack()] = count(); }")
	if !strings.Contains(stdout, "unwind`c") || strings.Contains(stdout, "unwind`a+") {
		t.Errorf("with ustackfp:\n%s\nwant c without its chain", stdout)
	}
}

// TestUstackUnwindPython checks Debian's python3.11, built -O2 without
// frame pointers: every stack at libc's malloc ends in _start (or
// __libc_start_main), every frame in a mapped object.
func TestUstackUnwindPython(t *testing.T) {
	requireTracing(t)
	const python = "/usr/bin/python3.11"
	if _, err := os.Stat(python); err != nil {
		t.Skip("not a Debian system:", err)
	}
	stdout, stderr, status := run(t, "-q", "-c", python+" -c pass", "-n", "pid$target:libc.so.6:malloc:entry { @[ustack()] = count(); }")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	frame := regexp.MustCompile("^              [^ `]+`\\S+$")
	end := regexp.MustCompile("`(_start|__libc_start_main)(\\+0x[0-9a-f]+)?$")
	stacks := 0
	for _, st := range strings.Split(strings.Trim(stdout, "\n"), "\n\n") {
		lines := strings.Split(st, "\n")
		if len(lines) < 3 || lines[0] != "              libc.so.6`malloc" {
			t.Fatalf("stack:\n%s\nwant malloc, frames and a count", st)
		}
		frames := lines[:len(lines)-1]
		for _, f := range frames {
			if !frame.MatchString(f) {
				t.Errorf("stack:\n%s\nframe %q is in no mapped object", st, f)
			}
		}
		if !end.MatchString(frames[len(frames)-1]) {
			t.Errorf("stack:\n%s\nwant it to end in _start or __libc_start_main", st)
		}
		stacks++
	}
	if stacks < 10 {
		t.Errorf("%d stacks, want python's many", stacks)
	}
}

// TestUstackUnwindProfile samples a CPU-bound program built without
// frame pointers: the stacks, unwound from the user registers saved when
// the timer interrupted the task, reach main.
func TestUstackUnwindProfile(t *testing.T) {
	requireTracing(t)
	bin := buildUnwind(t)
	stdout, stderr, status := run(t, "-q", "-c", bin+" 100000000", "-n",
		"profile-997 /pid == $target/ { @[ustack()] = count(); } tick-1s { exit(0); }")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	full, all := reachMain(t, stdout)
	t.Logf("%d of %d samples reach main", full, all)
	if all < 50 || full*100 < all*95 {
		t.Errorf("%d of %d samples reach main, want 95%%:\n%s", full, all, stdout)
	}
}

// reachMain counts the samples of an aggregation of stacks of unwind,
// those that reach main and all.
func reachMain(t *testing.T, stdout string) (full, all int) {
	t.Helper()
	for _, st := range strings.Split(strings.Trim(stdout, "\n"), "\n\n") {
		lines := strings.Split(st, "\n")
		var n int
		if _, err := fmt.Sscan(lines[len(lines)-1], &n); err != nil {
			t.Fatalf("stack:\n%s\nwant a count after its frames", st)
		}
		all += n
		if strings.Contains(st, "unwind`main+") {
			full += n
		}
	}
	return full, all
}

// TestUstackUnwindSystemWide samples a program built without frame
// pointers that dtrace did not start: its tables are built when a probe
// first fires in it, and -v reports them.
func TestUstackUnwindSystemWide(t *testing.T) {
	requireTracing(t)
	testutil.RequireRoot(t)
	bin := buildUnwind(t)
	cmd := exec.Command(bin, "10000000000")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	// The samples before its tables are in, 100 ms or so after the
	// first, are walked by frame pointers: those of the first 500 ms do
	// not count.
	stdout, stderr, status := run(t, "-v", "-q", "-n", fmt.Sprintf(`BEGIN { t0 = timestamp; }
		profile-997 /pid == %[1]d && timestamp - t0 <= 500000000/ { @early[ustack()] = count(); }
		profile-997 /pid == %[1]d && timestamp - t0 > 500000000/ { @[ustack()] = count(); }
		tick-2500ms { exit(0); }
		END { trunc(@early); }`, cmd.Process.Pid))
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	report := regexp.MustCompile(`(?m)^dtrace: ustack unwind tables \(any process\): ([1-9]\d*) objects, [1-9]\d* rows, [1-9]\d* bytes, built in \S+; \d+ objects skipped, \d+ Go objects by frame pointers; ([1-9]\d*) processes with tables, \d+ by frame pointers$`)
	if !report.MatchString(stderr) {
		t.Errorf("stderr %q, want the unwind tables reported", stderr)
	}
	// -v prints the clauses' stability attributes first.
	if i := strings.LastIndex(stdout, "Dependency Class:"); i >= 0 {
		stdout = stdout[i+strings.Index(stdout[i:], "\n")+1:]
	}
	full, all := reachMain(t, stdout)
	t.Logf("%d of %d samples reach main", full, all)
	if all < 100 || full*100 < all*95 {
		t.Errorf("%d of %d samples reach main, want 95%%:\n%s", full, all, stdout)
	}
}

// TestUstackUnwindTruncated checks that a walk stops at a return address
// no unwind table covers (code in an anonymous mapping, as a JIT
// compiler's) and marks the stack truncated, rather than going on with
// what the stack holds there.
func TestUstackUnwindTruncated(t *testing.T) {
	requireTracing(t)
	bin := buildUnwind(t)
	stdout, stderr, status := run(t, "-q", "-c", bin+" 3 jit", "-n", "pid$target:a.out:c:entry { @[ustack()] = count(); }")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	want := `^\n\n` + frameLines("unwind`c") + `              0x[0-9a-f]+\n              \[truncated\]\n                3\n$`
	if !regexp.MustCompile(want).MatchString(stdout) {
		t.Errorf("output:\n%s\nwant it to match:\n%s", stdout, want)
	}
	// Folded stacks: the mark is the root frame.
	stdout, stderr, status = run(t, "-q", "-x", "stackformat=folded", "-c", bin+" 3 jit", "-n", "pid$target:a.out:c:entry { @[ustack()] = count(); }")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if !regexp.MustCompile("^\\[truncated\\];0x[0-9a-f]+;unwind`c 3\n$").MatchString(stdout) {
		t.Errorf("folded output %q, want [truncated];0x...;unwind`c 3", stdout)
	}
}

// TestUcallerUnwind checks that ucaller, in code without frame pointers,
// is the caller the unwind tables give: c's at a system call in it, b's
// at c's entry.
func TestUcallerUnwind(t *testing.T) {
	requireTracing(t)
	bin := buildUnwind(t)
	stdout, stderr, status := run(t, "-q", "-c", bin+" 3", "-n",
		`syscall::getppid:entry /pid == $target/ { @s[ufunc(ucaller)] = count(); }
		pid$target:a.out:c:entry { @e[ufunc(ucaller)] = count(); }
		END { printa("syscall %A %@d\n", @s); printa("entry %A %@d\n", @e); }`)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if want := "syscall unwind`c 3\nentry unwind`b 3\n\n"; stdout != want {
		t.Errorf("output %q, want %q", stdout, want)
	}
}

// TestUstackUnwindGdb compares ustack() with gdb's bt at the same point,
// the entry of c in a program built -O2 -fomit-frame-pointer whose chain
// goes through a signal handler and a shared library (testdata/gdbchain.c):
// frame for frame, each frame as its offset in the mapping that holds it
// (dtrace's noresolve form), down to _start (gdb's backtrace past-main).
func TestUstackUnwindGdb(t *testing.T) {
	requireTracing(t)
	gdb, err := exec.LookPath("gdb")
	if err != nil {
		t.Skip("gdb is not installed (Debian: apt-get install gdb):", err)
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "gdbchain")
	gcc(t, "-O2", "-fomit-frame-pointer", "-shared", "-fPIC", "-o", filepath.Join(dir, "libgdblib.so"), "testdata/gdblib.c")
	gcc(t, "-O2", "-fomit-frame-pointer", "-o", bin, "testdata/gdbchain.c", "-L"+dir, "-lgdblib", "-Wl,-rpath,"+dir)
	script, err := filepath.Abs("testdata/gdbframes.py")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(gdb, "-nx", "-batch", "-ex", "set debuginfod enabled off",
		"-ex", "handle SIGUSR1 nostop noprint pass", "-ex", "set backtrace past-main on",
		"-ex", "break *c", "-ex", "run", "-ex", "source "+script, bin).CombinedOutput()
	if err != nil {
		t.Fatalf("gdb: %v\n%s", err, out)
	}
	var want []string
	for _, line := range strings.Split(string(out), "\n") {
		if f, ok := strings.CutPrefix(line, "FRAME "); ok {
			want = append(want, f)
		}
	}
	// c, lib_call, b, handler, __restore_rt, kill, a, main, libc's two,
	// _start.
	if len(want) != 11 {
		t.Fatalf("gdb's backtrace has %d frames, want 11:\n%s", len(want), out)
	}
	stdout, stderr, status := run(t, "-q", "-x", "noresolve", "-c", bin, "-n", "pid$target:a.out:c:entry { ustack(); }")
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	got := strings.Fields(stdout)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("ustack():\n%s\ngdb's bt:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestUcallerGoEntry: at the entry of a Go function, whose first
// instruction is not push %rbp, ucaller is its caller (main.main), not
// its caller's caller as a frame-pointer walk from there would give.
func TestUcallerGoEntry(t *testing.T) {
	requireTracing(t)
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatal("the test builds a Go program and needs the go command:", err)
	}
	// The arm64 QEMU suite's pid target: main.leaf is such a function.
	bin := filepath.Join(t.TempDir(), "pidtarget")
	build := exec.Command(goTool, "build", "-o", bin, ".")
	build.Dir = "../../test/qemu/suites/arm64/pidtarget"
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	stdout, stderr, status := run(t, "-q", "-c", bin, "-n",
		`pid$target:a.out:main.leaf:entry { @[ufunc(ucaller)] = count(); } END { printa("%A %@d\n", @); }`)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if want := "pidtarget`main.main 3\n\n"; stdout != want {
		t.Errorf("output %q, want %q", stdout, want)
	}
}
