package cg

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/internal/ptregs"
)

// A user stack is walked in BPF from the unwind rows of the objects the
// process maps (package uelf/unwind builds them, the session loads them:
// see bpfrt/unwind.go), when the program is compiled with the
// ustackunwind option, which package dtrace sets unless the ustackfp
// option asks for frame pointers only. A process without tables gets the
// frame-pointer walk of bpf_get_stack: one the session has not seen yet
// is put in MapUWant, for the session to build its tables; one it could
// not build them for has an entry without mappings. Programs compiled
// without the option carry no unwinding code and create no tables.
//
// The walk is an open-coded bpf_iter_num loop, one frame per iteration:
// the verifier checks its body until its state converges, whatever the
// frame count. Each iteration stores PC as the next frame, finds the
// mapping of PC and then the row of PC by binary searches through the
// maps (fixed step counts, each step ending early once the range is
// empty), computes the CFA and reads the return address at CFA-8 and,
// when the row says it is saved, the caller's frame pointer; a mapping
// without rows takes the frame-pointer rule. It stops at PC 0, at an
// address outside every mapping or row, at a row without a rule or the
// outermost frame's, when the CFA does not move up the stack, and when
// user memory cannot be read.

// The unwinder's stack slots, from its first.
const (
	uwIter = iota // the bpf_iter_num state
	uwPC
	uwSP
	uwFP
	uwLo  // a binary search's range [lo, hi)
	uwHi  //
	uwKey // the middle of the range, and the key of its lookup
	uwRel // the address a search looks for; then the saved FP's offset from the CFA
	uwAdj // 1 once PC is a return address, which the row of PC-1 describes
	uwBase
	uwCFA
	uwBuf // what bpf_probe_read_user reads
	uwProc
	uwN   // the index of the frame to store next
	uwOut // ucaller: the second frame
	uwFPBuf0
	uwFPBuf1 // ucaller: what the frame-pointer walk writes
	uwSlots
)

// struct pt_regs offsets of the registers the walk starts from.
const (
	ptRegsBP = ptregs.FP
	ptRegsIP = ptregs.PC
	ptRegsSP = ptregs.SP
)

// userTop is the first address above user space.
const userTop = ptregs.UserTop

// ustackUnwind stores user stack s at off from the scratch pointer,
// walked with the unwind tables of the current process, by frame pointers
// when it has none. A walk that stops where no rule says how to go on
// (a PC in no object or no row, as in JIT code; a frame that does not
// move up the stack or cannot be read) stores format.FrameTruncated
// after the last frame, if there is room; one that reaches the outermost
// frame (or a zero PC or frame pointer) just ends. With caller, for
// ucaller, it walks two frames and leaves the second in R0, 0 if there is
// none, and stores nothing.
func (g *gen) ustackUnwind(off int, s stackCall, caller bool) {
	if caller {
		s.frames = 2
	}
	if g.c.depth+uwSlots > maxDepth {
		g.tooComplex(nil)
	}
	kf, err := iterKfuncs()
	if err != nil {
		g.fail(nil, err)
	}
	g.prog.Config.UnwindRows = bpfrt.DefaultUnwindRows
	if g.unwindRows > 0 {
		g.prog.Config.UnwindRows = g.unwindRows
	}
	ctx := g.c.depth + uwSlots
	slot := func(i int) int16 { return int16(-8 * (ctx - i)) }
	load := func(r asm.Register, i int) asm.Instruction { return asm.LoadMem(r, asm.RFP, slot(i), asm.DWord) }
	store := func(i int, r asm.Register) asm.Instruction { return asm.StoreMem(asm.RFP, slot(i), r, asm.DWord) }
	dst := off + 8
	if caller {
		g.emit(bpfrt.StoreImm64(asm.RFP, slot(uwOut), 0))
	} else {
		for i := range s.frames {
			g.emit(bpfrt.StoreImm64(rScratch, int16(dst+8*i), 0))
		}
	}
	have, tables, fp := g.label("uwhave"), g.label("uwtables"), g.label("uwfpwalk")
	done, end, trunc := g.label("uwdone"), g.label("uwend"), g.label("uwtrunc")
	g.emit(
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
	)
	if !caller {
		g.emit(asm.StoreMem(rScratch, int16(off), asm.R0, asm.DWord))
	}
	g.emit(
		store(uwKey, asm.R0),
		asm.LoadMapPtr(asm.R1, 0).WithReference(bpfrt.MapUProcs),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, int32(slot(uwKey))),
		asm.FnMapLookupElem.Call(),
		asm.JNE.Imm(asm.R0, 0, have),
		// A process not seen yet: ask the session for its tables (the
		// pid is its own value), and walk by frame pointers meanwhile.
		asm.LoadMapPtr(asm.R1, 0).WithReference(bpfrt.MapUWant),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, int32(slot(uwKey))),
		asm.Mov.Reg(asm.R3, asm.R2),
		asm.Mov.Imm(asm.R4, bpfNoExist),
		asm.FnMapUpdateElem.Call(),
		asm.Ja.Label(fp),
	)
	g.setLabel(have)
	g.emit(
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		store(uwProc, asm.R1),
		// A process without tables: frame pointers.
		asm.LoadMem(asm.R1, asm.R0, 4, asm.Word),
		asm.JNE.Imm(asm.R1, 0, tables),
	)
	g.setLabel(fp)
	if caller {
		g.emit(
			asm.Mov.Reg(asm.R1, rCtx),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, int32(slot(uwFPBuf0))),
			asm.Mov.Imm(asm.R3, 16),
			asm.Mov.Imm(asm.R4, bpfFUserStack),
			asm.FnGetStack.Call(),
			load(asm.R1, uwFPBuf1),
			store(uwOut, asm.R1),
			asm.Ja.Label(done),
		)
	} else {
		g.emit(
			asm.Mov.Reg(asm.R1, rCtx),
			asm.Mov.Reg(asm.R2, rScratch),
			asm.Add.Imm(asm.R2, int32(dst)),
			asm.Mov.Imm(asm.R3, int32(8*s.frames)),
			asm.Mov.Imm(asm.R4, bpfFUserStack),
			asm.FnGetStack.Call(),
			asm.Ja.Label(done),
		)
	}
	g.setLabel(tables)
	g.emit(bpfrt.StoreImm64(asm.RFP, slot(uwAdj), 0), bpfrt.StoreImm64(asm.RFP, slot(uwN), 0))
	g.unwindRegs(slot)
	loop, again := g.label("uwloop"), g.label("uwagain")
	// The verifier checks the loop's body until the state at its head
	// repeats: the working slots are cleared before each iteration so
	// that it does after two or three.
	clear := func() {
		for _, i := range []int{uwLo, uwHi, uwKey, uwRel, uwBase, uwCFA, uwBuf} {
			g.emit(bpfrt.StoreImm64(asm.RFP, slot(i), 0))
		}
	}
	clear()
	g.iterLoop(kf, slot(uwIter), int32(s.frames), loop, end)
	g.emit(
		asm.LoadMem(asm.R1, asm.R0, 0, asm.Word),
		asm.JGE.Imm(asm.R1, int32(s.frames), end),
		store(uwN, asm.R1),
		load(asm.R2, uwPC),
		asm.JEq.Imm(asm.R2, 0, end),
		asm.LoadImm(asm.R3, userTop, asm.DWord),
		asm.JGE.Reg(asm.R2, asm.R3, trunc),
	)
	if caller {
		first := g.label("uwfirst")
		g.emit(asm.JNE.Imm(asm.R1, 1, first), store(uwOut, asm.R2))
		g.setLabel(first)
	} else {
		g.emit(
			asm.LSh.Imm(asm.R1, 3),
			asm.Add.Reg(asm.R1, rScratch),
			asm.StoreMem(asm.R1, int16(dst), asm.R2, asm.DWord),
		)
	}
	g.emit(
		load(asm.R1, uwN),
		asm.Add.Imm(asm.R1, 1),
		store(uwN, asm.R1),
		// The mappings of the process: [first, first+n).
		asm.LoadMem(asm.R1, asm.RFP, slot(uwProc), asm.Word),
		asm.LoadMem(asm.R2, asm.RFP, slot(uwProc)+4, asm.Word),
	)
	nOK := g.label("uwn")
	g.emit(asm.JLE.Imm(asm.R2, bpfrt.UMapsPerProc, nOK), asm.Mov.Imm(asm.R2, bpfrt.UMapsPerProc))
	g.setLabel(nOK)
	g.emit(
		store(uwBase, asm.R1),
		store(uwLo, asm.R1),
		asm.Add.Reg(asm.R2, asm.R1),
		store(uwHi, asm.R2),
	)
	g.unwindSearch(slot, bpfrt.MapUMaps, bpfrt.UMapSteps, uwPC, asm.LoadMem(asm.R1, asm.R0, bpfrt.UMapStart, asm.DWord), trunc)
	fpRule, readRA := g.label("uwfprule"), g.label("uwra")
	g.emit(
		asm.LoadMem(asm.R1, asm.R0, bpfrt.UMapEnd, asm.DWord),
		load(asm.R2, uwPC),
		asm.JGE.Reg(asm.R2, asm.R1, trunc),
		asm.LoadMem(asm.R3, asm.R0, bpfrt.UMapCount, asm.Word),
		asm.JEq.Imm(asm.R3, 0, fpRule),
		asm.LoadMem(asm.R1, asm.R0, bpfrt.UMapBias, asm.DWord),
		asm.Sub.Reg(asm.R2, asm.R1),
		load(asm.R1, uwAdj),
		asm.Sub.Reg(asm.R2, asm.R1),
		store(uwRel, asm.R2),
		asm.LoadMem(asm.R1, asm.R0, bpfrt.UMapFirst, asm.Word),
		store(uwBase, asm.R1),
		store(uwLo, asm.R1),
		asm.Add.Reg(asm.R1, asm.R3),
		store(uwHi, asm.R1),
	)
	g.unwindSearch(slot, bpfrt.MapURows, bpfrt.URowSteps, uwRel, asm.LoadMem(asm.R1, asm.R0, bpfrt.URowPC, asm.Word), trunc)
	spBase, fpBase, plt, sig, cfaAdd := g.label("uwsp"), g.label("uwfp"), g.label("uwplt"), g.label("uwsig"), g.label("uwcfa")
	g.emit(
		asm.LoadMem(asm.R1, asm.R0, bpfrt.URowKind, asm.Byte),
		asm.LoadMem(asm.R4, asm.R0, bpfrt.URowCFA, asm.Word),
		asm.LSh.Imm(asm.R4, 32),
		asm.ArSh.Imm(asm.R4, 32),
		asm.LoadMem(asm.R5, asm.R0, bpfrt.URowFPOff, asm.Half),
		asm.LSh.Imm(asm.R5, 48),
		asm.ArSh.Imm(asm.R5, 48),
		store(uwRel, asm.R5),
		asm.JEq.Imm(asm.R1, bpfrt.URowSP, spBase),
		asm.JEq.Imm(asm.R1, bpfrt.URowFP, fpBase),
		asm.JEq.Imm(asm.R1, bpfrt.URowPLT, plt),
		asm.JEq.Imm(asm.R1, bpfrt.URowSignal, sig),
		asm.JEq.Imm(asm.R1, bpfrt.URowEnd, end),
		asm.Ja.Label(trunc),
	)
	// A PLT entry: 8 more once its push has run.
	g.setLabel(plt)
	g.emit(
		load(asm.R2, uwSP),
		load(asm.R3, uwPC),
		asm.And.Imm(asm.R3, 15),
		asm.LoadMem(asm.R5, asm.R0, bpfrt.URowSplit, asm.Byte),
		asm.JLT.Reg(asm.R3, asm.R5, cfaAdd),
		asm.Add.Imm(asm.R2, 8),
		asm.Ja.Label(cfaAdd),
	)
	g.setLabel(spBase)
	g.emit(load(asm.R2, uwSP), asm.Ja.Label(cfaAdd))
	g.setLabel(fpBase)
	g.emit(load(asm.R2, uwFP))
	g.setLabel(cfaAdd)
	g.emit(asm.Add.Reg(asm.R2, asm.R4), store(uwCFA, asm.R2), asm.Ja.Label(readRA))
	// No rows: CFA = FP + 16, the caller's FP at CFA-16; a zero FP is
	// the outermost frame's.
	g.setLabel(fpRule)
	g.emit(
		load(asm.R2, uwFP),
		asm.JEq.Imm(asm.R2, 0, end),
		asm.Add.Imm(asm.R2, 16),
		store(uwCFA, asm.R2),
		bpfrt.StoreImm64(asm.RFP, slot(uwRel), -16),
	)
	// The CFA must be above SP, or the walk would not end.
	setSP := g.label("uwsetsp")
	g.setLabel(readRA)
	g.emit(
		load(asm.R3, uwCFA),
		load(asm.R2, uwSP),
		asm.JLE.Reg(asm.R3, asm.R2, trunc),
		asm.Sub.Imm(asm.R3, 8),
	)
	g.unwindRead(slot, uwPC, trunc)
	g.emit(
		load(asm.R3, uwRel),
		asm.JEq.Imm(asm.R3, 0, setSP),
		load(asm.R1, uwCFA),
		asm.Add.Reg(asm.R3, asm.R1),
	)
	g.unwindRead(slot, uwFP, trunc)
	g.setLabel(setSP)
	g.emit(
		load(asm.R1, uwCFA),
		store(uwSP, asm.R1),
		bpfrt.StoreImm64(asm.RFP, slot(uwAdj), 1),
		asm.Ja.Label(again),
	)
	// A signal frame: the interrupted registers, in the ucontext at SP;
	// the interrupted PC is not a return address.
	g.setLabel(sig)
	for _, r := range []struct{ off, slot int }{{uwSigIP, uwPC}, {uwSigBP, uwFP}, {uwSigSP, uwSP}} {
		g.emit(load(asm.R3, uwSP), asm.Add.Imm(asm.R3, int32(r.off)))
		g.unwindRead(slot, r.slot, trunc)
	}
	g.emit(bpfrt.StoreImm64(asm.RFP, slot(uwAdj), 0))
	g.setLabel(again)
	clear()
	g.emit(asm.Ja.Label(loop))
	// The mark after the last frame stored, if there is room.
	g.setLabel(trunc)
	if !caller {
		g.emit(
			load(asm.R1, uwN),
			asm.JGE.Imm(asm.R1, int32(s.frames), end),
			asm.LSh.Imm(asm.R1, 3),
			asm.Add.Reg(asm.R1, rScratch),
			// -1, sign-extended: format.FrameTruncated.
			bpfrt.StoreImm64(asm.R1, int16(dst), -1),
		)
	}
	g.setLabel(end)
	g.iterDestroy(kf, slot(uwIter))
	g.setLabel(done)
	if caller {
		g.emit(load(asm.R0, uwOut))
	} else {
		g.emit(nop())
	}
}

// The offsets from SP, in a signal frame, of the interrupted rbp, rsp and
// rip in the ucontext (uelf/unwind's CFASignal).
const (
	uwSigBP = 120
	uwSigSP = 160
	uwSigIP = 168
)

// unwindRegs stores the user registers the walk starts from: the probe
// context of a uprobe, else those the task saved entering the kernel.
func (g *gen) unwindRegs(slot func(int) int16) {
	regs := []struct{ off, slot int }{{ptRegsIP, uwPC}, {ptRegsSP, uwSP}, {ptRegsBP, uwFP}}
	if g.userContext() {
		for _, r := range regs {
			g.emit(asm.LoadMem(asm.R1, rCtx, int16(r.off), asm.DWord), asm.StoreMem(asm.RFP, slot(r.slot), asm.R1, asm.DWord))
		}
		return
	}
	g.emit(
		asm.FnGetCurrentTaskBtf.Call(),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.FnTaskPtRegs.Call(),
		asm.StoreMem(asm.RFP, slot(uwCFA), asm.R0, asm.DWord),
	)
	for _, r := range regs {
		g.emit(
			bpfrt.StoreImm64(asm.RFP, slot(r.slot), 0),
			asm.Mov.Reg(asm.R1, asm.RFP),
			asm.Add.Imm(asm.R1, int32(slot(r.slot))),
			asm.Mov.Imm(asm.R2, 8),
			asm.LoadMem(asm.R3, asm.RFP, slot(uwCFA), asm.DWord),
			asm.Add.Imm(asm.R3, int32(r.off)),
			asm.FnProbeReadKernel.Call(),
		)
	}
}

// unwindRead reads the user word at the address in R3 into slot to, and
// jumps to fail when it cannot.
func (g *gen) unwindRead(slot func(int) int16, to int, fail string) {
	g.emit(
		asm.Mov.Reg(asm.R1, asm.RFP),
		asm.Add.Imm(asm.R1, int32(slot(uwBuf))),
		asm.Mov.Imm(asm.R2, 8),
		asm.FnProbeReadUser.Call(),
		asm.JNE.Imm(asm.R0, 0, fail),
		asm.LoadMem(asm.R1, asm.RFP, slot(uwBuf), asm.DWord),
		asm.StoreMem(asm.RFP, slot(to), asm.R1, asm.DWord),
	)
}

// unwindSearch finds, in map m, the last element of [lo, hi) whose key,
// which field loads from R0 into R1, is at most the value of slot target,
// and leaves a pointer to it in R0; it jumps to fail when there is none.
// steps bounds the search: 1<<steps - 1 elements at most.
func (g *gen) unwindSearch(slot func(int) int16, m string, steps, target int, field asm.Instruction, fail string) {
	found := g.label("uwfound")
	lookup := func() {
		g.emit(
			asm.LoadMapPtr(asm.R1, 0).WithReference(m),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, int32(slot(uwKey))),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, fail),
		)
	}
	// A step without branches but its exits: states that only branch
	// and join again would double at each step for the verifier.
	// s = 1 when the middle element's key is above the target (the
	// difference of two values below 2^63 is negative), and then
	// hi = mid, else lo = mid + 1.
	for range steps {
		g.emit(
			asm.LoadMem(asm.R1, asm.RFP, slot(uwLo), asm.DWord),
			asm.LoadMem(asm.R2, asm.RFP, slot(uwHi), asm.DWord),
			asm.JGE.Reg(asm.R1, asm.R2, found),
			asm.Add.Reg(asm.R1, asm.R2),
			asm.RSh.Imm(asm.R1, 1),
			asm.StoreMem(asm.RFP, slot(uwKey), asm.R1, asm.DWord),
		)
		lookup()
		g.emit(
			field,
			asm.LoadMem(asm.R2, asm.RFP, slot(target), asm.DWord),
			asm.Sub.Reg(asm.R2, asm.R1),
			asm.RSh.Imm(asm.R2, 63),
			asm.LoadMem(asm.R3, asm.RFP, slot(uwKey), asm.DWord),
			asm.Mov.Reg(asm.R4, asm.R3),
			asm.Add.Imm(asm.R4, 1),
			asm.LoadMem(asm.R5, asm.RFP, slot(uwLo), asm.DWord),
			asm.Sub.Reg(asm.R4, asm.R5),
			asm.Mov.Imm(asm.R1, 1),
			asm.Sub.Reg(asm.R1, asm.R2),
			asm.Mul.Reg(asm.R4, asm.R1),
			asm.Add.Reg(asm.R5, asm.R4),
			asm.StoreMem(asm.RFP, slot(uwLo), asm.R5, asm.DWord),
			asm.LoadMem(asm.R1, asm.RFP, slot(uwHi), asm.DWord),
			asm.Sub.Reg(asm.R3, asm.R1),
			asm.Mul.Reg(asm.R3, asm.R2),
			asm.Add.Reg(asm.R1, asm.R3),
			asm.StoreMem(asm.RFP, slot(uwHi), asm.R1, asm.DWord),
		)
	}
	// The element before lo, if it is in the range.
	g.setLabel(found)
	g.emit(
		asm.LoadMem(asm.R1, asm.RFP, slot(uwLo), asm.DWord),
		asm.LoadMem(asm.R2, asm.RFP, slot(uwBase), asm.DWord),
		asm.JLE.Reg(asm.R1, asm.R2, fail),
		asm.Sub.Imm(asm.R1, 1),
		asm.StoreMem(asm.RFP, slot(uwKey), asm.R1, asm.DWord),
	)
	lookup()
}
