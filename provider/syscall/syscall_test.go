package syscall_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/enable"
	"github.com/godtrace/godtrace/internal/conformance"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/registry"
)

// TestListVerbose compares `-lv syscall::read:entry` with what DTrace
// printed, except the probe id, which differs between systems.
func TestListVerbose(t *testing.T) {
	testutil.RequireRoot(t)
	want, err := os.ReadFile(filepath.Join(conformance.Dir(t), "recorded", "tst.list-verbose.r"))
	if os.IsNotExist(err) {
		t.Skip("conformance cases not present")
	}
	if err != nil {
		t.Fatal(err)
	}
	tab := registry.NewTable()
	ps, err := tab.Match(provider.ParseDesc("syscall::read:entry"))
	if err != nil || len(ps) != 1 {
		t.Fatalf("syscall::read:entry matched %v, %v", ps, err)
	}
	var buf bytes.Buffer
	if err := provider.WriteList(&buf, ps, true); err != nil {
		t.Fatal(err)
	}
	id := regexp.MustCompile(`(?m)^ *\d+ `)
	if g, w := id.ReplaceAllString(buf.String(), "ID "), id.ReplaceAllString(string(want), "ID "); g != w {
		t.Errorf("listing\n%s\nwant\n%s", g, w)
	}
	all, err := tab.Match(provider.ParseDesc("syscall:::entry"))
	if err != nil || len(all) < 300 {
		t.Errorf("syscall:::entry matched %d probes, %v", len(all), err)
	}
}

type collector struct{ recs []consume.Record }

func (c *collector) Record(r consume.Record) error {
	r.Data = append([]byte(nil), r.Data...)
	c.recs = append(c.recs, r)
	return nil
}
func (*collector) Fault(consume.Fault) error                 { return nil }
func (*collector) Drops(consume.DropKind, int, uint64) error { return nil }
func (*collector) SpecDrops(consume.SpecDrop, uint64) error  { return nil }

// thisProcess begins a hand-written clause that traces this process
// only: R6 = ctx and R7 = scratch, as the clause calling convention has
// them, then a jump to the label out for a firing in another process.
func thisProcess(out string) asm.Instructions {
	return asm.Instructions{
		asm.Mov.Reg(asm.R6, asm.R1), asm.Mov.Reg(asm.R7, asm.R2),
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.JNE.Imm(asm.R0, int32(os.Getpid()), out),
	}
}

// probeStmts are the statements one probe, named exactly, runs.
type probeStmts struct {
	desc  string
	stmts []*bpfrt.Stmt
}

// enableEach opens a session that switches buffers every 10 ms, closed
// when the test ends, and enables each probe with its statements.
func enableEach(t *testing.T, probes []probeStmts) *enable.Session {
	t.Helper()
	s, err := enable.Open(consume.Options{SwitchRate: 10 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	tab := registry.NewTable()
	var enabled []provider.Enabled
	for _, c := range probes {
		ps, err := tab.Match(provider.ParseDesc(c.desc))
		if err != nil || len(ps) != 1 {
			t.Fatalf("%s matched %v, %v", c.desc, ps, err)
		}
		enabled = append(enabled, provider.Enabled{Probe: ps[0], Stmts: c.stmts})
	}
	if err := s.Enable(tab, enabled); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestEntryReturn enables getpriority's entry and return (and a few more
// syscalls, to exercise the dispatch) with clauses that record arg0 and
// arg1 for this process only; the return clause exits.
func TestEntryReturn(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		t.Fatal(err)
	}
	rec := func(id int, exit bool) *bpfrt.Stmt {
		out := "out" + string(rune('a'+id))
		insns := append(thisProcess(out),
			asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(0), asm.DWord),
			asm.StoreMem(asm.R7, int16(l.Stage+8), asm.R1, asm.DWord),
			asm.LoadMem(asm.R1, asm.R7, bpfrt.MstArg(1), asm.DWord),
			asm.StoreMem(asm.R7, int16(l.Stage+16), asm.R1, asm.DWord),
		)
		if exit {
			insns = append(insns, asm.Mov.Imm(asm.R8, 0))
			insns = append(insns, l.Exit(asm.R7, asm.R8, "x"+out)...)
		}
		insns = append(insns, l.Output(asm.R6, asm.R7, 16)...)
		insns = append(insns, asm.Mov.Imm(asm.R0, 0).WithSymbol(out), asm.Return())
		return &bpfrt.Stmt{ID: id, Insns: insns, DataSize: 16, ArgsRead: 0b11}
	}
	s := enableEach(t, []probeStmts{
		{"syscall::getpriority:entry", []*bpfrt.Stmt{rec(0, false)}},
		{"syscall::getpriority:return", []*bpfrt.Stmt{rec(1, true)}},
		{"syscall::getppid:entry", []*bpfrt.Stmt{rec(2, false)}},
		{"syscall::setpriority:entry", []*bpfrt.Stmt{rec(3, false)}},
		{"syscall::getpgid:return", []*bpfrt.Stmt{rec(4, false)}},
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	go func() {
		for ctx.Err() == nil {
			unix.Syscall(unix.SYS_GETPRIORITY, unix.PRIO_PROCESS, 999999, 0)
			time.Sleep(time.Millisecond)
		}
	}()
	c := &collector{}
	if _, err := s.Run(ctx, c); err != nil {
		t.Fatal(err)
	}
	if ctx.Err() != nil {
		t.Fatal("getpriority:return never exited")
	}
	var entry, ret *consume.Record
	for i := range c.recs {
		switch c.recs[i].EP.ProbeName {
		case "syscall:vmlinux:getpriority:entry":
			if entry == nil {
				entry = &c.recs[i]
			}
		case "syscall:vmlinux:getpriority:return":
			ret = &c.recs[i]
		}
	}
	if entry == nil || ret == nil {
		t.Fatalf("records %v: want getpriority entry and return", c.recs)
	}
	u64 := func(b []byte, i int) uint64 { return binary.NativeEndian.Uint64(b[8*i:]) }
	if a0, a1 := u64(entry.Data, 0), u64(entry.Data, 1); a0 != unix.PRIO_PROCESS || a1 != 999999 {
		t.Errorf("entry args %d, %d; want %d, 999999", a0, a1, unix.PRIO_PROCESS)
	}
	esrch := uint64(^uint64(unix.ESRCH) + 1)
	if a0, a1 := u64(ret.Data, 0), u64(ret.Data, 1); a0 != esrch || a1 != esrch {
		t.Errorf("return args %#x, %#x; want -ESRCH twice", a0, a1)
	}
}

// BenchmarkEntryAll enables syscall:::entry (every syscall, one shared
// clause that counts into a global): the time to build, load and attach
// it, its size, and the kernel's run time per firing over 100ms of
// tracing.
func BenchmarkEntryAll(b *testing.B) {
	testutil.Require(b, feature.RawTracepoint)
	stabletest.BenchEnable(b, registry.NewTable, "syscall:::entry", 100*time.Millisecond, nil)
}

// TestSharedClause: probes that run the same clause share one firing
// block; each firing must still carry its own probe id and EPID.
func TestSharedClause(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		t.Fatal(err)
	}
	shared := thisProcess("s_out")
	shared = append(shared,
		asm.LoadMem(asm.R1, asm.R7, bpfrt.MstPRID, asm.Word),
		asm.StoreMem(asm.R7, int16(l.Stage+8), asm.R1, asm.DWord))
	shared = append(shared, l.Output(asm.R6, asm.R7, 8)...)
	shared = append(shared, asm.Mov.Imm(asm.R0, 0).WithSymbol("s_out"), asm.Return())
	exit := thisProcess("e_out")
	exit = append(exit, asm.Mov.Imm(asm.R8, 0))
	exit = append(exit, l.Exit(asm.R7, asm.R8, "e_x")...)
	exit = append(exit, asm.Mov.Imm(asm.R0, 0).WithSymbol("e_out"), asm.Return())
	sharedStmt := &bpfrt.Stmt{ID: 0, Insns: shared, DataSize: 8}
	exitStmt := &bpfrt.Stmt{ID: 1, Insns: exit}

	s := enableEach(t, []probeStmts{
		{"syscall::getppid:entry", []*bpfrt.Stmt{sharedStmt}},
		{"syscall::getpgid:entry", []*bpfrt.Stmt{sharedStmt}},
		{"syscall::getpriority:entry", []*bpfrt.Stmt{sharedStmt, exitStmt}},
	})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	// The calls start once tracing is active: getpriority ends the run,
	// and a first round made before that would end it with no record
	// of the other two.
	s.OnActive(func() {
		go func() {
			for ctx.Err() == nil {
				unix.Syscall(unix.SYS_GETPPID, 0, 0, 0)
				unix.Syscall(unix.SYS_GETPGID, 0, 0, 0)
				time.Sleep(5 * time.Millisecond)
				unix.Syscall(unix.SYS_GETPRIORITY, unix.PRIO_PROCESS, 0, 0)
			}
		}()
	})
	c := &collector{}
	if _, err := s.Run(ctx, c); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range c.recs {
		if got := binary.NativeEndian.Uint64(r.Data); got != uint64(r.EP.ProbeID) || r.EP.Stmt != sharedStmt {
			t.Errorf("record of EPID %d (%s) carries probe id %d", r.EP.EPID, r.EP.ProbeName, got)
		}
		seen[r.EP.ProbeName] = true
	}
	for _, n := range []string{"syscall:vmlinux:getppid:entry", "syscall:vmlinux:getpgid:entry", "syscall:vmlinux:getpriority:entry"} {
		if !seen[n] {
			t.Errorf("no record from %s", n)
		}
	}
}
