package cg

import (
	"errors"
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/internal/feature"
)

// The destructive actions that act in probe context (the checker allows
// them only under -w): raise() and stop() send a signal to the current
// process, chill() spins, copyout() and copyoutstr() write user memory.

// Signal numbers of Linux.
const (
	sigStop = 19
	maxSig  = 64
)

// chillMax is the longest chill() DTrace allows in one call; a longer one
// is an illegal operation.
const chillMax = 500_000_000

// raise sends the signal in R0 to the current process, as raise() and
// stop() do; a signal number out of range is an illegal operation.
func (g *gen) raise() {
	ok := g.label("sigok")
	bad := g.label("sigbad")
	g.emit(
		asm.JLE.Imm(asm.R0, 0, bad),
		asm.JLE.Imm(asm.R0, maxSig, ok),
	)
	g.setLabel(bad)
	g.fault(bpfrt.FaultIllOp)
	g.setLabel(ok)
	g.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.FnSendSignal.Call())
}

// chill spins for the nanoseconds in R0, at most chillMax, in two nested
// bpf_iter_num loops (the verifier checks their bodies once) that read
// the clock until the deadline.
func (g *gen) chill(n ast.Node) {
	kf, err := iterKfuncs()
	if err != nil {
		g.fail(n, err)
	}
	if g.c.depth+3 > maxDepth {
		g.tooComplex(n)
	}
	deadline := int16(-8 * (g.c.depth + 1))
	outer, inner := int16(-8*(g.c.depth+2)), int16(-8*(g.c.depth+3))
	ok := g.label("chillok")
	g.emit(asm.JLE.Imm(asm.R0, chillMax, ok))
	g.fault(bpfrt.FaultIllOp)
	g.setLabel(ok)
	g.emit(
		asm.StoreMem(asm.RFP, deadline, asm.R0, asm.DWord),
		asm.FnKtimeGetNs.Call(),
		asm.LoadMem(asm.R1, asm.RFP, deadline, asm.DWord),
		asm.Add.Reg(asm.R0, asm.R1),
		asm.StoreMem(asm.RFP, deadline, asm.R0, asm.DWord),
	)
	outerLoop, innerLoop, innerEnd, done, end := g.label("chillout"), g.label("chillin"), g.label("chillinend"), g.label("chilldone"), g.label("chillend")
	g.iterLoop(kf, outer, 64, outerLoop, end)
	g.iterLoop(kf, inner, 1<<20, innerLoop, innerEnd)
	g.emit(
		asm.FnKtimeGetNs.Call(),
		asm.LoadMem(asm.R1, asm.RFP, deadline, asm.DWord),
		asm.JGE.Reg(asm.R0, asm.R1, done),
		asm.Ja.Label(innerLoop),
	)
	g.setLabel(done)
	g.iterDestroy(kf, inner)
	g.emit(asm.Ja.Label(end))
	g.setLabel(innerEnd)
	g.iterDestroy(kf, inner)
	g.emit(asm.Ja.Label(outerLoop))
	g.setLabel(end)
	g.iterDestroy(kf, outer)
}

// copyout generates copyout(buf, addr, nbytes): nbytes of kernel memory
// at buf written to the user address addr, through a string scratch
// slot, a slot's worth at a time. A source or destination that cannot be
// read or written faults with its address.
func (g *gen) copyout(call *ast.CallExpr) {
	g.needWriteUser(call)
	kf, err := iterKfuncs()
	if err != nil {
		g.fail(call, err)
	}
	g.expr(call.Args[0])
	g.push(call)
	g.expr(call.Args[1])
	g.push(call)
	g.expr(call.Args[2])
	g.push(call)
	if g.c.depth+3 > maxDepth {
		g.tooComplex(call)
	}
	buf, addr, size := int16(-8*(g.c.depth-2)), int16(-8*(g.c.depth-1)), int16(-8*g.c.depth)
	it, off, length := int16(-8*(g.c.depth+1)), int16(-8*(g.c.depth+2)), int16(-8*(g.c.depth+3))
	slot := int32(g.strSlot())
	chunk := int32(g.l.StrSize)
	loop, last, end, badSrc, badDst := g.label("cpoloop"), g.label("cpolast"), g.label("cpoend"), g.label("cposrc"), g.label("cpodst")
	g.emit(bpfrt.StoreImm64(asm.RFP, off, 0))
	// Enough turns for the largest copy that fits in 32 bits.
	g.iterLoop(kf, it, 1<<23, loop, end)
	g.emit(
		asm.LoadMem(asm.R2, asm.RFP, size, asm.DWord),
		asm.LoadMem(asm.R1, asm.RFP, off, asm.DWord),
		asm.Sub.Reg(asm.R2, asm.R1),
		asm.JSLE.Imm(asm.R2, 0, end),
		asm.JLE.Imm(asm.R2, chunk, last),
		asm.Mov.Imm(asm.R2, chunk),
	)
	g.setLabel(last)
	g.emit(
		asm.StoreMem(asm.RFP, length, asm.R2, asm.DWord),
		asm.LoadMem(asm.R3, asm.RFP, buf, asm.DWord),
		asm.Add.Reg(asm.R3, asm.R1),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, slot),
		asm.FnProbeReadKernel.Call(),
		asm.JNE.Imm(asm.R0, 0, badSrc),
		asm.LoadMem(asm.R1, asm.RFP, addr, asm.DWord),
		asm.LoadMem(asm.R2, asm.RFP, off, asm.DWord),
		asm.Add.Reg(asm.R1, asm.R2),
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Imm(asm.R2, slot),
		asm.LoadMem(asm.R3, asm.RFP, length, asm.DWord),
		asm.JEq.Imm(asm.R3, 0, end),
		asm.JGT.Imm(asm.R3, chunk, end),
		asm.FnProbeWriteUser.Call(),
		asm.JNE.Imm(asm.R0, 0, badDst),
	)
	g.emit(
		asm.LoadMem(asm.R1, asm.RFP, off, asm.DWord),
		asm.Add.Imm(asm.R1, chunk),
		asm.StoreMem(asm.RFP, off, asm.R1, asm.DWord),
		asm.Ja.Label(loop),
	)
	// A fault leaves the loop: the iterator is released first.
	faultAt := func(label string, base int16) {
		g.setLabel(label)
		g.iterDestroy(kf, it)
		g.emit(
			asm.LoadMem(asm.R0, asm.RFP, base, asm.DWord),
			asm.LoadMem(asm.R1, asm.RFP, off, asm.DWord),
			asm.Add.Reg(asm.R0, asm.R1),
		)
		g.fault(bpfrt.FaultBadAddr)
	}
	faultAt(badSrc, buf)
	faultAt(badDst, addr)
	g.setLabel(end)
	g.iterDestroy(kf, it)
	g.c.depth -= 3
}

// copyoutstr generates copyoutstr(str, addr, maxlen): the string and its
// NUL, at most maxlen bytes, written to the user address addr.
func (g *gen) copyoutstr(call *ast.CallExpr) {
	g.needWriteUser(call)
	g.expr(call.Args[1])
	g.push(call)
	g.expr(call.Args[2])
	g.push(call)
	g.expr(call.Args[0])
	a := int32(g.toSlot())
	short, write, bad := g.label("cpsshort"), g.label("cpswrite"), g.label("cpsbad")
	// R0 is the string's length with its NUL (at most strbuf), or a
	// negative error for an unreadable string.
	g.pop(asm.R3)
	g.emit(
		asm.JSGT.Imm(asm.R0, 0, short),
		asm.Mov.Imm(asm.R0, 1),
	)
	g.setLabel(short)
	g.emit(
		asm.JSLE.Reg(asm.R0, asm.R3, write),
		asm.Mov.Reg(asm.R0, asm.R3),
	)
	g.setLabel(write)
	g.pop(asm.R1)
	done := g.label("cpsdone")
	g.emit(
		asm.JSLE.Imm(asm.R0, 0, done),
		asm.JGT.Imm(asm.R0, int32(g.strbuf), done),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Imm(asm.R2, a),
		asm.StoreMem(asm.RFP, -8*int16(g.c.depth+1), asm.R1, asm.DWord),
		asm.FnProbeWriteUser.Call(),
		asm.JEq.Imm(asm.R0, 0, done),
	)
	g.setLabel(bad)
	g.emit(asm.LoadMem(asm.R0, asm.RFP, -8*int16(g.c.depth+1), asm.DWord))
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(done)
	g.emit(nop())
}

// needWriteUser fails the compilation of call when the target will not
// let BPF programs write user memory.
func (g *gen) needWriteUser(call *ast.CallExpr) {
	if err := g.target.WriteUser; err != nil {
		name := ast.Unparen(call.Fun).(*ast.Ident).Name
		if errors.Is(err, feature.ErrNotSupported) {
			err = kernelRefuses{fmt.Sprintf("%s(): this kernel does not let BPF programs write user memory (it may be in lockdown)", name), err}
		}
		g.fail(call, err)
	}
}

// kernelRefuses is what the target kernel will not let a program do,
// which no code could do there: its text says what, and it wraps the
// feature probe's result (matching feature.ErrNotSupported), not
// ErrNotSupported, as nothing is missing from code generation.
type kernelRefuses struct {
	msg   string
	probe error
}

func (k kernelRefuses) Error() string { return k.msg }
func (k kernelRefuses) Unwrap() error { return k.probe }
