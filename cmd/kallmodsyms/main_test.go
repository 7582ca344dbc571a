package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/testutil"
)

func fixture(name string) string { return filepath.Join("..", "..", "ksym", "testdata", name) }

// TestFixture runs the command on ksym's fixtures and checks its output is
// the golden /proc/kallmodsyms text.
func TestFixture(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{
		"-kallsyms", fixture("kallsyms"),
		"-system-map", fixture("System.map"),
		"-vmlinux", fixture("vmlinux"),
		"-ranges", fixture("modules.builtin.ranges"),
		"-builtin", fixture("modules.builtin"),
		"-proc-modules", fixture("proc-modules"),
		"-sys-module", fixture("sys-module"),
	}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want, err := os.ReadFile(fixture("kallmodsyms.golden"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("got\n%s\nwant\n%s", out.Bytes(), want)
	}
	// The format DTrace's own tests read: "%llx %llx %c %s [%s".
	line := strings.Split(out.String(), "\n")[4]
	if line != "ffffffff82e00080 100 T ext4_read\t[ext4]" {
		t.Errorf("line 5: %q", line)
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"-kallsyms", "/nonexistent"}, 1, "kallmodsyms: ksym: open /nonexistent: no such file or directory"},
		{[]string{"-kallsyms", fixture("kallsyms"), "-ranges", fixture("kallsyms")}, 1, "modules.builtin.ranges line 1"},
		{[]string{"-bogus"}, 2, "flag provided but not defined: -bogus"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
	} {
		var out, errb bytes.Buffer
		code := run(tc.args, &out, &errb)
		if code != tc.code || !strings.Contains(errb.String(), tc.err) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d, %q", tc.args, code, errb.String(), tc.code, tc.err)
		}
	}
}

// TestRunningSystem prints the running kernel's table: it must list
// do_sys_openat2 in the core kernel, with a size.
func TestRunningSystem(t *testing.T) {
	testutil.RequireRoot(t)
	if _, err := os.Stat("/proc/kallsyms"); err != nil {
		t.Skipf("kernel without /proc/kallsyms: %v", err)
	}
	var out, errb bytes.Buffer
	if code := run(nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	found := false
	for line := range strings.Lines(out.String()) {
		f := strings.Fields(line)
		if len(f) == 4 && f[3] == "do_sys_openat2" && f[1] != "0" && (f[2] == "t" || f[2] == "T") {
			found = true
		}
	}
	if !found {
		t.Errorf("no sized do_sys_openat2 line in %d bytes", out.Len())
	}
}
