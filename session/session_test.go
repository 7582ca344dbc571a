package session

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/ctype/btfsrc"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/parser"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider/registry"
)

// compile parses, checks and generates src with its pragmas applied.
func compile(tb testing.TB, src string) (*cg.Program, *Probes, *option.Options) {
	tb.Helper()
	types := func(strsize int64) *ctype.Universe {
		srcs := []ctype.Source{ctype.NewC(), ctype.NewD(strsize)}
		if k, err := btfsrc.Kernel(); err == nil {
			srcs = append(srcs, k)
		}
		return ctype.NewUniverse(btfsrc.Module, srcs...)
	}
	macros := map[string]string{"target": "0"}
	for name, v := range map[string]int{"pid": os.Getpid(), "ppid": os.Getppid(), "uid": os.Getuid(), "gid": os.Getgid()} {
		macros[name] = strconv.Itoa(v)
	}
	prog, err := parser.ParseFile("test.d", []byte(src), &parser.Config{IsType: check.IsType(types(256)), Macros: macros})
	if err != nil {
		tb.Fatalf("parse: %v", err)
	}
	opts := option.New()
	for _, d := range prog.Decls {
		if p, ok := d.(*ast.Pragma); ok && len(p.Words) >= 3 && p.Words[0] == "D" && p.Words[1] == "option" {
			if err := opts.SetPragma(p.Words[2]); err != nil {
				tb.Fatalf("pragma: %v", err)
			}
		}
	}
	strsize, _ := opts.Value("strsize")
	info, err := check.Check(prog, &check.Config{Types: types(strsize), Options: opts})
	if err != nil {
		tb.Fatalf("check: %v", err)
	}
	probes := NewProbes(registry.NewTable())
	p, err := cg.Compile(prog, info, probes, opts, cg.HostTarget())
	if err != nil {
		tb.Fatalf("cg: %v", err)
	}
	return p, probes, opts
}

// run compiles and runs src, returning what it printed and its status.
func run(t *testing.T, src string) (stdout, stderr string, status int) {
	t.Helper()
	testutil.Require(t, feature.RawTracepoint, feature.ProgRunRawTP)
	p, probes, opts := compile(t, src)
	var out, errw bytes.Buffer
	s, err := Start(p, probes, opts, &out, &errw)
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	status, err = s.Run(ctx)
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return out.String(), errw.String(), status
}

func TestExitStatus(t *testing.T) {
	out, errs, status := run(t, "#pragma D option quiet\nBEGIN { printf(\"bye\\n\"); exit(3); }\n")
	if out != "bye\n\n" || errs != "" || status != 3 {
		t.Errorf("got %q, %q, %d; want \"bye\\n\\n\", \"\", 3", out, errs, status)
	}
}

// TestInstructionCounts reports the size of small programs as built (the
// whole program: trampoline, clauses and fault path) and checks that
// they stay small.
func TestInstructionCounts(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint, feature.PerfEventProg, feature.SoftwarePerfEvents)
	for _, c := range []struct {
		src  string
		most int
	}{
		{"BEGIN { exit(0); }", 120},
		{"profile-997 { x++; }", 120},
	} {
		p, probes, opts := compile(t, c.src)
		s, err := Start(p, probes, opts, io.Discard, io.Discard)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		for _, pr := range s.Programs() {
			t.Logf("%s: program %s: %d instructions (clause %d)", c.src, pr.Name, pr.Insns, len(p.Clauses[0].Stmt.Insns))
			if pr.Insns > c.most {
				t.Errorf("%s: %d instructions, want at most %d", c.src, pr.Insns, c.most)
			}
		}
		s.Close()
	}
}

// BenchmarkBeginExit measures the start-up of a run: maps created, BEGIN
// built, loaded and fired, the exit noticed, everything released.
func BenchmarkBeginExit(b *testing.B) {
	benchmarkRuns(b, "BEGIN { exit(0); }")
}

// benchmarkRuns measures runs of src to its end, start to release.
func benchmarkRuns(b *testing.B, src string) {
	testutil.Require(b, feature.RawTracepoint, feature.ProgRunRawTP)
	p, probes, opts := compile(b, src)
	for b.Loop() {
		s, err := Start(p, probes, opts, io.Discard, io.Discard)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.Run(context.Background()); err != nil {
			b.Fatal(err)
		}
		s.Close()
	}
}

// busyInKernel keeps every CPU busy inside the kernel (reading
// /dev/zero into a large buffer) until the returned function is called:
// an idle CPU of a virtual machine takes few cpu-clock samples, and a
// sample in user mode has no kernel stack, so tests of profile stacks
// need work the kernel does.
func busyInKernel(t *testing.T) (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, err := os.Open("/dev/zero")
			if err != nil {
				t.Error(err)
				return
			}
			defer f.Close()
			buf := make([]byte, 1<<20)
			for {
				select {
				case <-done:
					return
				default:
				}
				f.Read(buf)
			}
		}()
	}
	return func() { close(done); wg.Wait() }
}

// TestStack aggregates kernel stacks of profile-997 and checks that they
// come back symbolised, in the kernel's vmlinux module.
func TestStack(t *testing.T) {
	testutil.Require(t, feature.PerfEventProg, feature.SoftwarePerfEvents)
	defer busyInKernel(t)()
	out, errs, status := run(t, "#pragma D option quiet\nprofile-997 /arg0/ { @[stack()] = count(); }\ntick-300ms { exit(0); }\n")
	if errs != "" || status != 0 || !strings.Contains(out, "vmlinux`") {
		t.Errorf("got stdout %q stderr %q status %d, want symbolised stacks", out, errs, status)
	}
}

// BenchmarkBeginExitSmallBuffers is BenchmarkBeginExit with 64KB
// principal buffers, to tell the cost of mapping the default 4MB ones.
func BenchmarkBeginExitSmallBuffers(b *testing.B) {
	benchmarkRuns(b, "#pragma D option bufsize=64k\nBEGIN { exit(0); }")
}

// TestCharArray prints a kernel char array with %s and indexes it; the
// process is the test binary, whose name the kernel keeps.
func TestCharArray(t *testing.T) {
	out, errs, status := run(t, "#pragma D option quiet\nBEGIN { printf(\"[%s] [%s] %d\\n\", curthread->comm, execname, curthread->comm[0] == 's'); exit(0); }\n")
	if want := "[session.test] [session.test] 1\n\n"; out != want || errs != "" || status != 0 {
		t.Errorf("got %q, %q, %d; want %q", out, errs, status, want)
	}
}

// TestBucketsMatchAgg checks that the BPF side of quantize(),
// lquantize() and llquantize() picks the bucket package agg picks, for
// values around every edge.
func TestBucketsMatchAgg(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint, feature.ProgRunRawTP)
	vals := []int64{0, 1, -1, 2, -2, 3, 7, 8, 9, -9, 10, 99, 100, 101, 450, -450, 12345, 999999, 1000000, -1000000, 9999999, 10000000, 1 << 40, -(1 << 40), 1<<62 + 1, -1 << 63, 1<<63 - 1}
	var b strings.Builder
	b.WriteString("BEGIN {\n")
	for i, v := range vals {
		fmt.Fprintf(&b, "@q[%d] = quantize(%dLL); @l[%d] = lquantize(%dLL, -100, 500, 7); @ll[%d] = llquantize(%dLL, 10, 1, 6, 20);\n", i, v, i, v, i, v)
	}
	b.WriteString("exit(0); }\n")
	p, probes, opts := compile(t, b.String())
	s, err := Start(p, probes, opts, io.Discard, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, a := range s.out.aggs.Aggregations() {
		if len(a.Entries()) != len(vals) {
			t.Fatalf("@%s has %d entries, want %d", a.Name, len(a.Entries()), len(vals))
		}
		for _, e := range a.Entries() {
			v := vals[e.Keys[0].Int64()]
			var want int
			switch a.Func {
			case agg.Quantize:
				want = agg.QuantizeBucket(v)
			case agg.LQuantize:
				want = a.Params.LQuantizeBucket(v)
			default:
				want = a.Params.LLQuantizeBucket(v)
			}
			if got := slices.Index(e.Data, 1); got != want || slices.Max(e.Data) != 1 {
				t.Errorf("@%s: %d lands in bucket %d, want %d", a.Name, v, got, want)
			}
		}
	}
}

// TestSym aggregates the kernel functions profile-997 interrupts, by
// func() and mod(), and checks that they print as symbols and modules.
func TestSym(t *testing.T) {
	testutil.Require(t, feature.PerfEventProg, feature.SoftwarePerfEvents)
	defer busyInKernel(t)()
	out, errs, status := run(t, "#pragma D option quiet\nprofile-997 /arg0/ { @f[func(arg0)] = count(); @m[mod(arg0)] = count(); }\ntick-300ms { exit(0); }\n")
	if errs != "" || status != 0 || !strings.Contains(out, "vmlinux`") || !regexp.MustCompile(`(?m)^  vmlinux +[0-9]+$`).MatchString(out) {
		t.Errorf("got stdout %q stderr %q status %d, want functions and the vmlinux module", out, errs, status)
	}
}

func TestUserSymbolsOfExitedProcess(t *testing.T) {
	// A process gone before anything of it was looked up prints its
	// addresses raw, as DTrace does; a live one prints symbols.
	cmd := exec.Command("/bin/true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	p := format.Printer{Sym: symbols{user: newUserSyms(newMapFeed())}, StackIndent: 1}
	v := format.Value{Kind: format.KindUStack, Pid: cmd.Process.Pid, Frames: []uint64{0x401000, 0x7f0000001000, 0}}
	if got, want := string(p.AppendTrace(nil, v)), "\n 0x401000\n 0x7f0000001000\n"; got != want {
		t.Errorf("stack of an exited process = %q, want %q", got, want)
	}
	self := uint64(reflect.ValueOf(TestUserSymbolsOfExitedProcess).Pointer())
	v = format.Value{Kind: format.KindUMod, Pid: os.Getpid(), Bits: self}
	if got, want := string(p.AppendTrace(nil, v)), fmt.Sprintf("  %-50s", filepath.Base(os.Args[0])); got != want {
		t.Errorf("umod() of this test = %q, want %q", got, want)
	}
}

// aggpercpu prints each CPU's value under the total, every possible CPU,
// zero on those that did not see the tuple; tick fires on the first
// online CPU.
func TestAggPerCPU(t *testing.T) {
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		t.Fatal(err)
	}
	cpu0, err := firstOnlineCPU()
	if err != nil {
		t.Fatal(err)
	}
	out, errs, _ := run(t, `#pragma D option quiet
#pragma D option aggpercpu
int n;
tick-1ms /n < 3/ { @c["k"] = count(); @s = sum(n); n++; }
tick-1ms /n == 3/ { exit(0); }
`)
	var want strings.Builder
	want.WriteString("\n  k                                                                 3\n")
	for cpu := range ncpu {
		fmt.Fprintf(&want, "    [CPU %d]%17d\n", cpu, map[bool]int{true: 3}[cpu == cpu0])
	}
	want.WriteString("                3\n")
	for cpu := range ncpu {
		fmt.Fprintf(&want, "    [CPU %d]%17d\n", cpu, map[bool]int{true: 3}[cpu == cpu0])
	}
	if out != want.String() || errs != "" {
		t.Errorf("got %q, %q; want %q", out, errs, want.String())
	}
}

// firstOnlineCPU returns the lowest online CPU, where tick fires.
func firstOnlineCPU() (int, error) {
	b, err := os.ReadFile("/sys/devices/system/cpu/online")
	if err != nil {
		return 0, err
	}
	first, _, _ := strings.Cut(strings.TrimSpace(string(b)), "-")
	first, _, _ = strings.Cut(first, ",")
	return strconv.Atoi(first)
}

// setopt() changes the aggregation options for the printa() after it.
func TestSetoptAggOptions(t *testing.T) {
	out, errs, _ := run(t, `#pragma D option quiet
BEGIN {
	@["b"] = count(); @["a"] = count(); @["a"] = count(); @["c"] = count(); @["c"] = count(); @["c"] = count();
	printa("%s %@d\n", @);
	setopt("aggsortkey");
	printa("%s %@d\n", @);
	setopt("aggsortrev");
	printa("%s %@d\n", @);
	setopt("aggsortkey", "no");
	printa("%s %@d\n", @);
	setopt("aggsortrev", "off");
	setopt("agghist");
	printa(@);
	exit(0);
}
`)
	want := "b 1\na 2\nc 3\n" + "a 2\nb 1\nc 3\n" + "c 3\nb 1\na 2\n" + "c 3\na 2\nb 1\n" +
		"\n\n              key  ------------- Distribution ------------- count    \n" +
		"                b |@@@@@@@                                  1        \n" +
		"                a |@@@@@@@@@@@@@                            2        \n" +
		"                c |@@@@@@@@@@@@@@@@@@@@                     3        \n\n"
	if out != want || errs != "" {
		t.Errorf("got %q, %q; want %q", out, errs, want)
	}
}

// sym(), func() and mod() keys stand for their whole function or module:
// addresses within one function are one tuple.
func TestSymKeysMerge(t *testing.T) {
	testutil.RequireRoot(t)
	addr, err := kallsymsAddr("vfs_read")
	if err != nil {
		t.Fatal(err)
	}
	out, errs, _ := run(t, fmt.Sprintf(`#pragma D option quiet
BEGIN
{
	@f[func(%#x)] = count();
	@f[func(%#x)] = count();
	@s[sym(%#x)] = count();
	@m[mod(%#x)] = count();
	@m[mod(%#x)] = count();
	exit(0);
}
`, addr, addr+4, addr+8, addr, addr+16))
	for _, re := range []string{"(?m)^  vmlinux`vfs_read +2$", "(?m)^  vmlinux`vfs_read +1$", "(?m)^  vmlinux +2$"} {
		if !regexp.MustCompile(re).MatchString(out) || errs != "" {
			t.Errorf("output %q, %q lacks %s", out, errs, re)
		}
	}
}

// kallsymsAddr returns the address of a text symbol of the kernel.
func kallsymsAddr(name string) (uint64, error) {
	b, err := os.ReadFile("/proc/kallsyms")
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) == 3 && f[2] == name && (f[1] == "T" || f[1] == "t") {
			a, err := strconv.ParseUint(f[0], 16, 64)
			if err == nil && a != 0 {
				return a, nil
			}
		}
	}
	return 0, fmt.Errorf("%s not in /proc/kallsyms", name)
}
