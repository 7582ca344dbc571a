package usdt_test

import (
	"bytes"
	"cmp"
	"debug/elf"
	"encoding/binary"
	"os"
	"path/filepath"
	"slices"
	"strconv"
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
	"github.com/godtrace/godtrace/provider/usdt"
	"github.com/godtrace/godtrace/uelf"
)

// build compiles testdata/target.c, which needs systemtap-sdt-dev's
// <sys/sdt.h>.
func build(t testing.TB) string {
	t.Helper()
	return stabletest.BuildC(t, "testdata/target.c", "-O2")
}

const (
	nArgs  = 5
	strLen = 64
)

type firing struct {
	probe string
	pid   uint64
	args  [nArgs]uint64
	strs  [2]string
	at    time.Time
}

type collector struct{ fs []firing }

func (c *collector) Record(r consume.Record) error {
	u := func(i int) uint64 { return binary.NativeEndian.Uint64(r.Data[8*i:]) }
	f := firing{probe: r.EP.ProbeName, pid: u(0), at: time.Now()}
	for i := range nArgs {
		f.args[i] = u(1 + i)
	}
	for i := range f.strs {
		s := r.Data[8*(1+nArgs)+strLen*i:][:strLen]
		f.strs[i] = string(s[:max(0, bytes.IndexByte(s, 0))])
	}
	c.fs = append(c.fs, f)
	return nil
}

// byArg0 returns the firings of probe ordered by arg0: records of
// different CPUs come out of order.
func (c *collector) byArg0(probe string) []firing {
	var out []firing
	for _, f := range c.fs {
		if f.probe == probe {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b firing) int { return cmp.Compare(a.args[0], b.args[0]) })
	return out
}

func (*collector) Fault(consume.Fault) error                 { return nil }
func (*collector) Drops(consume.DropKind, int, uint64) error { return nil }
func (*collector) SpecDrops(consume.SpecDrop, uint64) error  { return nil }

// recordStmt is a clause that records the pid, arg0-arg4 and the strings
// that args s0 and s1 point to (read with bpf_probe_read_user_str).
func recordStmt(t testing.TB, id, s0, s1 int) *bpfrt.Stmt {
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		t.Fatal(err)
	}
	data := int16(l.Stage + bpfrt.RecHeaderSize)
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R6, asm.R1), asm.Mov.Reg(asm.R7, asm.R2),
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.StoreMem(asm.R7, data, asm.R0, asm.DWord),
	}
	for i := range nArgs {
		insns = append(insns,
			asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(i), asm.DWord),
			asm.StoreMem(asm.R7, data+int16(8+8*i), asm.R1, asm.DWord))
	}
	for k, a := range []int{s0, s1} {
		insns = append(insns,
			asm.Mov.Reg(asm.R1, asm.R7),
			asm.Add.Imm(asm.R1, int32(data)+int32(8*(1+nArgs)+strLen*k)),
			asm.Mov.Imm(asm.R2, strLen),
			asm.LoadMem(asm.R3, asm.R7, bpfrt.MstArg(a), asm.DWord),
			asm.FnProbeReadUserStr.Call())
	}
	size := 8*(1+nArgs) + 2*strLen
	insns = append(insns, l.Output(asm.R6, asm.R7, size)...)
	insns = append(insns, asm.Mov.Imm(asm.R0, 0), asm.Return())
	return &bpfrt.Stmt{ID: id, Insns: insns, DataSize: size}
}

func newTable(prov provider.Provider) *provider.Table {
	return provider.NewTable([]provider.Provider{dtrace.New(), prov})
}

func one(t testing.TB, tab *provider.Table, prov *usdt.Provider, d string) *provider.Probe {
	t.Helper()
	ps := stabletest.Claim(t, tab, prov, d)
	if len(ps) != 1 {
		var names []string
		for _, p := range ps {
			names = append(names, p.Desc.String())
		}
		t.Fatalf("%s matched %v, want one probe", d, names)
	}
	return ps[0]
}

// run enables the probes, then continues the processes that start
// returns and collects until they have all exited.
func run(t testing.TB, tab *provider.Table, enabled []provider.Enabled, start func() []*proc.Process) *collector {
	t.Helper()
	c := &collector{}
	stabletest.RunProcs(t, tab, enabled, c, start)
	return c
}

func create(t testing.TB, argv ...string) *proc.Process {
	t.Helper()
	p, err := proc.Create(argv, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// TestArgs traces test:args alone: an int and a long in registers, a
// string pointer, the semaphore of test:guarded (a %rip-relative symbol
// in a PIE, read from memory) and a constant. test:guarded is not
// traced, so its semaphore stays 0 and its site never runs.
func TestArgs(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	bin := build(t)
	const n = 4
	start := time.Now()
	p := create(t, bin, strconv.Itoa(n))
	prov := usdt.New()
	tab := newTable(prov)
	target := "test" + strconv.Itoa(p.Pid())
	pr := one(t, tab, prov, target+":::args")
	if pr.Desc != (provider.Desc{Provider: target, Module: "target", Function: "main", Name: "args"}) {
		t.Errorf("probe %s", pr.Desc)
	}
	info, err := prov.Info(pr)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for _, a := range info.Args {
		types = append(types, a.Type())
	}
	if got, want := types, []string{"int32_t", "int64_t", "uint64_t", "uint16_t", "int32_t"}; !equal(got, want) {
		t.Errorf("argument types %v, want %v", got, want)
	}
	c := run(t, tab, []provider.Enabled{{Probe: pr, Stmts: []*bpfrt.Stmt{recordStmt(t, 0, 2, 2)}}}, procs(p))
	if len(c.fs) != n {
		t.Fatalf("%d firings, want %d", len(c.fs), n)
	}
	t.Logf("proc.Create to first firing: %v", c.fs[0].at.Sub(start))
	for i, f := range c.byArg0(pr.Desc.String()) {
		want := [nArgs]uint64{uint64(i), uint64(-5 - int64(i)), f.args[2], 0, 42}
		if f.args != want || f.strs[0] != "msg"+strconv.Itoa(i) {
			t.Errorf("firing %d: args %d %q, want %d", i, f.args, f.strs[0], want)
		}
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestMemoryOperand traces test:mem, whose argument is an array element
// read from memory at base + index*scale.
func TestMemoryOperand(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	bin := build(t)
	const n = 10
	p := create(t, bin, strconv.Itoa(n))
	prov := usdt.New()
	tab := newTable(prov)
	mem := one(t, tab, prov, "test"+strconv.Itoa(p.Pid())+"::main:mem")
	c := run(t, tab, []provider.Enabled{{Probe: mem, Stmts: []*bpfrt.Stmt{recordStmt(t, 0, 2, 2)}}}, procs(p))
	var got []uint64
	for _, f := range c.fs {
		got = append(got, f.args[0])
	}
	slices.Sort(got)
	want := []uint64{0, 0, 1, 1, 4, 9, 16, 25, 36, 49} // squares[i & 7], i < 10
	if !slices.Equal(got, want) {
		t.Errorf("arg0 values %v, want %v", got, want)
	}
}

// TestGuarded traces test:guarded too: the kernel raises its semaphore,
// which test:args reports as 1, and the guarded site fires.
func TestGuarded(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	bin := build(t)
	const n = 3
	p := create(t, bin, strconv.Itoa(n))
	prov := usdt.New()
	tab := newTable(prov)
	target := "test" + strconv.Itoa(p.Pid())
	args := one(t, tab, prov, target+":a.out::args")
	guarded := one(t, tab, prov, target+":target:main:guarded")
	c := run(t, tab, []provider.Enabled{
		{Probe: args, Stmts: []*bpfrt.Stmt{recordStmt(t, 0, 2, 2)}},
		{Probe: guarded, Stmts: []*bpfrt.Stmt{recordStmt(t, 1, 0, 0)}},
	}, procs(p))
	as, gs := c.byArg0(args.Desc.String()), c.byArg0(guarded.Desc.String())
	if len(as) != n || len(gs) != n {
		t.Fatalf("args fired %d times, guarded %d; want %d each", len(as), len(gs), n)
	}
	for i := range n {
		if as[i].args[3] != 1 {
			t.Errorf("args %d: semaphore %d, want 1", i, as[i].args[3])
		}
		if gs[i].args[0] != uint64(3*i) {
			t.Errorf("guarded %d: arg0 %d, want %d", i, gs[i].args[0], 3*i)
		}
	}
}

// TestGlobAndPath finds a running process's probes with a glob over
// providers and processes, and traces a file by path (no pid) in a
// process started after the probe was attached.
func TestGlobAndPath(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	bin := build(t)
	running := create(t, bin, "1000000")
	if err := running.Continue(); err != nil {
		t.Fatal(err)
	}
	prov := usdt.New()
	tab := newTable(prov)
	want := "test" + strconv.Itoa(running.Pid()) + ":target:main:guarded"
	found := false
	for _, p := range stabletest.Claim(t, tab, prov, "tes?*:::guarded") {
		found = found || p.Desc.String() == want
	}
	if !found {
		t.Errorf("tes?*:::guarded did not find %s", want)
	}
	running.Kill()

	guarded := one(t, tab, prov, "test:"+bin+"::guarded")
	if guarded.Desc != (provider.Desc{Provider: "test", Module: bin, Function: "main", Name: "guarded"}) {
		t.Errorf("probe %s", guarded.Desc)
	}
	var later *proc.Process
	c := run(t, tab, []provider.Enabled{{Probe: guarded, Stmts: []*bpfrt.Stmt{recordStmt(t, 0, 0, 0)}}}, func() []*proc.Process {
		later = create(t, bin, "2")
		return []*proc.Process{later}
	})
	if len(c.fs) != 2 {
		t.Fatalf("%d firings of %s, want 2", len(c.fs), guarded.Desc)
	}
	for i, f := range c.byArg0(guarded.Desc.String()) {
		if f.pid != uint64(later.Pid()) || f.args[0] != uint64(3*i) {
			t.Errorf("firing %d in process %d with arg0 %d, want %d and %d", i, f.pid, f.args[0], later.Pid(), 3*i)
		}
	}
}

func procs(ps ...*proc.Process) func() []*proc.Process {
	return func() []*proc.Process { return ps }
}

// pyScript calls hello twice. CPython 3.11 reaches its function__entry
// site for plain Python-to-Python calls only while a trace or profile
// function is set (the site sits in the eval loop's tracing path; without
// one only generator and coroutine starts fire it), hence setprofile.
const pyScript = `import sys
sys.setprofile(lambda *a: None)


def hello():
    return 1


hello()
hello()
`

// TestPython traces function__entry of Debian's python3.11 (a probe with
// a semaphore, which CPython tests before each call) running a script:
// its arguments are the file name, the function name and the line.
func TestPython(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	const python = "/usr/bin/python3.11"
	if _, err := os.Stat(python); err != nil {
		t.Fatal("this test needs Debian's python3.11:", err)
	}
	script := filepath.Join(t.TempDir(), "tiny.py")
	if err := os.WriteFile(script, []byte(pyScript), 0o644); err != nil {
		t.Fatal(err)
	}
	p := create(t, python, "-S", script)
	prov := usdt.New()
	tab := newTable(prov)
	pr := one(t, tab, prov, "python"+strconv.Itoa(p.Pid())+":::function__entry")
	if pr.Name != "function-entry" {
		t.Errorf("probe %s", pr.Desc)
	}
	c := run(t, tab, []provider.Enabled{{Probe: pr, Stmts: []*bpfrt.Stmt{recordStmt(t, 0, 0, 1)}}}, procs(p))
	var hellos int
	for _, f := range c.fs {
		if f.strs[0] == script && f.strs[1] == "hello" {
			if f.args[2] != 5 {
				t.Errorf("hello at line %d, want 5", f.args[2])
			}
			hellos++
		}
	}
	if hellos != 2 {
		t.Errorf("%d firings of hello in %s, want 2 (of %d)", hellos, script, len(c.fs))
	}
}

// TestSemaphoreReleased: while test:guarded is traced the kernel holds its
// semaphore at 1 in the process; closing the session detaches the uprobe
// and the kernel puts it back to 0.
func TestSemaphoreReleased(t *testing.T) {
	testutil.Require(t, feature.Uprobes)
	bin := build(t)
	p := create(t, bin, "1000000")
	defer p.Kill()
	prov := usdt.New()
	tab := newTable(prov)
	g := one(t, tab, prov, "test"+strconv.Itoa(p.Pid())+":::guarded")
	addr := semaphoreAddr(t, p.Pid(), bin, "guarded")
	s, err := enable.Open(consume.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Enable(tab, []provider.Enabled{{Probe: g, Stmts: []*bpfrt.Stmt{recordStmt(t, 0, 0, 0)}}}); err != nil {
		t.Fatal(err)
	}
	if err := p.Continue(); err != nil {
		t.Fatal(err)
	}
	read := func() uint16 {
		b := make([]byte, 2)
		if err := proc.ReadMemory(p.Pid(), addr, b); err != nil {
			t.Fatal(err)
		}
		return binary.LittleEndian.Uint16(b)
	}
	if v := read(); v != 1 {
		t.Errorf("semaphore %d while traced, want 1", v)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if v := read(); v != 0 {
		t.Errorf("semaphore %d after detach, want 0", v)
	}
}

// semaphoreAddr returns the run-time address of the semaphore of probe
// name of the PIE bin in process pid: its ELF address plus the load
// address of the file's first mapping (a PIE's first segment is at 0).
func semaphoreAddr(t *testing.T, pid int, bin, name string) uint64 {
	t.Helper()
	f, err := uelf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	var sem uint64
	for _, s := range f.Probes() {
		if s.Name == name {
			sem = s.Semaphore
		}
	}
	p, err := uelf.NewProcess(pid)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range p.Modules() {
		if m.IsMain && sem != 0 && f.Type == elf.ET_DYN {
			return m.Mappings[0].Start + sem
		}
	}
	t.Fatalf("no semaphore of %s in %s mapped in %d", name, bin, pid)
	return 0
}

// BenchmarkArgs measures the kernel's run time per firing of test:args
// (five arguments: registers, a memory read and a constant) with a clause
// that only counts.
func BenchmarkArgs(b *testing.B) {
	testutil.Require(b, feature.Uprobes)
	stabletest.EnableRunTimeStats(b)
	count := stabletest.CountStmt(b)
	bin := build(b)
	var runtime time.Duration
	var runs uint64
	for b.Loop() {
		p := create(b, bin, "500")
		prov := usdt.New()
		tab := newTable(prov)
		pr := one(b, tab, prov, "test"+strconv.Itoa(p.Pid())+":::args")
		s, err := enable.Open(consume.Options{SwitchRate: 10 * time.Millisecond})
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Enable(tab, []provider.Enabled{{Probe: pr, Stmts: []*bpfrt.Stmt{count}}}); err != nil {
			b.Fatal(err)
		}
		if err := s.Maps().SetActivity(bpfrt.ActivityActive); err != nil {
			b.Fatal(err)
		}
		if err := p.Continue(); err != nil {
			b.Fatal(err)
		}
		<-p.Done()
		st, err := s.Programs()[0].Prog.Stats()
		if err != nil {
			b.Fatal(err)
		}
		runtime += st.Runtime
		runs += st.RunCount
		s.Close()
	}
	stabletest.ReportFirings(b, runtime, runs)
}
