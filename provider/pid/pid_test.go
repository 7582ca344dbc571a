package pid_test

import (
	"encoding/binary"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/enable"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/proc"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtrace"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/internal/uprobe"
	"github.com/godtrace/godtrace/provider/pid"
)

// build compiles testdata/target.c without optimisation, so add3 starts
// with push %rbp (1 byte) and mov %rsp,%rbp (3 bytes).
func build(t testing.TB) string {
	t.Helper()
	return stabletest.BuildC(t, "testdata/target.c", "-O0", "-fno-omit-frame-pointer")
}

type firing struct {
	probe string
	pid   uint64
	args  [3]uint64
	at    time.Time
}

type collector struct{ fs []firing }

func (c *collector) Record(r consume.Record) error {
	u := func(i int) uint64 { return binary.NativeEndian.Uint64(r.Data[8*i:]) }
	c.fs = append(c.fs, firing{probe: r.EP.ProbeName, pid: u(0), args: [3]uint64{u(1), u(2), u(3)}, at: time.Now()})
	return nil
}
func (*collector) Fault(consume.Fault) error                 { return nil }
func (*collector) Drops(consume.DropKind, int, uint64) error { return nil }
func (*collector) SpecDrops(consume.SpecDrop, uint64) error  { return nil }

// recordStmt is a clause that records the pid, arg0, arg1 and arg2.
func recordStmt(t testing.TB, id int) *bpfrt.Stmt {
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		t.Fatal(err)
	}
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R6, asm.R1), asm.Mov.Reg(asm.R7, asm.R2),
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.StoreMem(asm.R7, int16(l.Stage+8), asm.R0, asm.DWord),
	}
	for i := range 3 {
		insns = append(insns,
			asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(i), asm.DWord),
			asm.StoreMem(asm.R7, int16(l.Stage+16+8*i), asm.R1, asm.DWord))
	}
	insns = append(insns, l.Output(asm.R6, asm.R7, 32)...)
	insns = append(insns, asm.Mov.Imm(asm.R0, 0), asm.Return())
	return &bpfrt.Stmt{ID: id, Insns: insns, DataSize: 32}
}

// newTable is a table of the dtrace provider (for ERROR) and prov.
// newTable returns a pid provider and a table of it and the dtrace
// provider.
func newTable() (*pid.Provider, *provider.Table) {
	prov := pid.New()
	return prov, provider.NewTable([]provider.Provider{dtrace.New(), prov})
}

// matchesOnly checks that desc matches the probe p and no other.
func matchesOnly(t *testing.T, tab *provider.Table, prov *pid.Provider, p *provider.Probe, desc string) {
	t.Helper()
	if ps := stabletest.Claim(t, tab, prov, desc); len(ps) != 1 || ps[0] != p {
		t.Errorf("%s matched %v", desc, names(ps))
	}
}

// create starts bin with the argument arg, stopped as opts says, to be
// closed when the test ends.
func create(t *testing.T, bin, arg string, opts *proc.CreateOptions) *proc.Process {
	t.Helper()
	p, err := proc.Create([]string{bin, arg}, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

func names(ps []*provider.Probe) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Desc.String())
	}
	return out
}

// run enables descs (one recording clause each) of prov, continues the
// processes and collects until they have all exited.
func run(t testing.TB, tab *provider.Table, enabled []provider.Enabled, procs ...*proc.Process) (*collector, *enable.Session) {
	t.Helper()
	c := &collector{}
	s := stabletest.RunProcs(t, tab, enabled, c, func() []*proc.Process { return procs })
	return c, s
}

// TestFunction traces entry, return and the instruction at offset 4 of
// add3 in one process while a second process of the same binary runs:
// the second must not fire. Both are created stopped at exec, so the
// probes are in place before main.
func TestFunction(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	bin := build(t)
	const n = 5
	start := time.Now()
	a, err := proc.Create([]string{bin, strconv.Itoa(n)}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := proc.Create([]string{bin, strconv.Itoa(n)}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	prov, tab := newTable()
	target := "pid" + strconv.Itoa(a.Pid())

	all := stabletest.Claim(t, tab, prov, target+":a.out:add3:")
	got := names(all)
	for _, want := range []string{"entry", "return", "0", "1", "4"} {
		if !slices.Contains(got, target+":target:add3:"+want) {
			t.Errorf("%s:a.out:add3: made %v: no %s", target, got, want)
		}
	}
	if len(all) < 8 {
		t.Errorf("%s:a.out:add3: made only %v", target, got)
	}
	entries := names(stabletest.Claim(t, tab, prov, target+":a.out::entry"))
	for _, fn := range []string{"main", "add3"} {
		if !slices.Contains(entries, target+":target:"+fn+":entry") {
			t.Errorf("%s:a.out::entry made %v: no %s", target, entries, fn)
		}
	}
	if err := prov.Provide(tab, provider.ParseDesc(target+":a.out:add3:2")); err == nil {
		t.Errorf("add3:2 (inside mov %%rsp,%%rbp) was accepted")
	}
	var enabled []provider.Enabled
	for i, d := range []string{":target:add3:entry", ":a.out:add3:return", "::add3:4"} {
		ps := stabletest.Claim(t, tab, prov, target+d)
		if len(ps) != 1 {
			t.Fatalf("%s matched %v", d, names(ps))
		}
		enabled = append(enabled, provider.Enabled{Probe: ps[0], Stmts: []*bpfrt.Stmt{recordStmt(t, i)}})
	}
	c, s := run(t, tab, enabled, a, b)

	count := map[string]int{}
	for _, f := range c.fs {
		if f.pid != uint64(a.Pid()) {
			t.Fatalf("%s fired in process %d, not %d", f.probe, f.pid, a.Pid())
		}
		count[f.probe[len(target)+1:]]++
	}
	for _, p := range []string{"target:add3:entry", "target:add3:return", "target:add3:4"} {
		if count[p] != n {
			t.Errorf("%s fired %d times, want %d (all: %v)", p, count[p], n, count)
		}
	}
	// Records of different CPUs come out of order: compare sets.
	seen := map[string][]uint64{}
	for _, f := range c.fs {
		name := f.probe[len(target)+1:]
		want := [3]uint64{7, 11, f.args[2]}
		v := f.args[2]
		if name == "target:add3:return" {
			want, v = [3]uint64{0, f.args[1], 0}, (f.args[1]-7)/11
		}
		if f.args != want {
			t.Errorf("%s: args %v, want %v", name, f.args, want)
		}
		seen[name] = append(seen[name], v)
	}
	for name, vs := range seen {
		slices.Sort(vs)
		if !slices.Equal(vs, []uint64{0, 1, 2, 3, 4}) {
			t.Errorf("%s: i = %v, want 0-4 (return: (arg1-7)/11)", name, vs)
		}
	}
	if len(c.fs) > 0 {
		t.Logf("proc.Create to first firing: %v; %d programs", c.fs[0].at.Sub(start), len(s.Programs()))
	}
}

// TestLibc traces usleep in libc.so.6, which is mapped only once the
// dynamic linker has run: the process is created stopped at its entry.
func TestLibc(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	bin := build(t)
	p := create(t, bin, "3", &proc.CreateOptions{EvalTime: proc.EvalPreinit})
	prov, tab := newTable()
	target := "pid" + strconv.Itoa(p.Pid())
	ps := stabletest.Claim(t, tab, prov, target+":libc.so.6:usleep:entry")
	if len(ps) != 1 || ps[0].Module != "libc.so.6" {
		t.Fatalf("usleep:entry matched %v", names(ps))
	}
	for _, mod := range []string{"libc", "libc.so", "lib?.so*", modulePath(t, p.Pid(), "libc.so.6")} {
		matchesOnly(t, tab, prov, ps[0], target+":"+mod+":usleep:entry")
	}
	c, _ := run(t, tab, []provider.Enabled{{Probe: ps[0], Stmts: []*bpfrt.Stmt{recordStmt(t, 0)}}}, p)
	if len(c.fs) != 3 {
		t.Fatalf("usleep:entry fired %d times, want 3", len(c.fs))
	}
	for _, f := range c.fs {
		if f.args[0] != 1000 {
			t.Errorf("usleep arg0 = %d, want 1000", f.args[0])
		}
	}
}

// uregsStmt is a clause that records rdi and rip from its context, the
// user registers (struct pt_regs) that uregs[] reads.
func uregsStmt(t testing.TB) *bpfrt.Stmt {
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		t.Fatal(err)
	}
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R6, asm.R1), asm.Mov.Reg(asm.R7, asm.R2),
		bpfrt.StoreImm64(asm.R7, int16(l.Stage+8), 0),
		asm.LoadMem(asm.R1, asm.R6, 112, asm.DWord), // rdi
		asm.StoreMem(asm.R7, int16(l.Stage+16), asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, asm.R6, 128, asm.DWord), // rip
		asm.StoreMem(asm.R7, int16(l.Stage+24), asm.R1, asm.DWord),
		bpfrt.StoreImm64(asm.R7, int16(l.Stage+32), 0),
	}
	insns = append(insns, l.Output(asm.R6, asm.R7, 32)...)
	insns = append(insns, asm.Mov.Imm(asm.R0, 0), asm.Return())
	return &bpfrt.Stmt{ID: 1, Insns: insns, DataSize: 32}
}

// TestAbsolute names add3's first instruction by its address; a second
// clause reads the user registers from its context.
func TestAbsolute(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	bin := build(t)
	p := create(t, bin, "2", nil)
	prov, tab := newTable()
	target := "pid" + strconv.Itoa(p.Pid())
	entry := stabletest.Claim(t, tab, prov, target+":a.out:add3:entry")
	if len(entry) != 1 {
		t.Fatalf("add3:entry matched %v", names(entry))
	}
	addr := lookupAddr(t, p.Pid(), "add3")
	name := strconv.FormatUint(addr, 16)
	ps := stabletest.Claim(t, tab, prov, target+"::-:"+name)
	if len(ps) != 1 || ps[0].Desc != (provider.Desc{Provider: target, Module: "target", Function: "-", Name: name}) {
		t.Fatalf("-:%s matched %v", name, names(ps))
	}
	c, _ := run(t, tab, []provider.Enabled{{Probe: ps[0], Stmts: []*bpfrt.Stmt{recordStmt(t, 0), uregsStmt(t)}}}, p)
	if len(c.fs) != 4 || c.fs[0].args != [3]uint64{7, 11, 0} {
		t.Fatalf("firings %v, want 4 with 7, 11, 0 first", c.fs)
	}
	if regs := c.fs[1].args; regs != [3]uint64{7, addr, 0} {
		t.Errorf("uregs rdi, rip = %d, %#x; want 7, %#x", regs[0], regs[1], addr)
	}
}

// BenchmarkEntry measures the kernel's run time of the pid program per
// firing of add3:entry, as provider/syscall's benchmark does: with a
// clause that counts, and with one that records four values.
func BenchmarkEntry(b *testing.B) {
	b.Run("count", func(b *testing.B) { benchEntry(b, stabletest.CountStmt(b)) })
	b.Run("record", func(b *testing.B) { benchEntry(b, recordStmt(b, 0)) })
}

func benchEntry(b *testing.B, stmt *bpfrt.Stmt) {
	testutil.Require(b, feature.Uprobes)
	stabletest.EnableRunTimeStats(b)
	bin := build(b)
	var runtime time.Duration
	var runs uint64
	for b.Loop() {
		p, err := proc.Create([]string{bin, "500"}, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		prov, tab := newTable()
		ps := stabletest.Claim(b, tab, prov, "pid"+strconv.Itoa(p.Pid())+":a.out:add3:entry")
		_, s := run(b, tab, []provider.Enabled{{Probe: ps[0], Stmts: []*bpfrt.Stmt{stmt}}}, p)
		st, err := s.Programs()[0].Prog.Stats()
		if err != nil {
			b.Fatal(err)
		}
		runtime += st.Runtime
		runs += st.RunCount
		s.Close()
		p.Close()
	}
	stabletest.ReportFirings(b, runtime, runs)
}

// TestLibcEveryEntry enables every function entry of libc.so.6 (some
// thousands of probes in one program): they load and attach, usleep
// fires as often as the target calls it, and the functions uprobes
// cannot take are left out and named, not a failure of the whole.
func TestLibcEveryEntry(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	t.Run("multi", func(t *testing.T) {
		testutil.Require(t, feature.UprobeMulti)
		libcEveryEntry(t, "libc.so.6::entry")
	})
	t.Run("per-site", func(t *testing.T) {
		defer uprobe.PerSite()()
		// A uprobe per site takes long to attach and detach: the
		// functions of one letter are enough here.
		libcEveryEntry(t, "libc.so.6:u*:entry")
	})
}

func libcEveryEntry(t *testing.T, desc string) {
	bin := build(t)
	p := create(t, bin, "3", &proc.CreateOptions{EvalTime: proc.EvalPreinit})
	prov, tab := newTable()
	ps := stabletest.Claim(t, tab, prov, "pid"+strconv.Itoa(p.Pid())+":"+desc)
	if len(ps) < 20 {
		t.Fatalf("%s matched %d probes", desc, len(ps))
	}
	stmts := []*bpfrt.Stmt{recordStmt(t, 0)}
	enabled := make([]provider.Enabled, len(ps))
	for i, pr := range ps {
		enabled[i] = provider.Enabled{Probe: pr, Stmts: stmts}
	}
	c, s := run(t, tab, enabled, p)
	usleep := 0
	for _, f := range c.fs {
		if strings.HasSuffix(f.probe, ":usleep:entry") {
			usleep++
		}
	}
	if usleep != 3 {
		t.Errorf("usleep:entry fired %d times among %d firings, want 3", usleep, len(c.fs))
	}
	for _, err := range s.Refused() {
		var r provider.Refused
		if !errors.As(err, &r) || !strings.Contains(r.Where, "libc.so.6+0x") || r.Err == nil {
			t.Errorf("refused: %v", err)
		}
	}
	t.Logf("%d probes, %d firings, %d left out", len(ps), len(c.fs), len(s.Refused()))
}

// TestLibcAlias names a libc function by an alias, exactly: as DTrace
// does, the probe takes the name libproc gives the address (mmap for
// mmap64), and a description naming either name matches it.
func TestLibcAlias(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	bin := build(t)
	p := create(t, bin, "3", &proc.CreateOptions{EvalTime: proc.EvalPreinit})
	prov, tab := newTable()
	target := "pid" + strconv.Itoa(p.Pid())
	ps := stabletest.Claim(t, tab, prov, target+":libc.so.6:mmap64:entry")
	if len(ps) != 1 || ps[0].Function != "mmap" {
		t.Fatalf("mmap64:entry matched %v, want the probe of mmap", names(ps))
	}
	for _, fn := range []string{"mmap", "mmap64", "mm?p"} {
		matchesOnly(t, tab, prov, ps[0], target+":libc.so.6:"+fn+":entry")
	}
}
