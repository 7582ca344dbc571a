package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// buildUstack builds testdata/ustack.c, linked with its shared library,
// with flags; the executable is called ustack, as its frames show.
func buildUstack(t *testing.T, flags ...string) string {
	t.Helper()
	dir := t.TempDir()
	flags = flags[:len(flags):len(flags)] // each gcc call appends its own arguments
	gcc(t, append(flags, "-shared", "-fPIC", "-o", filepath.Join(dir, "libustack.so"), "testdata/ustacklib.c")...)
	bin := filepath.Join(dir, "ustack")
	gcc(t, append(flags, "-o", bin, "testdata/ustack.c", "-L"+dir, "-lustack", "-Wl,-rpath,"+dir)...)
	return bin
}

// frameLines returns a pattern of ustack()'s frame lines, indented by the
// default stackindent: each of frames is a frame's text up to its
// offset, which may follow.
func frameLines(frames ...string) string {
	var b strings.Builder
	for _, f := range frames {
		b.WriteString(`              ` + regexp.QuoteMeta(f) + `(\+0x[0-9a-f]+)?\n`)
	}
	return b.String()
}

// startFrames matches the frames below main: libc's, and _start's where
// the stack is unwound with tables (the frame-pointer walk ends at the
// zero frame pointer _start sets).
const startFrames = `(              libc\.so\.6` + "`" + `.*\n)*(              ustack` + "`" + `_start\+0x[0-9a-f]+\n)?`

// padded is a symbol as trace() and aggregation keys print it: after two
// spaces, in 50 columns.
func padded(s string) string { return fmt.Sprintf("  %-50s", s) }

func TestUstackActions(t *testing.T) {
	requireTracing(t)
	bin := buildUstack(t, "-O0", "-fno-omit-frame-pointer")
	// The target exits right after its last probe: its frames still
	// print as symbols.
	stdout, stderr, status := run(t, "-q", "-c", bin+" 1", "-n", `pid$target:a.out:leaf:entry {
		ustack();
		printf("[%A][%A]\n", ucaller, uregs[R_PC]);
		usym(ucaller); printf("|\n");
		ufunc(ucaller); printf("|\n");
		uaddr(ucaller); printf("|\n");
		umod(ucaller); printf("|\n");
		ustack(2);
		jstack(1, 100);
	}`)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	want := `^\n` + frameLines("ustack`leaf", "ustack`middle", "ustack`outer", "ustack`main") + startFrames +
		`\[ustack` + "`" + `middle\+0x[0-9a-f]+\]\[ustack` + "`" + `leaf\]\n` +
		regexp.QuoteMeta(padded("ustack`middle")+"|\n"+padded("ustack`middle")+"|\n") +
		regexp.QuoteMeta("  ustack`middle+0x") + `[0-9a-f]+ *\|\n` +
		regexp.QuoteMeta(padded("ustack")+"|\n") +
		`\n` + frameLines("ustack`leaf", "ustack`middle") +
		`\n` + frameLines("ustack`leaf") + `\n*$`
	if !regexp.MustCompile(want).MatchString(stdout) {
		t.Errorf("output:\n%s\nwant it to match:\n%s", stdout, want)
	}
}

func TestUstackAggregationKeys(t *testing.T) {
	requireTracing(t)
	bin := buildUstack(t, "-O0", "-fno-omit-frame-pointer")
	// Printed after the target has exited.
	stdout, stderr, status := run(t, "-q", "-c", bin+" 3", "-n", `pid$target:a.out:leaf:entry {
		@s[ustack()] = count();
		@f[ufunc(uregs[R_PC])] = count();
		@c[usym(ucaller)] = count();
		@m[umod(ucaller)] = count();
		@a[uaddr(ucaller)] = sum(2);
		@two[ustack(2), 7] = count();
	}`)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	count := func(n int) string { return fmt.Sprintf(" +%d\n", n) }
	want := `^\n\n` + frameLines("ustack`leaf", "ustack`middle", "ustack`outer", "ustack`main") +
		startFrames + `                3\n` +
		regexp.QuoteMeta("  ustack`leaf") + count(3) +
		regexp.QuoteMeta("  ustack`middle") + count(3) +
		regexp.QuoteMeta("  ustack") + count(3) +
		regexp.QuoteMeta("  ustack`middle+0x") + `[0-9a-f]+` + count(6) +
		`\n` + frameLines("ustack`leaf", "ustack`middle") + `        7                3\n$`
	if !regexp.MustCompile(want).MatchString(stdout) {
		t.Errorf("output:\n%q\nwant it to match:\n%s", stdout, want)
	}
}

func TestUstackLibraryAndDemangling(t *testing.T) {
	requireTracing(t)
	bin := buildUstack(t, "-O0", "-fno-omit-frame-pointer")
	// The library is mapped once the dynamic linker has run: evaltime=main.
	stdout, stderr, status := run(t, "-q", "-xevaltime=main", "-c", bin+" 1", "-n",
		`pid$target:libustack.so:lib_leaf:entry, pid$target:a.out:_ZN4demo3cxx4leafEi:entry, pid$target:a.out:_ZN4demo4rust4leaf*:entry
		{ ustack(2); }`)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	for _, frame := range []string{"ustack`demo::cxx::leaf(int)", "ustack`demo::rust::leaf::h0123456789abcdef", "libustack.so`lib_leaf"} {
		want := "\n" + frameLines(frame, "ustack`middle")
		if !regexp.MustCompile(want).MatchString(stdout) {
			t.Errorf("output:\n%s\nwant a stack matching:\n%s", stdout, want)
		}
	}
}

func TestUstackNoResolve(t *testing.T) {
	requireTracing(t)
	bin := buildUstack(t, "-O0", "-fno-omit-frame-pointer")
	// noresolve: module:offset in its mapping; ustackframes bounds the
	// frames of ustack() without a count.
	stdout, stderr, status := run(t, "-q", "-xnoresolve", "-xustackframes=3", "-c", bin+" 1", "-n",
		`pid$target:a.out:leaf:entry { ustack(); usym(uregs[R_PC]); umod(uregs[R_PC]); }`)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	want := `^\n(              ustack:0x[0-9a-f]+\n){3}  ustack:0x[0-9a-f]+ +` + regexp.QuoteMeta(padded("ustack")) + `\n$`
	if !regexp.MustCompile(want).MatchString(stdout) {
		t.Errorf("output:\n%q\nwant it to match:\n%s", stdout, want)
	}
}

// Without frame pointers the kernel cannot walk the user stack: only the
// function the probe fired in is known for sure.
func TestUstackWithoutFramePointers(t *testing.T) {
	requireTracing(t)
	bin := buildUstack(t, "-O2", "-fno-inline", "-fomit-frame-pointer")
	stdout, stderr, status := run(t, "-q", "-c", bin+" 1", "-n", `pid$target:a.out:leaf:entry { ustack(); }`)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if want := "\n              ustack`leaf\n"; !strings.HasPrefix(stdout, want) {
		t.Errorf("output:\n%s\nwant it to start with:\n%s", stdout, want)
	}
}

// TestUstackPython takes the user stack at a real stapsdt probe of
// Debian's python3.11: a non-PIE executable, stripped but for .dynsym, and
// built without frame pointers. The probe is in a function .dynsym lacks,
// so its frame is the module and the address.
func TestUstackPython(t *testing.T) {
	requireTracing(t)
	const python = "/usr/bin/python3.11"
	if _, err := os.Stat(python); err != nil {
		t.Fatal("this test needs Debian's python3.11:", err)
	}
	script := filepath.Join(t.TempDir(), "f.py")
	// A profile function makes CPython enter Python functions through
	// the path that fires function__entry.
	if err := os.WriteFile(script, []byte("import sys\nsys.setprofile(lambda *a: None)\ndef f():\n    return 1\nf()\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, status := run(t, "-q", "-c", python+" -S "+script, "-n",
		`python$target:::function-entry /copyinstr(arg1) == "f"/ { ustack(1); umod(uregs[R_PC]); printf("|\n"); }`)
	want := `^\n              python3\.11` + "`" + `0x[0-9a-f]+\n` + regexp.QuoteMeta(padded("python3.11")+"|\n") + `\n*$`
	if status != 0 || stderr != "" || !regexp.MustCompile(want).MatchString(stdout) {
		t.Errorf("status %d, stderr %q\noutput %q, want it to match %s", status, stderr, stdout, want)
	}
}

// TestPidStackArgs: arg6 and arg7 of a pid entry probe are the stack
// words above the return address, read only for clauses that use them.
func TestPidStackArgs(t *testing.T) {
	requireTracing(t)
	bin := buildUstack(t, "-O0", "-fno-omit-frame-pointer")
	stdout, stderr, status := run(t, "-q", "-c", bin+" 1", "-n",
		`pid$target:a.out:many:entry { printf("%d %d %d\n", arg0, arg5, arg7); }`,
		"-n", `pid$target:a.out:many:entry { printf("%d\n", arg1); }`)
	if want := "1 6 8\n2\n\n"; status != 0 || stderr != "" || stdout != want {
		t.Errorf("status %d, stderr %q, output %q, want %q", status, stderr, stdout, want)
	}
}
