package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/ksym"
)

func run(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	status = Main(append([]string{"/usr/sbin/dtrace"}, args...), &out, &errb)
	return out.String(), errb.String(), status
}

func TestMainMessages(t *testing.T) {
	// As DTrace does, dtrace checks privileges before the options' values.
	testutil.RequireRoot(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		args           []string
		stdout, stderr string // stderr: exact, or a prefix when it ends in "..."
		status         int
	}{
		{nil, "", "Usage: dtrace [-32|-64] [-CeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n...", 2},
		{[]string{"-V"}, "dtrace: Oracle D 2.0\n", "", 0},
		{[]string{"-k"}, "", "dtrace: invalid option -- 'k'\nUsage: dtrace ...", 2},
		{[]string{"-q", "-s"}, "", "dtrace: option requires an argument -- 's'\nUsage: dtrace ...", 2},
		{[]string{"-31"}, "", "dtrace: illegal option -- 31\nUsage: ...", 2},
		{[]string{"-l", "-V"}, "", "dtrace: only one of the [-GhlV] options can be specified at a time\n", 2},
		{[]string{"-G", "-h"}, "", "dtrace: only one of the [-GhlV] options can be specified at a time\n", 2},
		{[]string{"-e"}, "", "", 0},
		{[]string{"-64", "-e"}, "", "", 0},
		{[]string{"-32", "-e"}, "", "dtrace: failed to initialize dtrace: 32-bit D programs (-32) not supported yet\n", 1},
		{[]string{"-32", "-64", "-e"}, "", "", 0},
		{[]string{"-q"}, "", "dtrace: no probes specified\n", 1},
		{[]string{"-x", "nosuchoption"}, "", "dtrace: failed to set -x nosuchoption: Invalid option name\n", 1},
		{[]string{"-xbufsize=4q"}, "", "dtrace: failed to set -x bufsize: Invalid value for specified option\n", 1},
		{[]string{"-x", "quiet=maybe", "-e"}, "", "dtrace: failed to set -x quiet: Invalid value for specified option\n", 1},
		{[]string{"-b", "big"}, "", "dtrace: failed to set -b big: Invalid value for specified option\n", 1},
		{[]string{"-X", "q"}, "", "dtrace: failed to set -X q: Invalid value for specified option\n", 1},
		// Values DTrace knows that cannot be honoured here are refused
		// when set, before any probe is matched.
		{[]string{"-x", "oformat=xml", "-n", "BEGIN"}, "", "dtrace: failed to set -x oformat: Value not supported on Linux\n", 1},
		{[]string{"--libxo", "html", "-n", "BEGIN"}, "", "dtrace: failed to set -x oformat: Value not supported on Linux\n", 1},
		{[]string{"-x", "linktype=DOF", "-e"}, "", "dtrace: failed to set -x linktype: Value not supported on Linux\n", 1},
		{[]string{"-x", "linktype=elf", "-e"}, "", "", 0},
		{[]string{"-e", "-xlockmem=unlimited", "-xknodefs", "-xdebug", "-xdisasm=1"}, "", "dtrace: option lockmem has no effect on Linux\ndtrace: option knodefs has no effect on Linux\ndtrace: option debug has no effect on Linux\ndtrace: option disasm has no effect on Linux\n", 0},
		{[]string{"-e", "-xbufsize=1m", "-xswitchrate=10hz", "-xdefaultargs", "-qwZF"}, "", "", 0},
		{[]string{"-s", filepath.Join(dir, "none.d")}, "", "dtrace: failed to open " + filepath.Join(dir, "none.d") + ": No such file or directory\n", 1},
		{[]string{"-p", "12x"}, "", "dtrace: invalid pid: 12x\n", 1},
		{[]string{"-h"}, "", "dtrace: -h requires one or more scripts or enabling options\n", 2},
		{[]string{"-G"}, "", "dtrace: -G requires one or more scripts or enabling options\n", 2},
		{[]string{"-l", "-B"}, "", "dtrace: -B not valid in combination with [-Gl] options\n", 2},
		{[]string{"-B", "-o", "x"}, "", "dtrace: -B not valid in combination with -o option\n", 2},
		{[]string{"-e", "-o", filepath.Join(dir, "no", "such")}, "", "dtrace: failed to open output file '" + filepath.Join(dir, "no", "such") + "': No such file or directory\n", 1},
	} {
		stdout, stderr, status := run(t, tc.args...)
		ok := stdout == tc.stdout && status == tc.status
		if p, prefix := strings.CutSuffix(tc.stderr, "..."); prefix {
			ok = ok && strings.HasPrefix(stderr, p)
		} else {
			ok = ok && stderr == tc.stderr
		}
		if !ok {
			t.Errorf("dtrace %q:\nstatus %d, want %d\nstdout %q, want %q\nstderr %q, want %q",
				tc.args, status, tc.status, stdout, tc.stdout, stderr, tc.stderr)
		}
	}
}

func TestUsageLayout(t *testing.T) {
	_, stderr, _ := run(t)
	lines := strings.Split(stderr, "\n")
	if len(lines) != 46 || lines[len(lines)-1] != "" {
		t.Fatalf("usage has %d lines:\n%s", len(lines), stderr)
	}
	for i, want := range map[int]string{
		1:  "\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]",
		4:  "\t[-P provider [[ predicate ] action ]]",
		8:  "\t[-i probe-id [[ predicate ] action ]] [ args ... ]",
		11: "\t   action -> '{' D-statements '}'",
		13: "\t-32 generate 32-bit D programs and ELF files",
		16: "\t-b  set trace buffer size",
		44: "\t-Z  permit probe descriptions that match zero probes",
	} {
		if lines[i] != want {
			t.Errorf("usage line %d = %q; want %q", i+1, lines[i], want)
		}
	}
}

func TestEnvironmentOptions(t *testing.T) {
	t.Setenv("DTRACE_OPT_BUFSIZE", "garbage") // ignored, as by DTrace
	t.Setenv("DTRACE_OPT_NSPEC", "4")
	c := &command{pname: "dtrace", stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("command ended: %v", r)
		}
	}()
	c.run([]string{"dtrace", "-e"})
	if v, _ := c.h.Options().Value("nspec"); v != 4 {
		t.Errorf("nspec = %d; want 4 from the environment", v)
	}
	if v, _ := c.h.Options().Value("bufsize"); v != 4<<20 {
		t.Errorf("bufsize = %d; want dtrace(8)'s 4m", v)
	}
}

func TestClauseOrder(t *testing.T) {
	c := &command{pname: "dtrace", h: dtrace.Open()}
	flags, words, err := getopt([]string{"-n", "BEGIN", "-s", "a.d", "17", "-P", "syscall", "-m", "vmlinux",
		"-f", "read", "-i", "3", "-s", "b.d", "word", "-q"})
	if err != nil {
		t.Fatal(err)
	}
	c.secondPass(flags)
	want := []clause{
		{spec: dtrace.SpecName, arg: "BEGIN"}, {file: true, arg: "a.d"}, {spec: dtrace.SpecProvider, arg: "syscall"},
		{spec: dtrace.SpecModule, arg: "vmlinux"}, {spec: dtrace.SpecFunction, arg: "read"}, {spec: dtrace.SpecName, arg: "3", id: true},
		{file: true, arg: "b.d"},
	}
	if len(c.clauses) != len(want) {
		t.Fatalf("clauses %+v", c.clauses)
	}
	for i := range want {
		if c.clauses[i] != want[i] {
			t.Errorf("clause %d = %+v; want %+v", i, c.clauses[i], want[i])
		}
	}
	if strings.Join(words, " ") != "17 word" || !c.h.Options().Bool("quiet") {
		t.Errorf("words %q quiet %v", words, c.h.Options().Bool("quiet"))
	}
}

func TestClauseName(t *testing.T) {
	for arg, want := range map[string]string{
		"BEGIN":                    "BEGIN",
		"syscall::read:entry{x++}": "syscall::read:entry",
		"BEGIN/1/{exit(0)}":        "BEGIN",
		"a.d":                      "a.d",
	} {
		if got := (&clause{arg: arg}).name(); got != want {
			t.Errorf("name(%q) = %q; want %q", arg, got, want)
		}
	}
}

func TestMain(m *testing.M) {
	os.Unsetenv("_DTRACE_TESTING")
	// The test binary is the dtrace command for the tests that must
	// run it as a process of its own (signals).
	if os.Getenv(asDtrace) != "" {
		os.Exit(Main(append([]string{"dtrace"}, os.Args[1:]...), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

func TestOptionForms(t *testing.T) {
	c := &command{pname: "dtrace", stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, exec: true}
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("command ended: %v; stderr %s", r, c.stderr)
		}
	}()
	c.run([]string{"dtrace", "-e", "-xquiet", "-x", "switchrate=10hz", "-xbufsize=1m", "-x", "nspec=3",
		"-xflowindent=no", "-F", "-qw", "-b2m", "-DX=1", "-U", "Y", "-I/inc", "-Xs", "-Z"})
	o := c.h.Options()
	for name, want := range map[string]int64{"switchrate": 1e8, "bufsize": 2 << 20, "nspec": 3, "aggsize": 4 << 20} {
		if v, _ := o.Value(name); v != want {
			t.Errorf("%s = %d; want %d", name, v, want)
		}
	}
	for _, name := range []string{"quiet", "flowindent", "destructive", "zdefs"} {
		if !o.Bool(name) {
			t.Errorf("%s not set", name)
		}
	}
	if got := strings.Join(o.CppArgs(), " "); got != "-DX=1 -UY -I/inc" || o.Text("stdc") != "s" {
		t.Errorf("cpp args %q stdc %q", got, o.Text("stdc"))
	}
}

func TestList(t *testing.T) {
	testutil.RequireRoot(t)
	const header = "   ID   PROVIDER            MODULE                          FUNCTION NAME\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-l", "-n", "BEGIN"}, header + "    1     dtrace                                                     BEGIN\n"},
		{[]string{"-l", "-i", "2", "-n", "dtrace:::BEGIN,dtrace:::ERROR"}, header +
			"    2     dtrace                                                     END\n" +
			"    1     dtrace                                                     BEGIN\n" +
			"    3     dtrace                                                     ERROR\n"},
		{[]string{"-l", "-P", "dtrace"}, header +
			"    1     dtrace                                                     BEGIN\n" +
			"    2     dtrace                                                     END\n" +
			"    3     dtrace                                                     ERROR\n"},
		{[]string{"-l", "-n", "nosuchprovider:::"}, header},
	} {
		stdout, stderr, status := run(t, tc.args...)
		if stdout != tc.want || stderr != "" || status != 0 {
			t.Errorf("dtrace %q: status %d\nstdout:\n%s\nwant:\n%s\nstderr: %s", tc.args, status, stdout, tc.want, stderr)
		}
	}
	stdout, _, status := run(t, "-l")
	if status != 0 || !strings.HasPrefix(stdout, header+"    1     dtrace ") || strings.Count(stdout, "\n") < 4 {
		t.Errorf("dtrace -l: status %d, output starts %.200q", status, stdout)
	}
}

// TestDisassembly checks that -S lists the generated code on stderr, with
// -e too, where nothing runs.
func TestDisassembly(t *testing.T) {
	testutil.RequireRoot(t)
	stdout, stderr, status := run(t, "-e", "-S", "-n", "BEGIN { trace(1); }")
	if status != 0 || stdout != "" {
		t.Fatalf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if !strings.HasPrefix(stderr, "\nDisassembly of clause :::BEGIN, <dt_clause_0>:\nINS  OFF    OPCODE") ||
		!strings.Contains(stderr, "call dt_output\n") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestKernelAddrFormat: %a prints a kernel address as module`symbol+offset
// in printf and for printa's keys, which loads the kernel's symbols just
// as a recorded stack or sym() does.
func TestKernelAddrFormat(t *testing.T) {
	testutil.RequireRoot(t)
	tb, err := ksym.Kernel()
	if err != nil {
		t.Skip(err)
	}
	ss := tb.Symbols("vfs_read")
	if len(ss) == 0 || ss[0].Size < 3 {
		t.Skip("no vfs_read in the kernel's symbols")
	}
	script := fmt.Sprintf(`BEGIN { printf("%%a\n", %#xULL); @[%#xULL] = count(); printa("%%a %%@d\n", @); exit(0); }`, ss[0].Addr+2, ss[0].Addr)
	out, errs, status := run(t, "-q", "-n", script)
	if want := "vmlinux`vfs_read+0x2\nvmlinux`vfs_read 1\n\n"; out != want || status != 0 {
		t.Errorf("got %q (status %d, stderr %q), want %q", out, status, errs, want)
	}
}
