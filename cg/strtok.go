package cg

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/d/ast"
)

// strtok() keeps the string it splits in the strtok area of the
// clause-local space, and where it goes on in the machine state
// (bpfrt.MstTok), which each firing starts at -1: strtok(NULL, ...) goes
// on where the last call of the same firing stopped, and faults when
// there was none, as in DTrace.

// strtokSize is the size of the strtok area: the string.
func (g *gen) strtokSize() int { return align8(g.strbuf) }

// isDelim sets R0 to 1 when the character in R5 is in the string of
// slot b, else 0; it uses R0, R1 and R2.
func (g *gen) isDelim(b int) {
	loop, yes, done := g.label("delim"), g.label("delimyes"), g.label("delimdone")
	g.emit(asm.Mov.Imm(asm.R2, 0))
	g.setLabel(loop)
	g.emit(
		asm.Mov.Imm(asm.R0, 0),
		asm.JGE.Imm(asm.R2, int32(g.strbuf), done),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Reg(asm.R1, asm.R2),
		asm.LoadMem(asm.R1, asm.R1, int16(b), asm.Byte),
		asm.JEq.Imm(asm.R1, 0, done),
		asm.JEq.Reg(asm.R1, asm.R5, yes),
		asm.Add.Imm(asm.R2, 1),
		asm.Ja.Label(loop),
	)
	g.setLabel(yes)
	g.emit(asm.Mov.Imm(asm.R0, 1))
	g.setLabel(done)
	g.emit(nop())
}

// strtok generates strtok(s, delims) into a scratch slot.
func (g *gen) strtok(call *ast.CallExpr) {
	kf, err := iterKfuncs()
	if err != nil {
		g.fail(call, err)
	}
	if g.c.depth+1 > maxDepth {
		g.tooComplex(call)
	}
	buf := g.l.This + g.strtokArea
	pos := int16(bpfrt.MstTok)
	// Only a NULL written as such goes on with the last string: one that
	// is NULL at run time faults as any string read does.
	if ti := g.typeOf(call.Args[0]); ti.Const && ti.Value == 0 {
		ok := g.label("tokstate")
		g.emit(
			asm.LoadMem(asm.R0, rScratch, pos, asm.DWord),
			asm.JNE.Imm(asm.R0, -1, ok),
			asm.Mov.Imm(asm.R0, 0),
		)
		g.fault(bpfrt.FaultBadAddr)
		g.setLabel(ok)
		g.emit(nop())
	} else {
		g.expr(call.Args[0])
		g.notNull()
		g.copyStr(rScratch, buf)
		g.emit(bpfrt.StoreImm64(rScratch, pos, 0))
	}
	g.expr(call.Args[1])
	b := g.toSlot()
	dst := g.strSlot()
	it := int16(-8 * (g.c.depth + 1))
	start := int16(g.l.This + g.baseWord)
	// scan moves the position over the characters that are (or, with
	// token, are not) delimiters.
	scan := func(token bool) {
		loop, end := g.label("tok"), g.label("tokend")
		g.iterLoop(kf, it, int32(g.strbuf), loop, end)
		g.emit(
			asm.LoadMem(asm.R3, rScratch, pos, asm.DWord),
			asm.JGE.Imm(asm.R3, int32(g.strbuf), end),
			asm.Mov.Reg(asm.R5, rScratch),
			asm.Add.Reg(asm.R5, asm.R3),
			asm.LoadMem(asm.R5, asm.R5, int16(buf), asm.Byte),
			asm.JEq.Imm(asm.R5, 0, end),
		)
		g.isDelim(b)
		stop := asm.JEq
		if token {
			stop = asm.JNE
		}
		g.emit(
			stop.Imm(asm.R0, 0, end),
			asm.Add.Imm(asm.R3, 1),
			asm.StoreMem(rScratch, pos, asm.R3, asm.DWord),
			asm.Ja.Label(loop),
		)
		g.setLabel(end)
		g.iterDestroy(kf, it)
	}
	scan(false)
	g.emit(asm.LoadMem(asm.R0, rScratch, pos, asm.DWord), asm.StoreMem(rScratch, start, asm.R0, asm.DWord))
	scan(true)
	empty, done, end := g.label("tokempty"), g.label("tokdone"), g.label("tokend")
	g.emit(
		asm.LoadMem(asm.R3, rScratch, start, asm.DWord),
		asm.LoadMem(asm.R2, rScratch, pos, asm.DWord),
		asm.JGE.Imm(asm.R3, int32(g.strbuf), empty),
		asm.JGE.Imm(asm.R2, int32(g.strbuf), empty),
		// The delimiter that ends the token stays: the next call skips
		// it if it is one of its own delimiters, as in DTrace.
		asm.JLE.Reg(asm.R2, asm.R3, empty),
		asm.Sub.Reg(asm.R2, asm.R3),
		asm.Add.Imm(asm.R2, 1),
		// Only for the verifier, which lost that R2 > R3 above.
		asm.JSLE.Imm(asm.R2, 1, empty),
	)
	g.copyChars(buf, dst, empty)
	g.emit(asm.Ja.Label(done))
	g.setLabel(done)
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(dst)), asm.Ja.Label(end))
	// No token left: NULL, as in DTrace, the position at the end.
	g.setLabel(empty)
	g.emit(asm.Mov.Imm(asm.R0, 0))
	g.setLabel(end)
	g.emit(nop())
}
