package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestHeaderAndLink is DTrace's own USDT flow: dtrace -h makes the header
// of testdata/usdtdemo.d, the program includes it, dtrace -G makes the
// object it links, and its probes fire under dtrace -c, their arguments
// with them, is-enabled probes true only while traced.
func TestHeaderAndLink(t *testing.T) {
	requireTracing(t)
	dir := t.TempDir()
	header, obj, progObj, prog := filepath.Join(dir, "usdtdemo.h"), filepath.Join(dir, "usdtdemo.o"), filepath.Join(dir, "prog.o"), filepath.Join(dir, "prog")
	if _, stderr, status := run(t, "-h", "-s", "testdata/usdtdemo.d", "-o", header); status != 0 {
		t.Fatalf("-h: status %d, stderr %q", status, stderr)
	}
	text, err := os.ReadFile(header)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"#ifndef\t_USDTDEMO_H\n",
		"#define\tDEMO_START(arg0, arg1) \\\n\t__dtrace_demo___start(arg0, arg1)\n",
		"#define\tDEMO_WORK_DONE_ENABLED() \\\n\t__dtraceenabled_demo___work__done()\n",
		"#define\tDEMO_NEVER()\n#define\tDEMO_NEVER_ENABLED() (0)\n",
	} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the header lacks %q:\n%s", want, text)
		}
	}
	gcc(t, "-O2", "-I", dir, "-c", "-o", progObj, "testdata/usdtprog.c")
	// Linking needs the semaphores that -G defines.
	if out, err := exec.Command("gcc", "-o", prog, progObj).CombinedOutput(); err == nil {
		t.Fatalf("linked without the -G object:\n%s", out)
	}
	if _, stderr, status := run(t, "-G", "-s", "testdata/usdtdemo.d", "-o", obj, progObj); status != 0 {
		t.Fatalf("-G: status %d, stderr %q", status, stderr)
	}
	gcc(t, "-o", prog, progObj, obj)

	// Untraced, work-done is never enabled.
	var exitErr *exec.ExitError
	if err := exec.Command(prog, "3").Run(); err != nil && !errors.As(err, &exitErr) || exitCode(err) != 0 {
		t.Fatalf("untraced run: %v, work-done enabled %d times", err, exitCode(err))
	}
	stdout, stderr, status := run(t, "-c", prog+" 3", "-q", "-n", `
		demo$target:::start { printf("%s %d %s\n", probename, arg0, copyinstr(arg1)); }
		demo$target:::work-done { printf("%s %d %d %s\n", probename, arg0, arg1, copyinstr(arg2)); }`)
	want := "start 0 hello0\nwork-done 0 200 hello0\nstart 1 hello1\nwork-done -5 200 hello1\nstart 2 hello2\nwork-done -10 200 hello2\n"
	if status != 0 || stdout != want+"\n" || stderr != "" {
		t.Errorf("traced: status %d\nstdout %q, want %q\nstderr %q", status, stdout, want+"\n", stderr)
	}
	// Not quiet: the exit status of the target says how many times
	// work-done was enabled; start alone leaves it disabled.
	_, stderr, _ = run(t, "-c", prog+" 3", "-n", `demo$target:::work-done { @ = count(); }`)
	if !regexp.MustCompile(`dtrace: pid [0-9]+ exited with status 3\n`).MatchString(stderr) {
		t.Errorf("work-done traced: stderr %q, want the target to exit with 3", stderr)
	}
	_, stderr, _ = run(t, "-c", prog+" 3", "-n", `demo$target:::start { @ = count(); }`)
	if !regexp.MustCompile(`dtrace: pid [0-9]+ has exited\n`).MatchString(stderr) {
		t.Errorf("start traced: stderr %q, want the target to exit with 0", stderr)
	}
}

func exitCode(err error) int {
	var e *exec.ExitError
	if errors.As(err, &e) {
		return e.ExitCode()
	}
	return 0
}

func TestHeaderAndLinkNames(t *testing.T) {
	src, err := filepath.Abs("testdata/usdtdemo.d")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	// Without -o, the files are named after the script, here.
	if _, stderr, status := run(t, "-h", "-s", src); status != 0 || stderr != "" {
		t.Fatalf("-h: status %d, stderr %q", status, stderr)
	}
	if _, err := os.Stat("usdtdemo.h"); err != nil {
		t.Error(err)
	}
	// -G wants probe sites of the declared provider in the objects.
	empty := filepath.Join(t.TempDir(), "empty.o")
	gcc(t, "-c", "-o", empty, "-x", "c", "/dev/null")
	_, stderr, status := run(t, "-G", "-s", src, empty)
	// DTrace names the script without its .d: it strips the suffix to
	// name the object.
	if want := "dtrace: failed to link script " + strings.TrimSuffix(src, ".d") + ": No probe sites found for declared provider\n"; status != 1 || stderr != want {
		t.Errorf("-G of an object without probes: status %d, stderr %q, want %q", status, stderr, want)
	}
	if _, err := os.Stat("usdtdemo.o"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed -G left usdtdemo.o: %v", err)
	}
}

// TestLinkEditor: with -xldpath, -G links its object with that link
// editor (LD -o NAME -r OBJECT); one that fails fails the link as in
// DTrace, naming the script without its .d, and leaves no object.
func TestLinkEditor(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	src := filepath.Join(dir, "plain.d")
	if err := os.WriteFile(src, []byte("BEGIN { exit(0); }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A link editor that copies its input and says how it was called.
	ld := filepath.Join(dir, "fakeld")
	script := "#!/bin/sh\necho \"$1 $2 $3\" > args\ncp \"$4\" \"$2\"\n"
	if err := os.WriteFile(ld, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if _, stderr, status := run(t, "-G", "-xldpath="+ld, "-s", src); status != 0 || stderr != "" {
		t.Fatalf("-G with a working link editor: status %d, stderr %q", status, stderr)
	}
	if args, err := os.ReadFile("args"); err != nil || string(args) != "-o plain.o -r\n" {
		t.Errorf("link editor called with %q (%v), want \"-o plain.o -r\"", args, err)
	}
	if out, err := exec.Command("file", "plain.o").Output(); err == nil && !strings.Contains(string(out), "relocatable") {
		t.Errorf("plain.o: %s", out)
	}
	os.Remove("plain.o")
	failing := filepath.Join(dir, "failld")
	if err := os.WriteFile(failing, []byte("#!/bin/sh\necho refused >&2\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, stderr, status := run(t, "-G", "-xldpath="+failing, "-s", src)
	want := "refused\ndtrace: failed to link script " + strings.TrimSuffix(src, ".d") + ": failed to link plain.o: " + failing + " exited with status 3\n"
	if status != 1 || stderr != want {
		t.Errorf("-G with a failing link editor: status %d, stderr %q, want %q", status, stderr, want)
	}
	if _, err := os.Stat("plain.o"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed link left plain.o: %v", err)
	}
}
