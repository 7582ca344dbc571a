package cg

import (
	"github.com/cilium/ebpf/asm"
	"github.com/godtrace/godtrace/d/ast"
)

// maxNSpec bounds nspec: speculation() tries each buffer in turn with
// unrolled code, so the bound keeps clauses small for the verifier.
const maxNSpec = 64

// speculation generates R0 = speculation() (see bpfrt.Layout.Speculation).
func (g *gen) speculation() {
	g.emit(g.l.Speculation(rScratch, g.label("spec"))...)
}

// speculate generates speculate(id): the id goes into the header of the
// clause's record, which the clause then outputs with OutputSpec. With id
// 0, as DTrace does for an id it cannot speculate on, the clause ends
// there: nothing after speculate() runs or is recorded.
func (g *gen) speculate(e ast.Expr) {
	g.c.speculates = true
	g.expr(e)
	ok := g.label("specid")
	g.emit(asm.JNE.Imm(asm.R0, 0, ok), asm.Return())
	g.setLabel(ok)
	g.emit(asm.StoreMem(rScratch, int16(g.l.Stage+4), asm.R0, asm.Word))
}

// specEnd generates commit(id) or discard(id).
func (g *gen) specEnd(e ast.Expr, discard bool) {
	g.inR9(e, func() asm.Instructions {
		return g.l.SpecEnd(rCtx, rScratch, rStrtab, discard, g.label("specend"))
	})
}
