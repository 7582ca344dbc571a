package cg

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/token"
)

// Loads through pointers into alloca() memory are checked as DTrace checks
// them: against what the running clause has allocated so far, which the
// top word of the clause's area holds (bytes from the area's start; the
// prologue zeroes it, each alloca() raises it). An address outside
// [start, start+top) faults with "invalid address", as does a pointer
// kept from another clause or firing, whose memory is no longer
// allocated; an access that starts inside but runs past the top faults
// with "invalid size".

// isAlloca reports whether the value of e points into alloca() memory,
// as the checker's alloca taint has it (Info.Alloca).
func (g *gen) isAlloca(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		return isCall(e, "alloca") || isCall(e, "copyin")
	case *ast.CastExpr:
		return g.isAlloca(e.X)
	case *ast.Ident, *ast.ScopedVar:
		v := g.info.Vars[e]
		return v != nil && g.info.Alloca[v] && !ctype.IsString(v.Type)
	case *ast.BinaryExpr:
		return (e.Op == token.ADD || e.Op == token.SUB) && (g.isAlloca(e.X) || g.isAlloca(e.Y))
	case *ast.AssignExpr:
		return g.isAlloca(e.Rhs)
	}
	return false
}

// allocaLoad reports whether the load of n (*p, p[i], p->m and members
// of those) reads through a pointer into alloca() memory.
func (g *gen) allocaLoad(n ast.Node) bool {
	switch x := n.(type) {
	case *ast.ParenExpr:
		return g.allocaLoad(x.X)
	case *ast.UnaryExpr:
		return x.Op == token.MUL && g.isAlloca(x.X)
	case *ast.IndexExpr:
		if ti := g.info.Types[x.X]; ti != nil && ctype.IsPointer(ti.Type) {
			return g.isAlloca(x.X)
		}
		return g.allocaLoad(x.X)
	case *ast.SelectorExpr:
		if x.Op == token.ARROW {
			return g.isAlloca(x.X)
		}
		return g.allocaLoad(x.X)
	}
	return false
}

// allocaCheck faults unless the size bytes at the address in R0 lie in
// what the clause has allocated; R0 is kept, R1 and R2 are not.
func (g *gen) allocaCheck(size int) { g.allocaCheckSize(size, 0, false) }

// allocaCheckReg is allocaCheck for a size in register r (not R0-R2),
// known only at run time: one beyond the alloca() area is an invalid
// size at once.
func (g *gen) allocaCheckReg(r asm.Register) { g.allocaCheckSize(0, r, true) }

func (g *gen) allocaCheckSize(size int, r asm.Register, inReg bool) {
	g.c.allocaTop = true
	start := int32(g.l.This + g.allocArea)
	base := int16(g.l.This + g.baseWord)
	top := int16(g.l.This + g.allocTop)
	badAddr, badSize, ok := g.label("allocbadaddr"), g.label("allocbadsize"), g.label("allocinside")
	if inReg {
		g.emit(asm.JGT.Imm(r, int32(g.allocSize), badSize))
	}
	// Addresses compared as numbers (see allocaPtr).
	g.forget(asm.R0, 1)
	g.emit(
		asm.StoreMem(rScratch, base, rScratch, asm.DWord),
		asm.LoadMem(asm.R1, rScratch, base, asm.DWord),
		asm.Add.Imm(asm.R1, start),
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Sub.Reg(asm.R2, asm.R1),
		asm.LoadMem(asm.R1, rScratch, top, asm.DWord),
		// Unsigned: an address below the start is far above the top.
		asm.JGE.Reg(asm.R2, asm.R1, badAddr),
	)
	if inReg {
		g.emit(asm.Add.Reg(asm.R2, r))
	} else {
		g.emit(asm.Add.Imm(asm.R2, int32(size)))
	}
	g.emit(
		asm.JLE.Reg(asm.R2, asm.R1, ok),
		asm.Ja.Label(badSize),
	)
	g.setLabel(badAddr)
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(badSize)
	if inReg {
		g.emit(asm.Mov.Reg(asm.R0, r))
	} else {
		g.emit(asm.Mov.Imm(asm.R0, int32(size)))
	}
	g.fault(bpfrt.FaultBadSize)
	g.setLabel(ok)
	g.emit(nop())
}
