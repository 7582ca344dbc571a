package enable

import (
	"context"
	"encoding/binary"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/registry"
)

// collector is a consume.Handler that keeps everything it is given.
type collector struct {
	recs      []consume.Record
	faults    []consume.Fault
	drops     uint64
	specDrops [3]uint64 // by consume.SpecDrop
}

func (c *collector) Record(r consume.Record) error {
	r.Data = append([]byte(nil), r.Data...)
	c.recs = append(c.recs, r)
	return nil
}
func (c *collector) Fault(f consume.Fault) error                     { c.faults = append(c.faults, f); return nil }
func (c *collector) Drops(_ consume.DropKind, _ int, n uint64) error { c.drops += n; return nil }
func (c *collector) SpecDrops(kind consume.SpecDrop, n uint64) error {
	c.specDrops[kind] += n
	return nil
}

func requireRuntime(t testing.TB) {
	testutil.Require(t, feature.RawTracepoint, feature.ProgRunRawTP, feature.PerfEventProg, feature.SoftwarePerfEvents)
}

// layout is the layout sessions with the zero consume.Options use.
func layout(t testing.TB, cfg bpfrt.Config) *bpfrt.Layout {
	l, err := bpfrt.NewLayout(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// clause wraps a hand-written body in the clause calling convention:
// R6 = ctx, R7 = scratch, return 0 at the end.
func clause(id int, dataSize int, body ...asm.Instruction) *bpfrt.Stmt {
	insns := asm.Instructions{asm.Mov.Reg(asm.R6, asm.R1), asm.Mov.Reg(asm.R7, asm.R2)}
	insns = append(insns, body...)
	insns = append(insns, asm.Mov.Imm(asm.R0, 0), asm.Return())
	return &bpfrt.Stmt{ID: id, Insns: insns, DataSize: dataSize}
}

func stage(l *bpfrt.Layout, i int) int16 { return int16(l.Stage + bpfrt.RecHeaderSize + 8*i) }

func u64(b []byte, i int) uint64 { return binary.NativeEndian.Uint64(b[8*i:]) }

// run enables the probes named by descs (one slice of statements each),
// runs the session and returns what it delivered and the exit status.
func run(t *testing.T, opts consume.Options, probes map[string][]*bpfrt.Stmt) (*collector, int) {
	t.Helper()
	s := enable(t, opts, probes)
	defer s.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c := &collector{}
	status, err := s.Run(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if ctx.Err() != nil {
		t.Fatal("run did not end by exit()")
	}
	return c, status
}

// enable opens a session and enables the probes named by descs.
func enable(t *testing.T, opts consume.Options, probes map[string][]*bpfrt.Stmt) *Session {
	t.Helper()
	var descs []string
	var stmts [][]*bpfrt.Stmt
	for desc, ss := range probes {
		descs = append(descs, desc)
		stmts = append(stmts, ss)
	}
	return enableAll(t, opts, descs, stmts)
}

// enableAll opens a session and enables the probes descs names, in
// their order, the i'th running stmts[i].
func enableAll(tb testing.TB, opts consume.Options, descs []string, stmts [][]*bpfrt.Stmt) *Session {
	tb.Helper()
	s, err := Open(opts)
	if err != nil {
		tb.Fatal(err)
	}
	tab := registry.NewTable()
	var enabled []provider.Enabled
	for i, desc := range descs {
		ps, err := tab.Match(provider.ParseDesc(desc))
		if err != nil || len(ps) != 1 {
			tb.Fatalf("match %s: %v, %v", desc, ps, err)
		}
		enabled = append(enabled, provider.Enabled{Probe: ps[0], Stmts: stmts[i]})
	}
	if err := s.Enable(tab, enabled); err != nil {
		s.Close()
		tb.Fatal(err)
	}
	return s
}

// TestOnActive checks that the hook runs once, after BEGIN (whose exit()
// has left the activity at draining) and before any record is read.
func TestOnActive(t *testing.T) {
	requireRuntime(t)
	l := layout(t, bpfrt.Config{})
	body := append(asm.Instructions{asm.Mov.Imm(asm.R0, 1), asm.StoreMem(asm.R7, stage(l, 0), asm.R0, asm.DWord)}, l.Output(asm.R6, asm.R7, 8)...)
	body = append(body, asm.Mov.Imm(asm.R8, 0))
	body = append(body, l.Exit(asm.R7, asm.R8, "exit0")...)
	s := enable(t, consume.Options{}, map[string][]*bpfrt.Stmt{"dtrace:::BEGIN": {clause(0, 8, body...)}})
	defer s.Close()
	c := &collector{}
	calls, seen := 0, -1
	var activity bpfrt.Activity
	s.OnActive(func() {
		calls++
		seen = len(c.recs)
		st, err := s.Maps().ReadState()
		if err != nil {
			t.Error(err)
		}
		activity = st.Activity
	})
	if _, err := s.Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if calls != 1 || seen != 0 || activity != bpfrt.ActivityDraining || len(c.recs) != 1 {
		t.Errorf("hook called %d times, with %d records read and activity %v; %d records in all", calls, seen, activity, len(c.recs))
	}
}

func TestBeginRecord(t *testing.T) {
	requireRuntime(t)
	l := layout(t, bpfrt.Config{})
	const magic = 0x1122334455667788
	body := asm.Instructions{
		asm.LoadImm(asm.R0, magic, asm.DWord),
		asm.StoreMem(asm.R7, stage(l, 0), asm.R0, asm.DWord),
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.StoreMem(asm.R7, stage(l, 1), asm.R0, asm.DWord),
	}
	body = append(body, l.Output(asm.R6, asm.R7, 16)...)
	body = append(body, asm.Mov.Imm(asm.R8, 7))
	body = append(body, l.Exit(asm.R7, asm.R8, "exit0")...)
	c, status := run(t, consume.Options{}, map[string][]*bpfrt.Stmt{"dtrace:::BEGIN": {clause(0, 16, body...)}})
	if status != 7 {
		t.Errorf("exit status %d, want 7", status)
	}
	if len(c.recs) != 1 || len(c.faults) != 0 {
		t.Fatalf("got %d records and %d faults, want 1 and 0", len(c.recs), len(c.faults))
	}
	r := c.recs[0]
	if r.EP.EPID != 1 || r.EP.ProbeID != 1 || r.EP.ProbeName != "dtrace:::BEGIN" || r.EP.Stmt.ID != 0 {
		t.Errorf("record from %+v", *r.EP)
	}
	if r.CPU < 0 {
		t.Errorf("cpu %d", r.CPU)
	}
	if got := u64(r.Data, 0); got != magic {
		t.Errorf("constant %#x, want %#x", got, uint64(magic))
	}
	if got := u64(r.Data, 1); got != uint64(os.Getpid()) {
		t.Errorf("pid %d, want %d (BEGIN must fire in the dtrace process)", got, os.Getpid())
	}
}

// TestProfileTickExit counts profile-997 firings and tick-100hz firings in
// globals; the tenth tick calls exit(3); END reports both counts.
func TestProfileTickExit(t *testing.T) {
	requireRuntime(t)
	cfg := bpfrt.Config{GlobalsSize: 16}
	l := layout(t, cfg)
	const ticks = 10
	count := func(off int16, out string) asm.Instructions {
		add := asm.StoreXAdd(asm.R8, asm.R1, asm.DWord)
		add.Offset = off
		insns := l.LookupGlobals(asm.R8, asm.R7, out)
		return append(insns, asm.Mov.Imm(asm.R1, 1), add)
	}
	prof := clause(0, 0, append(count(0, "p_out"), asm.Mov.Imm(asm.R0, 0).WithSymbol("p_out"))...)
	tick := count(8, "t_out")
	tick = append(tick,
		asm.LoadMem(asm.R1, asm.R8, 8, asm.DWord),
		asm.JLT.Imm(asm.R1, ticks, "t_out"),
		asm.StoreMem(asm.R7, stage(l, 0), asm.R1, asm.DWord),
		asm.Mov.Imm(asm.R9, 3),
	)
	tick = append(tick, l.Exit(asm.R7, asm.R9, "t_exit")...)
	tick = append(tick, l.Output(asm.R6, asm.R7, 8)...)
	tick = append(tick, asm.Mov.Imm(asm.R0, 0).WithSymbol("t_out"))
	end := l.LookupGlobals(asm.R8, asm.R7, "e_out")
	end = append(end,
		asm.LoadMem(asm.R1, asm.R8, 0, asm.DWord),
		asm.StoreMem(asm.R7, stage(l, 0), asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, asm.R8, 8, asm.DWord),
		asm.StoreMem(asm.R7, stage(l, 1), asm.R1, asm.DWord),
	)
	end = append(end, l.Output(asm.R6, asm.R7, 16)...)
	end = append(end, asm.Mov.Imm(asm.R0, 0).WithSymbol("e_out"))

	start := time.Now()
	c, status := run(t, consume.Options{Config: cfg}, map[string][]*bpfrt.Stmt{
		"profile:::profile-997": {prof},
		"profile:::tick-100hz":  {clause(1, 8, tick...)},
		"dtrace:::END":          {clause(2, 16, end...)},
	})
	elapsed := time.Since(start)
	if status != 3 {
		t.Errorf("exit status %d, want 3", status)
	}
	if len(c.recs) != 2 {
		t.Fatalf("got %d records, want the exit tick's and END's", len(c.recs))
	}
	if r := c.recs[0]; r.EP.ProbeName != "profile:::tick-100hz" || u64(r.Data, 0) != ticks {
		t.Errorf("first record from %s with count %d, want tick-100hz with %d", r.EP.ProbeName, u64(r.Data, 0), ticks)
	}
	r := c.recs[1]
	if r.EP.ProbeName != "dtrace:::END" {
		t.Fatalf("last record from %s, want END", r.EP.ProbeName)
	}
	profs, tk := u64(r.Data, 0), u64(r.Data, 1)
	if tk != ticks {
		t.Errorf("END saw %d ticks, want %d (no tick may run after exit)", tk, ticks)
	}
	// 10 ticks at 100hz take ~100ms, in which profile-997 fires ~100 times
	// per CPU; allow a wide margin for a loaded machine.
	if profs < 20 {
		t.Errorf("END saw %d profile-997 firings in %v, want at least 20", profs, elapsed)
	}
	t.Logf("%d profile firings, %d ticks in %v", profs, tk, elapsed)
}

// TestFault: BEGIN clause 0 faults with BADADDR at 0x0; the fault record
// arrives, the ERROR clause runs with the fault as its arguments, and the
// next BEGIN clause still runs and calls exit(0).
func TestFault(t *testing.T) {
	requireRuntime(t)
	l := layout(t, bpfrt.Config{})
	faulting := append(asm.Instructions{asm.Mov.Imm(asm.R8, 0)}, l.Fault(asm.R6, asm.R7, bpfrt.FaultBadAddr, asm.R8, 175)...)
	var errBody asm.Instructions
	for i := range 6 {
		errBody = append(errBody,
			asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(i), asm.DWord),
			asm.StoreMem(asm.R7, stage(l, i), asm.R1, asm.DWord))
	}
	errBody = append(errBody, l.Output(asm.R6, asm.R7, 48)...)
	next := append(asm.Instructions{asm.Mov.Imm(asm.R8, 0)}, l.Exit(asm.R7, asm.R8, "x")...)
	next = append(next, l.Output(asm.R6, asm.R7, 0)...)

	c, status := run(t, consume.Options{}, map[string][]*bpfrt.Stmt{
		"dtrace:::BEGIN": {clause(0, 0, faulting...), clause(1, 0, next...)},
		"dtrace:::ERROR": {clause(2, 48, errBody...)},
	})
	if status != 0 {
		t.Errorf("exit status %d", status)
	}
	if len(c.faults) != 1 {
		t.Fatalf("%d faults, want 1", len(c.faults))
	}
	f := c.faults[0]
	const msg = "error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 175"
	if f.Error() != msg {
		t.Errorf("fault message\n%s\nwant\n%s", f.Error(), msg)
	}
	if f.Kind != bpfrt.FaultBadAddr || f.Value != 0 || f.PC != 175 || f.ProbeID != 1 || f.EP == nil || f.EP.Stmt.ID != 0 {
		t.Errorf("fault %+v", f)
	}
	if len(c.recs) != 2 {
		t.Fatalf("%d records, want ERROR's and BEGIN clause 1's", len(c.recs))
	}
	e := c.recs[0]
	if e.EP.ProbeName != "dtrace:::ERROR" || e.EP.ProbeID != 3 {
		t.Fatalf("first record from %s (id %d), want dtrace:::ERROR (3)", e.EP.ProbeName, e.EP.ProbeID)
	}
	want := []uint64{0, 1, 0, 175, uint64(bpfrt.FaultBadAddr), 0}
	for i, w := range want {
		if got := u64(e.Data, i); got != w {
			t.Errorf("ERROR arg%d = %d, want %d", i, got, w)
		}
	}
	if r := c.recs[1]; r.EP.ProbeName != "dtrace:::BEGIN" || r.EP.Stmt.ID != 1 {
		t.Errorf("second record from %s clause %d, want BEGIN clause 1", r.EP.ProbeName, r.EP.Stmt.ID)
	}
}

func countFDs(t testing.TB) int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	return len(ents)
}

// TestCleanup attaches profile and tick probes, runs to exit and checks that
// Close leaves no file descriptor and no program behind.
func TestCleanup(t *testing.T) {
	requireRuntime(t)
	before := countFDs(t)
	s, err := Open(consume.Options{SwitchRate: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	l := s.Maps().Layout
	tab := registry.NewTable()
	var enabled []provider.Enabled
	for _, d := range []string{"profile-4999", "tick-1000", "BEGIN"} {
		ps, err := tab.Match(provider.ParseDesc(d))
		if err != nil || len(ps) != 1 {
			t.Fatalf("match %s: %v %v", d, ps, err)
		}
		enabled = append(enabled, provider.Enabled{Probe: ps[0], Stmts: []*bpfrt.Stmt{clause(0, 0)}})
	}
	// A tick-1000 clause that exits.
	enabled[1].Stmts = []*bpfrt.Stmt{clause(1, 0, append([]asm.Instruction{asm.Mov.Imm(asm.R8, 0)}, l.Exit(asm.R7, asm.R8, "x")...)...)}
	if err := s.Enable(tab, enabled); err != nil {
		t.Fatal(err)
	}
	var ids []ebpf.ProgramID
	for _, p := range s.Programs() {
		info, err := p.Prog.Info()
		if err != nil {
			t.Fatal(err)
		}
		id, _ := info.ID()
		ids = append(ids, id)
	}
	if during := countFDs(t); during <= before {
		t.Errorf("%d fds while tracing, %d before: nothing was opened?", during, before)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := s.Run(ctx, &collector{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if after := countFDs(t); after != before {
		t.Errorf("%d fds after Close, %d before", after, before)
	}
	for _, id := range ids {
		// Links hold their program, so a program that is gone has no link.
		if p, err := ebpf.NewProgramFromID(id); !errors.Is(err, os.ErrNotExist) {
			if err == nil {
				p.Close()
			}
			t.Errorf("program %d still exists after Close: %v", id, err)
		}
	}
}

// TestInterrupt: a cancelled context (what SIGINT does) ends the run,
// END still fires and the status is 0.
func TestInterrupt(t *testing.T) {
	requireRuntime(t)
	l := layout(t, bpfrt.Config{})
	s, err := Open(consume.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tab := registry.NewTable()
	var enabled []provider.Enabled
	for _, d := range []string{"tick-1000", "END"} {
		ps, _ := tab.Match(provider.ParseDesc(d))
		enabled = append(enabled, provider.Enabled{Probe: ps[0], Stmts: []*bpfrt.Stmt{clause(len(enabled), 0, l.Output(asm.R6, asm.R7, 0)...)}})
	}
	if err := s.Enable(tab, enabled); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	c := &collector{}
	start := time.Now()
	status, err := s.Run(ctx, c)
	if err != nil || status != 0 {
		t.Fatalf("Run = %d, %v", status, err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("interrupted run took %v", d)
	}
	if n := len(c.recs); n < 10 || c.recs[n-1].EP.ProbeName != "dtrace:::END" {
		t.Fatalf("%d records, the last from %v; want ticks then END", n, c.recs)
	}
}

// TestFaultInError: a fault in an ERROR clause is reported but does not
// fire ERROR again.
func TestFaultInError(t *testing.T) {
	requireRuntime(t)
	l := layout(t, bpfrt.Config{})
	fault := func(kind bpfrt.FaultKind, pc int32) *bpfrt.Stmt {
		return clause(int(pc), 0, append(asm.Instructions{asm.Mov.Imm(asm.R8, 0)}, l.Fault(asm.R6, asm.R7, kind, asm.R8, pc)...)...)
	}
	exit := append(asm.Instructions{asm.Mov.Imm(asm.R8, 0)}, l.Exit(asm.R7, asm.R8, "x")...)
	c, _ := run(t, consume.Options{}, map[string][]*bpfrt.Stmt{
		"dtrace:::BEGIN": {fault(bpfrt.FaultBadAddr, 0), clause(2, 0, exit...)},
		"dtrace:::ERROR": {fault(bpfrt.FaultDivZero, 1)},
	})
	var got []string
	for _, f := range c.faults {
		got = append(got, f.Error())
	}
	want := []string{
		"error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 0",
		"error in dt_clause_1 for probe ID 3 (dtrace:::ERROR): divide-by-zero at BPF pc 1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("faults\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestProfileArgs: profile's arg0 is the kernel PC and arg1 the user PC,
// exactly one of them set. A spinning goroutine makes user samples likely.
func TestProfileArgs(t *testing.T) {
	requireRuntime(t)
	l := layout(t, bpfrt.Config{})
	body := asm.Instructions{
		asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(0), asm.DWord),
		asm.StoreMem(asm.R7, stage(l, 0), asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(1), asm.DWord),
		asm.StoreMem(asm.R7, stage(l, 1), asm.R1, asm.DWord),
	}
	body = append(body, l.Output(asm.R6, asm.R7, 16)...)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	s, err := Open(consume.Options{SwitchRate: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tab := registry.NewTable()
	ps, _ := tab.Match(provider.ParseDesc("profile-4999"))
	if err := s.Enable(tab, []provider.Enabled{{Probe: ps[0], Stmts: []*bpfrt.Stmt{clause(0, 16, body...)}}}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	c := &collector{}
	if _, err := s.Run(ctx, c); err != nil {
		t.Fatal(err)
	}
	const kernelBase = 0xffff800000000000
	user, kernel := 0, 0
	for _, r := range c.recs {
		k, u := u64(r.Data, 0), u64(r.Data, 1)
		switch {
		case k != 0 && u == 0 && k >= kernelBase:
			kernel++
		case k == 0 && u != 0 && u < kernelBase:
			user++
		default:
			t.Fatalf("arg0 %#x arg1 %#x: want exactly one of a kernel and a user PC", k, u)
		}
	}
	if kernel == 0 || user == 0 {
		t.Errorf("%d kernel and %d user samples in %d records, want some of each", kernel, user, len(c.recs))
	}
}

// TestDrops: one BEGIN firing outputs more records than a one-page buffer
// holds; the consumer reports the rest as drops on the CPU they were lost
// on, and every record is either delivered or counted.
func TestDrops(t *testing.T) {
	requireRuntime(t)
	cfg := bpfrt.Config{BufSize: os.Getpagesize()}
	l := layout(t, cfg)
	const n, size = 200, 56
	var body asm.Instructions
	for range n {
		body = append(body, l.Output(asm.R6, asm.R7, size)...)
	}
	body = append(body, asm.Mov.Imm(asm.R8, 0))
	body = append(body, l.Exit(asm.R7, asm.R8, "x")...)
	c, _ := run(t, consume.Options{Config: cfg}, map[string][]*bpfrt.Stmt{"dtrace:::BEGIN": {clause(0, size, body...)}})
	if c.drops == 0 {
		t.Fatalf("no drops: %d records delivered", len(c.recs))
	}
	if got := uint64(len(c.recs)) + c.drops; got != n {
		t.Errorf("%d records + %d drops = %d, want %d", len(c.recs), c.drops, got, n)
	}
}
