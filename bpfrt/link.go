package bpfrt

import (
	"errors"
	"fmt"
	"slices"

	"github.com/cilium/ebpf/asm"
)

// Registers the trampoline keeps for the whole program. Provider code
// emitted between the prologue and Fire may use R0-R5 and R9.
const (
	RegCtx     = asm.R6 // the probe context the program got in R1
	RegScratch = asm.R7 // the per-CPU scratch value
	RegState   = asm.R8 // the state map value
)

// ProbeRef names a probe for the builder without depending on package
// provider (which depends on this one).
type ProbeRef struct {
	ID   uint32
	Name string // "prov:mod:func:name"
}

// Builder assembles one BPF program: the trampoline (the standard prologue,
// provider code that fills the machine state and calls Fire for each probe
// it serves), then every clause it calls as a BPF-to-BPF function, then the
// fault subprograms and the ERROR clauses when some clause can fault.
type Builder struct {
	l          *Layout
	eps        *EPTable
	errorProbe ProbeRef
	errorStmts []*Stmt

	// insns and funcs are the program being emitted: the main program,
	// or while Fire emits the clauses that did not fit in it, one of
	// its continuations.
	insns  asm.Instructions
	funcs  []*Stmt
	probes []ProbeRef // fired, in order
	nlabel int
	site   StackSite

	// main is the main program while a continuation is emitted; conts
	// are the continuations, the programs the main program's tail
	// calls run, by index in its program array (MapTailCalls).
	main  *segment
	conts []segment
	cont  int // the continuation being emitted, when main is not nil
	// err is what the builder cannot build (Err).
	err error
	// deferring says the firings emitted defer failed copies, and
	// deferPoints are their resume points (defer.go).
	deferring   bool
	deferPoints []ResumePoint
}

// segment is one program of a chain: its trampoline and its clauses.
type segment struct {
	insns asm.Instructions
	funcs []*Stmt
}

// MapTailCalls names the program array of a program's continuations:
// each program has its own, made when it is loaded (Maps.LoadChain).
const MapTailCalls = "dt_tailcalls"

// maxSubprograms is the kernel's bound on the BPF functions of one
// program (BPF_MAX_SUBPROGS), the main function included. Beside its
// clauses a program may hold dt_output, dt_error, its leaf copy, two
// stack-skip functions and the stack trim, and the ERROR clauses.
const (
	maxSubprograms = 256
	helperFuncs    = 6
)

// exitLabel ends the trampoline's firing: it clears MstBusy, which the
// main program's prologue set (claimScratch). outLabel returns from a
// program that has not set it (another CPU, a firing nested too deep).
const (
	exitLabel = "dt_tramp_exit"
	outLabel  = "dt_tramp_out"
)

// NewBuilder starts a program: it emits the prologue, which saves the
// context in RegCtx, returns 0 at once on a CPU the cpu option excludes,
// and looks up the scratch and state values into RegScratch and RegState
// (returning 0 from the program if either lookup fails). The scratch
// value is the CPU's first one not in use (claimScratch). EPIDs are
// assigned in eps. errorStmts are the clauses of the ERROR probe,
// errorProbe.
func NewBuilder(l *Layout, eps *EPTable, errorProbe ProbeRef, errorStmts []*Stmt) *Builder {
	b := &Builder{l: l, eps: eps, errorProbe: errorProbe, errorStmts: errorStmts}
	b.insns = asm.Instructions{asm.Mov.Reg(RegCtx, asm.R1)}
	if l.OneCPU {
		b.insns = append(b.insns,
			asm.FnGetSmpProcessorId.Call(),
			asm.JNE.Imm(asm.R0, int32(l.CPU), outLabel))
	}
	b.insns = append(b.insns, claimScratch()...)
	b.insns = append(b.insns, lookupState()...)
	return b
}

// ScratchLevels is how many scratch values each CPU has: one for each
// firing that may be running on it at once, a firing in task context
// interrupted by one in a softirq, a hard interrupt and an NMI (a
// profile probe). The machine state, the arguments, this-> and the
// record being staged of a firing live in its scratch value, so that a
// firing that interrupts another does not change what that one sees, as
// in DTrace, whose probe context runs with interrupts disabled.
const ScratchLevels = 4

// claimScratch looks up the CPU's first scratch value whose MstBusy is
// clear into RegScratch and sets it: the firing owns it until exitLabel
// clears it again, on every way out of the program (the verifier checks
// that RegScratch is a scratch value there). When all are busy, the
// firing is counted in the last one's MstNested and the program returns.
func claimScratch() asm.Instructions {
	const claim = "dt_tramp_claim"
	insns := asm.Instructions{StoreImm64(asm.RFP, -8, 0)}
	for level := range ScratchLevels {
		insns = append(insns, lookupAt(MapScratch, outLabel)...)
		insns = append(insns,
			asm.LoadMem(asm.R1, asm.R0, MstBusy, asm.Word),
			asm.JEq.Imm(asm.R1, 0, claim),
		)
		if level < ScratchLevels-1 {
			insns = append(insns, StoreImm64(asm.RFP, -8, int32(level+1)))
		}
	}
	return append(insns,
		asm.LoadMem(asm.R1, asm.R0, MstNested, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.R0, MstNested, asm.R1, asm.DWord),
		asm.Ja.Label(outLabel),
		asm.Mov.Reg(RegScratch, asm.R0).WithSymbol(claim),
		asm.StoreImm(RegScratch, MstBusy, 1, asm.Word),
	)
}

// findScratch looks up, for a continuation of a firing (makeRoom), the
// scratch value the firing claimed: the CPU's last busy one, since a
// firing that interrupted it has ended before it goes on.
func findScratch() asm.Instructions {
	const found = "dt_tramp_found"
	var insns asm.Instructions
	for level := ScratchLevels - 1; level >= 0; level-- {
		insns = append(insns, StoreImm64(asm.RFP, -8, int32(level)))
		insns = append(insns, lookupAt(MapScratch, outLabel)...)
		insns = append(insns,
			asm.LoadMem(asm.R1, asm.R0, MstBusy, asm.Word),
			asm.JNE.Imm(asm.R1, 0, found),
		)
	}
	return append(insns,
		asm.Ja.Label(outLabel),
		asm.Mov.Reg(RegScratch, asm.R0).WithSymbol(found),
	)
}

// lookupState looks up the state value into RegState, and ends the
// firing if the lookup fails.
func lookupState() asm.Instructions {
	insns := append(asm.Instructions{StoreImm64(asm.RFP, -8, 0)}, lookupAt(MapState, exitLabel)...)
	return append(insns, asm.Mov.Reg(RegState, asm.R0))
}

// Emit appends provider instructions to the trampoline.
func (b *Builder) Emit(insns ...asm.Instruction) { b.insns = append(b.insns, insns...) }

// ExitLabel is the label that ends the program (returning 0); provider
// code jumps to it when the context is not a firing of any probe.
func (b *Builder) ExitLabel() string { return exitLabel }

// ExitUnless emits an early return when the activity is not expect. Fire
// checks the activity before each clause anyway; a provider whose probes
// fire often while a session is not active (attaching, draining, and
// detaching tens of thousands of fbt probes takes seconds) emits it first,
// so that those firings cost a load and a jump rather than the
// trampoline's work.
func (b *Builder) ExitUnless(expect Activity) {
	b.Emit(
		asm.LoadMem(asm.R1, RegState, StateActivity, asm.Word),
		asm.JNE.Imm(asm.R1, int32(expect), exitLabel))
}

// Label returns a label unique in this program, for provider code.
func (b *Builder) Label(what string) string { return b.label(what) }

// Mark places label at the current end of the trampoline (as a jump to
// the next instruction, so it never clashes with another symbol).
func (b *Builder) Mark(label string) {
	b.Emit(asm.Instruction{OpCode: asm.Ja.Op(asm.ImmSource)}.WithSymbol(label))
}

// Layout returns the scratch layout the program is built for.
func (b *Builder) Layout() *Layout { return b.l }

// Fire emits the firing of probe p: it sets the probe id and calls each
// clause in order. Before each clause the activity must be expect, else
// the program ends: that is how exit() stops the clauses after it, and
// how BEGIN and END clauses are kept to their phase. The machine state
// arguments must be set before Fire.
func (b *Builder) Fire(p ProbeRef, expect Activity, stmts []*Stmt) {
	b.probes = append(b.probes, p)
	b.Emit(asm.StoreImm(RegScratch, MstPRID, int64(p.ID), asm.Word), StoreImm64(RegScratch, MstTime, 0), StoreImm64(RegScratch, MstTok, -1))
	// A firing of one probe never defers: a deferred firing resumes
	// with the EPIDs of a block (FireIndexed).
	deferring := b.deferring
	b.deferring = false
	b.deferMode(stmts)
	if deferring && slices.ContainsFunc(stmts, func(s *Stmt) bool { return s.Defers }) {
		b.Emit(asm.StoreImm(RegScratch, MstDefer, DeferOff, asm.Word))
	}
	b.deferring = deferring
	for _, s := range stmts {
		b.makeRoom(p.Name, len(stmts), s, nil, false)
		epid := b.eps.Add(p.ID, p.Name, s)
		b.Emit(
			asm.LoadMem(asm.R1, RegState, StateActivity, asm.Word),
			asm.JNE.Imm(asm.R1, int32(expect), exitLabel),
			asm.StoreImm(RegScratch, MstEPID, int64(epid), asm.Word),
		)
		b.callClause(s)
	}
	b.endContinuation()
}

// callClause emits the call of clause s, whose EPID is set.
func (b *Builder) callClause(s *Stmt) {
	b.Emit(
		asm.StoreImm(RegScratch, MstStmt, int64(s.ID), asm.Word),
		asm.Mov.Reg(asm.R1, RegCtx),
		asm.Mov.Reg(asm.R2, RegScratch),
		asm.Call.Label(s.Symbol()),
	)
	b.addFunc(s)
}

// makeRoom makes sure the program being emitted can hold clause s as
// one more BPF function. When it cannot (hundreds of clauses on one
// probe, as generated scripts have), the program ends with a tail call
// to a new continuation, which starts as a program does, then runs
// resume (what the trampoline kept in registers that the clauses after
// need), and the clauses go on there. State lives in the per-CPU
// scratch, which a tail call keeps, so the clauses run in order as if
// in one program, up to the kernel's 33 tail calls a firing.
//
// Only a missing continuation returns from the tail call, which loading
// rules out; the code after the firing follows then, as after the last
// clause, or the program ends when the firing ends it (endsProgram).
func (b *Builder) makeRoom(probe string, clauses int, s *Stmt, resume asm.Instructions, endsProgram bool) {
	if slices.Contains(b.funcs, s) || len(b.funcs) < maxSubprograms-1-helperFuncs-len(b.errorStmts) {
		return
	}
	idx := len(b.conts)
	if idx == maxTailCalls && b.err == nil {
		b.err = fmt.Errorf("%s: %w: %d, where a firing runs at most %d programs of %d clauses",
			probe, ErrTooManyClauses, clauses, maxTailCalls+1, len(b.funcs))
	}
	b.Emit(
		asm.Mov.Reg(asm.R1, RegCtx),
		asm.LoadMapPtr(asm.R2, 0).WithReference(MapTailCalls),
		asm.Mov.Imm(asm.R3, int32(idx)),
		asm.FnTailCall.Call(),
	)
	if endsProgram {
		b.Emit(asm.Ja.Label(exitLabel))
	}
	if b.main == nil {
		b.main = &segment{insns: b.insns, funcs: b.funcs}
	} else {
		b.conts[b.cont] = segment{insns: b.insns, funcs: b.funcs}
	}
	b.conts = append(b.conts, segment{})
	b.cont = idx
	b.insns = append(asm.Instructions{asm.Mov.Reg(RegCtx, asm.R1)}, findScratch()...)
	b.insns = append(b.insns, lookupState()...)
	b.insns = append(b.insns, resume...)
	b.funcs = nil
}

// maxTailCalls is the kernel's bound on the tail calls of one firing
// (MAX_TAIL_CALL_CNT): past it a tail call returns, and the clauses after
// would not run.
const maxTailCalls = 33

// ErrTooManyClauses is a probe with more clauses than a chain of
// programs runs in one firing.
var ErrTooManyClauses = errors.New("too many clauses for one probe")

// Err returns what the builder could not build: a probe with more
// clauses than one firing runs.
func (b *Builder) Err() error { return b.err }

// endContinuation ends the firing in the continuation being emitted, if
// any, and goes back to emitting the main program.
func (b *Builder) endContinuation() {
	if b.main == nil {
		return
	}
	if last := b.insns[len(b.insns)-1]; last.OpCode != asm.Ja.Op(asm.ImmSource) || last.Reference() != exitLabel {
		b.Emit(asm.Ja.Label(exitLabel))
	}
	b.conts[b.cont] = segment{insns: b.insns, funcs: b.funcs}
	b.insns, b.funcs = b.main.insns, b.main.funcs
	b.main = nil
}

// Continuations returns the programs the main program tail-calls, by
// their index in its MapTailCalls program array: none unless a probe
// has more clauses than one program holds.
func (b *Builder) Continuations() []asm.Instructions {
	var out []asm.Instructions
	for _, c := range b.conts {
		out = append(out, b.finish(c.insns, c.funcs))
	}
	return out
}

// FireGroup emits the firing of probes that all run the same stmts, as
// one shared block entered at one label per probe: provider code jumps to
// entries[i] (labels from Label) when the context is a firing of
// probes[i]. The entries set the probe id and R9 = i, then enter the
// FireIndexed block. Sharing matters for the verifier, which then checks
// the clause calls once instead of once per probe (syscall:::entry is
// ~350 probes). FireGroup must be emitted where control does not fall
// through into it.
func (b *Builder) FireGroup(probes []ProbeRef, entries []string, expect Activity, stmts []*Stmt) {
	shared := b.label("group")
	for i, p := range probes {
		b.Emit(
			asm.StoreImm(RegScratch, MstPRID, int64(p.ID), asm.Word).WithSymbol(entries[i]),
			asm.Mov.Imm(asm.R9, int32(i)),
			asm.Ja.Label(shared),
		)
	}
	b.Mark(shared)
	b.FireIndexed(probes, expect, stmts)
}

// FireIndexed emits the firing of probes[R9], which all run the same
// stmts: provider code has stored the probe's id at MstPRID and its index
// in probes in R9, from wherever the context keeps them (an attach
// cookie). The EPIDs of the probes are contiguous, so the block derives
// each clause's EPID from R9, and its size does not depend on how many
// probes it serves. It ends the program.
func (b *Builder) FireIndexed(probes []ProbeRef, expect Activity, stmts []*Stmt) {
	b.probes = append(b.probes, probes...)
	base := b.eps.AddBlock(probes, stmts)
	b.Emit(StoreImm64(RegScratch, MstTime, 0), StoreImm64(RegScratch, MstTok, -1))
	b.deferMode(stmts)
	for j, s := range stmts {
		// A continuation finds the probe's index again from the EPID
		// of the clause before: base + index*len(stmts) + j-1.
		b.makeRoom(probes[0].Name, len(stmts), s, asm.Instructions{
			asm.LoadMem(asm.R9, RegScratch, MstEPID, asm.Word),
			asm.Sub.Imm(asm.R9, int32(base)+int32(j)-1),
			asm.Div.Imm(asm.R9, int32(len(stmts))),
		}, true)
		b.Emit(
			asm.LoadMem(asm.R1, RegState, StateActivity, asm.Word),
			asm.JNE.Imm(asm.R1, int32(expect), exitLabel),
			asm.Mov.Reg(asm.R1, asm.R9),
			asm.Mul.Imm(asm.R1, int32(len(stmts))),
			asm.Add.Imm(asm.R1, int32(base)+int32(j)),
			asm.StoreMem(RegScratch, MstEPID, asm.R1, asm.Word),
		)
		b.callClause(s)
		b.afterClause(stmts, j)
	}
	b.Emit(asm.Ja.Label(exitLabel))
	b.endContinuation()
}

func (b *Builder) addFunc(s *Stmt) {
	for _, f := range b.funcs {
		if f == s {
			return
		}
	}
	b.funcs = append(b.funcs, s)
}

// Probes returns the probes the program fires, in order.
func (b *Builder) Probes() []ProbeRef { return b.probes }

// Program returns the finished instruction stream of the main program.
func (b *Builder) Program() asm.Instructions { return b.finish(b.insns, b.funcs) }

// finish returns the finished instruction stream of a program of the
// chain: its trampoline, then the BPF functions it calls.
func (b *Builder) finish(insns asm.Instructions, funcs []*Stmt) asm.Instructions {
	saved := b.funcs
	b.funcs = funcs // errorSymbol asks which clauses the program holds
	defer func() { b.funcs = saved }()
	out := append(asm.Instructions{}, insns...)
	out = append(out,
		asm.StoreImm(RegScratch, MstBusy, 0, asm.Word).WithSymbol(exitLabel),
		asm.Mov.Imm(asm.R0, 0).WithSymbol(outLabel),
		asm.Return())
	faults, kstack, trim := false, false, false
	for _, s := range b.funcs {
		out = appendFunc(out, s.Symbol(), s.Insns)
		faults = faults || callsTo(s.Insns, ErrorFunc)
		kstack = kstack || callsTo(s.Insns, StackSkipFunc)
	}
	if kstack {
		out = append(out, b.stackSkipFunc(StackSkipFunc, 1)...)
		trim = true
	}
	if faults {
		out = append(out, b.errorFunc(ErrorFunc, b.errorStmts)...)
	}
	if faults && len(b.errorStmts) > 0 {
		leaf, kstack := false, false
		for _, s := range b.errorStmts {
			insns := renameCalls(renameCalls(s.Insns, ErrorFunc, errorLeafFunc), StackSkipFunc, stackSkipErrFunc)
			if b.errorSymbol(s) != s.Symbol() {
				insns = relabel(insns, errorCopy)
			}
			out = appendFunc(out, b.errorSymbol(s), insns)
			leaf = leaf || callsTo(s.Insns, ErrorFunc)
			kstack = kstack || callsTo(s.Insns, StackSkipFunc)
		}
		if leaf {
			out = append(out, b.errorFunc(errorLeafFunc, nil)...)
		}
		if kstack {
			out = append(out, b.stackSkipFunc(stackSkipErrFunc, 2)...)
			trim = true
		}
	}
	if trim {
		out = append(out, b.stackTrimFunc()...)
	}
	return out
}

// errorSymbol names the copy of ERROR clause s that dt_error calls. A
// clause for both ERROR and the program's own probe (BEGIN,ERROR) is
// linked twice, as itself and as that copy, whose faults only record: the
// copy's name and labels take the suffix errorCopy.
func (b *Builder) errorSymbol(s *Stmt) string {
	if slices.Contains(b.funcs, s) {
		return s.Symbol() + errorCopy
	}
	return s.Symbol()
}

const errorCopy = "_error"

// relabel returns a copy of insns with the labels they define, and the
// jumps to them, renamed with suffix.
func relabel(insns asm.Instructions, suffix string) asm.Instructions {
	local := map[string]bool{}
	for _, ins := range insns {
		if sym := ins.Symbol(); sym != "" {
			local[sym] = true
		}
	}
	out := make(asm.Instructions, len(insns))
	for i, ins := range insns {
		if sym := ins.Symbol(); local[sym] {
			ins = ins.WithSymbol(sym + suffix)
		}
		if ref := ins.Reference(); local[ref] {
			ins = ins.WithReference(ref + suffix)
		}
		out[i] = ins
	}
	return out
}

// appendFunc appends a BPF function body under symbol sym.
func appendFunc(out asm.Instructions, sym string, body asm.Instructions) asm.Instructions {
	if len(body) == 0 {
		return append(out, asm.Mov.Imm(asm.R0, 0).WithSymbol(sym), asm.Return())
	}
	n := len(out)
	out = append(out, body...)
	out[n] = out[n].WithSymbol(sym)
	return out
}

// errorFunc emits the fault subprogram dt_error(ctx, scratch, kind, value,
// pc). It stages and outputs the fault record, then fires the ERROR probe:
// it saves the machine state it changes, sets the ERROR arguments
//
//	arg0 = 0, arg1 = faulting probe id, arg2 = faulting statement id,
//	arg3 = BPF pc, arg4 = fault kind, arg5 = fault value
//
// (Oracle's order), calls the ERROR clauses while the activity stays what
// it was when the fault happened, and restores the machine state so the
// clauses after the faulting one see their probe's arguments again.
func (b *Builder) errorFunc(sym string, stmts []*Stmt) asm.Instructions {
	l := b.l
	f := int16(l.FaultRec)
	out := b.label("err_out")
	insns := asm.Instructions{
		asm.Mov.Reg(RegCtx, asm.R1).WithSymbol(sym),
		asm.Mov.Reg(RegScratch, asm.R2),
		asm.StoreImm(RegScratch, f, EPIDFault, asm.Word),
		asm.StoreImm(RegScratch, f+4, 0, asm.Word),
		asm.LoadMem(asm.R0, RegScratch, MstEPID, asm.Word),
		asm.StoreMem(RegScratch, f+faultEPID, asm.R0, asm.Word),
		asm.LoadMem(asm.R0, RegScratch, MstPRID, asm.Word),
		asm.StoreMem(RegScratch, f+faultPRID, asm.R0, asm.Word),
		asm.StoreMem(RegScratch, f+faultKind, asm.R3, asm.DWord),
		asm.StoreMem(RegScratch, f+faultValue, asm.R4, asm.DWord),
		asm.StoreMem(RegScratch, f+faultPC, asm.R5, asm.DWord),
		asm.LoadMem(asm.R0, RegScratch, MstStmt, asm.Word),
		asm.StoreMem(RegScratch, f+faultStmt, asm.R0, asm.DWord),
	}
	insns = append(insns, outputCall(RegCtx, RegScratch, int32(l.FaultRec), FaultRecSize, false)...)
	insns = append(insns, countDrop(RegScratch)...)
	if len(stmts) > 0 {
		insns = append(insns, LookupValue(MapState, RegState, RegScratch, out)...)
		insns = append(insns, asm.LoadMem(asm.R9, RegState, StateActivity, asm.Word))
		for off := int16(0); off < saveSize; off += 8 {
			insns = append(insns,
				asm.LoadMem(asm.R0, RegScratch, off, asm.DWord),
				asm.StoreMem(RegScratch, int16(l.Save)+off, asm.R0, asm.DWord))
		}
		insns = append(insns,
			asm.StoreImm(RegScratch, MstPRID, int64(b.errorProbe.ID), asm.Word),
			StoreImm64(RegScratch, MstArg(0), 0),
		)
		for i, src := range []int16{faultPRID, faultStmt, faultPC, faultKind, faultValue} {
			size := asm.DWord
			if src == faultPRID {
				size = asm.Word
			}
			insns = append(insns,
				asm.LoadMem(asm.R0, RegScratch, f+src, size),
				asm.StoreMem(RegScratch, MstArg(i+1), asm.R0, asm.DWord))
		}
		restore := b.label("err_restore")
		saved := b.insns
		b.insns = nil
		for _, s := range stmts {
			epid := b.eps.Add(b.errorProbe.ID, b.errorProbe.Name, s)
			b.Emit(
				asm.LoadMem(asm.R1, RegState, StateActivity, asm.Word),
				asm.JNE.Reg(asm.R1, asm.R9, restore),
				asm.StoreImm(RegScratch, MstEPID, int64(epid), asm.Word),
				asm.StoreImm(RegScratch, MstStmt, int64(s.ID), asm.Word),
				asm.Mov.Reg(asm.R1, RegCtx),
				asm.Mov.Reg(asm.R2, RegScratch),
				asm.Call.Label(b.errorSymbol(s)),
			)
		}
		insns = append(insns, b.insns...)
		b.insns = saved
		insns = append(insns, asm.Mov.Imm(asm.R0, 0).WithSymbol(restore))
		for off := int16(0); off < saveSize; off += 8 {
			insns = append(insns,
				asm.LoadMem(asm.R0, RegScratch, int16(l.Save)+off, asm.DWord),
				asm.StoreMem(RegScratch, off, asm.R0, asm.DWord))
		}
	}
	return append(insns, asm.Mov.Imm(asm.R0, 0).WithSymbol(out), asm.Return())
}
