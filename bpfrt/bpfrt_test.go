package bpfrt

import (
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"
)

func TestLayout(t *testing.T) {
	l, err := NewLayout(Config{})
	if err != nil {
		t.Fatal(err)
	}
	offs := []int{0, l.Save, l.FaultRec, l.This, l.Str, l.Stage, l.Size}
	for i := 1; i < len(offs); i++ {
		if offs[i] <= offs[i-1] || offs[i]%8 != 0 {
			t.Errorf("areas out of order or misaligned: %v", offs)
		}
	}
	if l.Stage+l.RecordSize != l.Size || l.RecordSize != DefaultRecordSize {
		t.Errorf("stage %d + %d != size %d", l.Stage, l.RecordSize, l.Size)
	}
	if l, err := NewLayout(Config{BufSize: 1024}); err != nil || l.RecordSize != 1024 {
		t.Errorf("record size not bounded by bufsize: %v %v", l, err)
	}
	if _, err := NewLayout(Config{RecordSize: 64 << 10, BufSize: 1 << 20}); err == nil || !strings.Contains(err.Error(), "per-CPU limit") {
		t.Errorf("oversized scratch: %v", err)
	}
}

func TestEPTable(t *testing.T) {
	var tab EPTable
	s0, s1 := &Stmt{ID: 0}, &Stmt{ID: 1}
	a := tab.Add(1, "dtrace:::BEGIN", s0)
	b := tab.Add(1, "dtrace:::BEGIN", s1)
	c := tab.Add(4, "profile:::tick-1", s0)
	if a != 1 || b != 2 || c != 3 || tab.Add(1, "dtrace:::BEGIN", s0) != 1 {
		t.Fatalf("epids %d %d %d", a, b, c)
	}
	if e := tab.Lookup(3); e.ProbeID != 4 || e.Stmt != s0 || e.ProbeName != "profile:::tick-1" {
		t.Errorf("Lookup(3) = %+v", e)
	}
	if tab.Lookup(0) != nil || tab.Lookup(4) != nil {
		t.Error("Lookup of unknown epid")
	}
}

func TestDecodeFault(t *testing.T) {
	rec := make([]byte, FaultRecSize)
	ne := binary.NativeEndian
	ne.PutUint32(rec[faultEPID:], 5)
	ne.PutUint32(rec[faultPRID:], 1)
	ne.PutUint64(rec[faultKind:], uint64(FaultDivZero))
	ne.PutUint64(rec[faultValue:], 0xdead)
	ne.PutUint64(rec[faultPC:], 181)
	ne.PutUint64(rec[faultStmt:], 2)
	f, err := DecodeFault(rec)
	if err != nil {
		t.Fatal(err)
	}
	if f != (FaultRec{EPID: 5, ProbeID: 1, Kind: FaultDivZero, Value: 0xdead, PC: 181, Stmt: 2}) {
		t.Errorf("DecodeFault = %+v", f)
	}
	if _, err := DecodeFault(rec[:20]); err == nil {
		t.Error("short fault record decoded")
	}
	if _, err := RecordEPID(rec[:3]); err == nil {
		t.Error("short record has an EPID")
	}
}

func TestFaultNames(t *testing.T) {
	for k, want := range map[FaultKind]string{
		FaultBadAddr: "invalid address", FaultDivZero: "divide-by-zero", FaultIllOp: "illegal operation",
		FaultBadAlign: "invalid alignment", FaultKPriv: "invalid kernel access", FaultUPriv: "invalid user access",
		FaultTupOflow: "tuple stack overflow", FaultBadStack: "bad stack", FaultNoScratch: "out of scratch space",
		FaultBadSize: "invalid size", FaultBadIndex: "index out of bounds", FaultUnknown: "unknown fault", 99: "unknown fault",
	} {
		if k.String() != want {
			t.Errorf("%d: %q, want %q", k, k.String(), want)
		}
	}
	if !FaultBadAddr.HasValue() || FaultDivZero.HasValue() {
		t.Error("HasValue")
	}
	for k, want := range map[FaultKind]string{FaultBadAddr: " (0x10)", FaultBadIndex: " (-1)", FaultDivZero: ""} {
		v := uint64(16)
		if k == FaultBadIndex {
			v = 1<<64 - 1
		}
		if got := k.ValueText(v); got != want {
			t.Errorf("%v: ValueText %q, want %q", k, got, want)
		}
	}
}

// symbols lists the BPF functions in a program.
func symbols(insns asm.Instructions) []string {
	var out []string
	for _, ins := range insns {
		if s := ins.Symbol(); s != "" && !strings.HasPrefix(s, "dt_tramp") && !strings.HasPrefix(s, "dt_err_") && !strings.HasPrefix(s, "dt_kst_") {
			out = append(out, s)
		}
	}
	return out
}

func TestBuilderLinksOnlyWhatIsCalled(t *testing.T) {
	l, _ := NewLayout(Config{})
	ret := asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}
	faulting := append(l.Fault(asm.R6, asm.R7, FaultBadAddr, asm.R8, 3), ret...)
	plain := &Stmt{ID: 0, Insns: ret}
	bad := &Stmt{ID: 1, Insns: faulting}
	errPlain := &Stmt{ID: 2, Insns: ret}
	errBad := &Stmt{ID: 3, Insns: faulting}
	ref := ProbeRef{ID: 1, Name: "dtrace:::BEGIN"}
	errRef := ProbeRef{ID: 3, Name: "dtrace:::ERROR"}

	for _, c := range []struct {
		stmts, errStmts []*Stmt
		want            string
	}{
		{[]*Stmt{plain}, []*Stmt{errPlain}, "dt_clause_0"},
		{[]*Stmt{plain, bad, plain}, nil, "dt_clause_0 dt_clause_1 dt_error"},
		{[]*Stmt{bad}, []*Stmt{errPlain}, "dt_clause_1 dt_error dt_clause_2"},
		{[]*Stmt{bad}, []*Stmt{errBad}, "dt_clause_1 dt_error dt_clause_3 dt_error_leaf"},
	} {
		var eps EPTable
		b := NewBuilder(l, &eps, errRef, c.errStmts)
		b.Fire(ref, ActivityInactive, c.stmts)
		insns := b.Program()
		if got := strings.Join(symbols(insns), " "); got != c.want {
			t.Errorf("functions %q, want %q", got, c.want)
		}
		// The ERROR clause must not call dt_error: the verifier forbids
		// recursion.
		if c.errStmts != nil && c.want != "dt_clause_0" {
			n := len(insns)
			for i := range insns {
				if insns[i].Symbol() == c.errStmts[0].Symbol() {
					n = i
				}
			}
			if callsTo(insns[n:], ErrorFunc) {
				t.Errorf("ERROR clause calls %s", ErrorFunc)
			}
		}
	}
}

func TestEPTableBlock(t *testing.T) {
	var tab EPTable
	s0, s1 := &Stmt{ID: 0}, &Stmt{ID: 1}
	tab.Add(9, "x:::y", s0)
	probes := []ProbeRef{{ID: 10, Name: "a:::b"}, {ID: 12, Name: "a:::c"}}
	base := tab.AddBlock(probes, []*Stmt{s0, s1})
	if base != 2 {
		t.Fatalf("base %d, want 2", base)
	}
	for i, p := range probes {
		for j, s := range []*Stmt{s0, s1} {
			e := tab.Lookup(base + uint32(i*2+j))
			if e.ProbeID != p.ID || e.Stmt != s {
				t.Errorf("epid %d = %+v, want probe %d stmt %d", base+uint32(i*2+j), *e, p.ID, s.ID)
			}
		}
	}
	if tab.Add(12, "a:::c", s1) != 5 {
		t.Error("Add does not find a block's EPID")
	}
}

func TestBuilderStackSite(t *testing.T) {
	l, _ := NewLayout(Config{})
	ret := asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}
	kstack := append(asm.Instructions{asm.Call.Label(StackSkipFunc), asm.Call.Label(StackTrimFunc)}, ret...)
	faulting := append(append(asm.Instructions{}, kstack[:2]...), append(l.Fault(asm.R6, asm.R7, FaultBadAddr, asm.R8, 3), ret...)...)
	clause := &Stmt{ID: 0, Insns: faulting}
	errClause := &Stmt{ID: 1, Insns: kstack}
	var eps EPTable
	b := NewBuilder(l, &eps, ProbeRef{ID: 3, Name: "dtrace:::ERROR"}, []*Stmt{errClause})
	b.Fire(ProbeRef{ID: 1, Name: "syscall::getppid:entry"}, ActivityActive, []*Stmt{clause})
	if !b.TakesKernelStacks() {
		t.Fatal("a clause calling dt_kstack_skip takes no kernel stacks")
	}
	b.SetStackSite(StackSite{BPFFrames: 2, Plumbing: []Range{{Start: 0xffffffff81000000, Size: 0x40}}, Caller: Range{Start: 0xffffffff81001000, Size: 0x400}})
	insns := b.Program()
	want := "dt_clause_0 dt_kstack_skip dt_error dt_clause_1 dt_kstack_skip_err dt_kstack_trim"
	if got := strings.Join(symbols(insns), " "); got != want {
		t.Errorf("functions %q, want %q", got, want)
	}
	// Each variant skips its own depth of BPF frames: the clause and the
	// trampoline, then dt_error and the ERROR clause.
	if got := skips(insns); got[StackSkipFunc] != StackTrim|2 || got[stackSkipErrFunc] != StackTrim|4 {
		t.Errorf("skips %v, want %#x and %#x", got, StackTrim|2, StackTrim|4)
	}
	b = NewBuilder(l, &eps, ProbeRef{}, nil)
	b.Fire(ProbeRef{ID: 1, Name: "dtrace:::BEGIN"}, ActivityInactive, []*Stmt{{ID: 2, Insns: kstack}})
	b.SetStackSite(StackSite{None: true})
	if got := skips(b.Program()); got[StackSkipFunc] != noStack {
		t.Errorf("BEGIN skips %v, want all frames (%d)", got, noStack)
	}
}

// skips returns what each kernel stack skip subprogram returns.
func skips(insns asm.Instructions) map[string]int64 {
	out := map[string]int64{}
	for _, ins := range insns {
		if s := ins.Symbol(); s == StackSkipFunc || s == stackSkipErrFunc {
			out[s] = ins.Constant
		}
	}
	return out
}

// TestNewMapsFailure: a map the kernel refuses (the per-CPU value of the
// aggregations without keys is past the per-CPU allocator's unit; a
// normal user is refused the first map) is an error, and the maps made
// before it are closed without a panic.
func TestNewMapsFailure(t *testing.T) {
	m, err := NewMaps(Config{AggValSize: 2 * maxScratch, AggVals: 1})
	if err == nil {
		m.Close()
		t.Fatal("NewMaps of an oversized per-CPU value succeeded")
	}
	if m != nil {
		t.Errorf("NewMaps failed (%v) but returned maps", err)
	}
}

// capacityCase is a configuration and the entries a map sized by it
// holds, or the error its sizing gives.
type capacityCase struct {
	cfg     Config
	entries uint32
	err     error
}

// checkCapacity checks what capacity, the sizing of one map, gives for
// each case's layout.
func checkCapacity(t *testing.T, capacity func(*Layout) (uint32, error), cases []capacityCase) {
	t.Helper()
	for _, c := range cases {
		l, err := NewLayout(c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		n, err := capacity(l)
		if n != c.entries || err != c.err {
			t.Errorf("%+v: got %d, %v; want %d, %v", c.cfg, n, err, c.entries, c.err)
		}
	}
}

func TestAggCapacity(t *testing.T) {
	checkCapacity(t, aggCapacity, []capacityCase{
		{Config{}, 1, nil},
		// A keyless count(): 12 bytes of tuple, 8 of counter, 8 of data.
		{Config{AggSize: 27, AggTuple: 12, AggValSize: 8}, 0, ErrBufTooSmall},
		{Config{AggSize: 28, AggTuple: 12, AggValSize: 8}, 1, nil},
		// Keys: as many tuples as aggsize holds by DTrace's measure.
		{Config{AggSize: 100, AggTuple: 16, AggKeySize: 16, AggValSize: 8}, 3, nil},
	})
}

// TestDynCapacity checks that the dynamic variable map holds as many
// variables as dynvarsize holds by DTrace's measure, and that a dynvarsize
// too small for one is refused as DTrace refuses it.
func TestDynCapacity(t *testing.T) {
	checkCapacity(t, dynCapacity, []capacityCase{
		// No dynamic variables: one entry, whatever dynvarsize.
		{Config{DynVarSize: 1}, 1, nil},
		// An int keyed by an int: a 16-byte tuple and 4 bytes of value.
		{Config{DynVarSize: 19, DynKeySize: 16, DynValSize: 8, DynTuple: 16, DynValue: 4}, 0, ErrBufTooSmall},
		{Config{DynVarSize: 20, DynKeySize: 16, DynValSize: 8, DynTuple: 16, DynValue: 4}, 1, nil},
		{Config{DynVarSize: 100, DynKeySize: 16, DynValSize: 8, DynTuple: 16, DynValue: 4}, 5, nil},
		// Thread-locals have no tuple: three ints in 15 bytes.
		{Config{DynVarSize: 15, DynKeySize: 16, DynValSize: 8, DynValue: 4}, 3, nil},
	})
}

// TestBuilderChainsClauses checks that a probe with more clauses than one
// program may call is split into a chain: each program calls at most what
// the kernel takes, every clause is called once, in order, and each link
// but the last ends with a tail call to the next.
func TestBuilderChainsClauses(t *testing.T) {
	l, _ := NewLayout(Config{})
	ret := asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}
	var stmts []*Stmt
	for i := range 600 {
		stmts = append(stmts, &Stmt{ID: i, Insns: ret})
	}
	var eps EPTable
	b := NewBuilder(l, &eps, ProbeRef{}, nil)
	b.Fire(ProbeRef{ID: 1, Name: "profile:::tick-1s"}, ActivityActive, stmts)
	chain := append([]asm.Instructions{b.Program()}, b.Continuations()...)
	if len(chain) != 3 {
		t.Fatalf("%d programs, want 3 (250 + 250 + 100 clauses)", len(chain))
	}
	next := 0
	for i, insns := range chain {
		tails := 0
		for _, ins := range insns {
			if ins.IsBuiltinCall() && ins.Constant == int64(asm.FnTailCall) {
				tails++
			}
			if ins.OpCode.JumpOp() == asm.Call && ins.Src == asm.PseudoCall {
				if want := stmts[next].Symbol(); ins.Reference() != want {
					t.Fatalf("program %d calls %s, want %s", i, ins.Reference(), want)
				}
				next++
			}
		}
		if want := min(1, len(chain)-1-i); tails != want {
			t.Errorf("program %d has %d tail calls, want %d", i, tails, want)
		}
		if n := len(symbols(insns)); n > maxSubprograms-1 {
			t.Errorf("program %d has %d functions", i, n)
		}
	}
	if next != len(stmts) {
		t.Errorf("%d clauses called, want %d", next, len(stmts))
	}
}

// TestBuilderRefusesPastTailCalls checks that a probe with more clauses
// than a firing's chain of programs runs is refused, not cut short.
func TestBuilderRefusesPastTailCalls(t *testing.T) {
	l, _ := NewLayout(Config{})
	ret := asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()}
	for _, n := range []int{8466, 8467} {
		var stmts []*Stmt
		for i := range n {
			stmts = append(stmts, &Stmt{ID: i, Insns: ret})
		}
		var eps EPTable
		b := NewBuilder(l, &eps, ProbeRef{}, nil)
		b.Fire(ProbeRef{ID: 1, Name: "profile:::tick-1s"}, ActivityActive, stmts)
		err := b.Err()
		if (err != nil) != (n > 8466) || (err != nil && !errors.Is(err, ErrTooManyClauses)) {
			t.Errorf("%d clauses: %v", n, err)
		}
	}
}
