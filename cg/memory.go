package cg

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/token"
)

// alloca() memory is an area of the clause-local space: each alloca()
// call of a clause gets its own constant offset in it, so a pointer to
// alloca'd memory is a real kernel address (as in DTrace, it prints as
// one) that loads read with bpf_probe_read_kernel like any other. A
// store through a pointer is only allowed into that area: the verifier
// cannot write through an address it does not know, so the store turns
// the address back into an offset from the scratch value, checks it
// against the area and writes through the scratch pointer.

// allocaSize returns the alloca() area the largest clause needs: its
// alloca() and copyin() memory.
func (g *gen) allocaSize() int {
	size := 0
	for _, ci := range g.info.Clauses {
		n := 0
		ast.Inspect(ci.Clause, func(x ast.Node) bool {
			call, ok := x.(*ast.CallExpr)
			if !ok {
				return true
			}
			arg := -1
			switch {
			case isCall(call, "alloca") && len(call.Args) == 1:
				arg = 0
			case isCall(call, "copyin") && len(call.Args) == 2:
				arg = 1
			}
			if arg < 0 {
				return true
			}
			if ti := g.info.Types[call.Args[arg]]; ti != nil && ti.Const && ti.Value > 0 {
				n += align8(int(ti.Value))
			}
			return true
		})
		size = max(size, n)
	}
	// At least a word, so that a store through a pointer has an area to
	// check its address against even when nothing is alloca'd.
	return max(size, 8)
}

// isCall reports whether call calls the function name.
func isCall(call *ast.CallExpr, name string) bool {
	id, ok := unparen(call.Fun).(*ast.Ident)
	return ok && id.Name == name
}

// alloca points R0 at a zeroed piece of n bytes of the clause's alloca
// area.
func (g *gen) alloca(call *ast.CallExpr, n int) {
	size := align8(n)
	off := g.l.This + g.allocArea + g.c.alloca
	g.c.alloca += size
	for i := 0; i < size; i += 8 {
		g.emit(bpfrt.StoreImm64(rScratch, int16(off+i), 0))
	}
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(off)))
}

// storeMem stores R0 (an integer normalised to t) at the address of e,
// which inKernel designates, leaving the value in R0; an address outside
// the alloca area faults.
func (g *gen) storeMem(e ast.Expr, t *ctype.Type) {
	if !ctype.IsInteger(t) && !ctype.IsPointer(t) {
		g.unsupported(e, "store of a value of type "+t.String()+" through a pointer")
	}
	size := int(t.Sizeof())
	bits, isBits := g.bitField(e)
	if isBits {
		size, _ = bitUnit(bits)
	}
	g.push(e)
	g.kaddr(e)
	g.allocaPtr(e, size)
	start := g.l.This + g.allocArea
	if isBits {
		g.pop(asm.R1)
		g.storeBits(bits, t, int16(start))
		return
	}
	g.pop(asm.R0)
	g.emit(asm.StoreMem(asm.R2, int16(start), asm.R0, sizeOp(size)))
}

// allocaPtr checks that the size bytes at the address in R0 lie in the
// alloca() area and sets R2 to their offset from the area's start plus
// the scratch pointer, so that R2+start addresses them; any other
// address faults.
func (g *gen) allocaPtr(n ast.Node, size int) {
	if size > g.allocSize {
		g.fail(n, fmt.Errorf("%d bytes do not fit in the %d bytes of alloca() memory", size, g.allocSize))
	}
	start := g.l.This + g.allocArea
	base := int16(g.l.This + g.baseWord)
	ok := g.label("allocok")
	// The scratch pointer stored into the map value and read back is its
	// address as a plain number (root may leak pointers into maps); so is
	// the address, which may be a pointer fresh from alloca().
	g.forget(asm.R0, 1)
	g.emit(
		asm.StoreMem(rScratch, base, rScratch, asm.DWord),
		asm.LoadMem(asm.R1, rScratch, base, asm.DWord),
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Sub.Reg(asm.R2, asm.R1),
		asm.Sub.Imm(asm.R2, int32(start)),
		asm.JLE.Imm(asm.R2, int32(g.allocSize-size), ok),
	)
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(ok)
	g.emit(asm.Add.Reg(asm.R2, rScratch))
}

// copyMem copies size constant bytes of user memory at addr into fresh
// alloca() memory (copyin()), or into the alloca'd dest (copyinto());
// with kernel, bcopy() copies kernel memory the same way.
func (g *gen) copyMem(call *ast.CallExpr, addr, sizeArg, dest ast.Expr, kernel bool) {
	ti := g.typeOf(sizeArg)
	if !ti.Const || ti.Value <= 0 {
		g.unsupported(call, "a copy of a size that is not a positive constant")
	}
	size := int(ti.Value)
	g.expr(addr)
	g.push(call)
	if dest == nil {
		g.alloca(call, size)
	} else {
		g.expr(dest)
	}
	g.allocaPtr(call, size)
	// R2+start is the destination, and the result of copyin().
	start := int32(g.l.This + g.allocArea)
	g.emit(asm.Add.Imm(asm.R2, start), asm.Mov.Reg(asm.R1, asm.R2))
	g.pop(asm.R3)
	g.emit(asm.Mov.Reg(asm.R0, asm.R3))
	g.push(call) // the source, for the fault
	g.emit(asm.Mov.Reg(asm.R0, asm.R1))
	g.push(call) // the destination
	fn := asm.FnProbeReadUser
	if kernel {
		fn = asm.FnProbeReadKernel
	}
	ok := g.label("cpok")
	g.emit(asm.Mov.Imm(asm.R2, int32(size)), fn.Call())
	g.pop(asm.R1)
	g.pop(asm.R2)
	g.emit(asm.JEq.Imm(asm.R0, 0, ok), asm.Mov.Reg(asm.R0, asm.R2))
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(ok)
	g.emit(asm.Mov.Reg(asm.R0, asm.R1))
}

// readMem copies size bytes at the kernel address in R0 to off from the
// scratch pointer, faulting with the address when they cannot be read.
func (g *gen) readMem(off, size int) { g.readMemTo(rScratch, off, size) }

// readMemTo copies size bytes at the kernel address in R0 to off from
// base, faulting with the address when they cannot be read.
func (g *gen) readMemTo(base asm.Register, off, size int) {
	ok := g.label("rdok")
	g.push(nil)
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Mov.Reg(asm.R1, base),
		asm.Add.Imm(asm.R1, int32(off)),
		asm.Mov.Imm(asm.R2, int32(size)),
		asm.FnProbeReadKernel.Call(),
	)
	g.pop(asm.R1)
	g.emit(asm.JEq.Imm(asm.R0, 0, ok), asm.Mov.Reg(asm.R0, asm.R1))
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(ok)
	g.emit(nop())
}

// recordBytes records the size bytes at the address in R0 as raw memory,
// which prints as a hex dump.
func (g *gen) recordBytes(act bpfrt.Action, size int) {
	if size <= 0 {
		g.fail(nil, fmt.Errorf("recording %d bytes", size))
	}
	off := g.record(act, size, 8, KindBytes, -1)
	g.readMem(int(g.stageOff(off)), size)
}

// tracemem records tracemem(addr, size): size constant bytes at addr.
func (g *gen) tracemem(call *ast.CallExpr) {
	ti := g.typeOf(call.Args[1])
	if !ti.Const || ti.Value <= 0 {
		g.unsupported(call, "tracemem() of a size that is not a positive constant")
	}
	if len(call.Args) > 2 {
		g.unsupported(call, "tracemem() with a dynamic size")
	}
	g.expr(call.Args[0])
	g.recordBytes(ActTrace, int(ti.Value))
}

// isAggregate reports whether t is a struct, union or array type, whose
// values are their addresses in registers.
func isAggregate(t *ctype.Type) bool {
	switch ctype.Resolve(t).Kind {
	case ctype.Struct, ctype.Union, ctype.Array:
		return true
	}
	return false
}

// throughPointer reports whether the store target e is memory reached
// through a pointer, rather than a D variable (inKernel also holds for
// the elements of a global array, which loads read from its address).
func (g *gen) throughPointer(e ast.Expr) bool {
	switch x := unparen(e).(type) {
	case *ast.IndexExpr:
		if v := g.info.Vars[unparen(x.X)]; v != nil && (v.Kind == check.BuiltinVar || v.Type != nil && ctype.Resolve(v.Type).Kind == ctype.Array) {
			// args[], uregs[] and global arrays are D variables.
			return false
		}
	case *ast.SelectorExpr:
		if x.Op != token.ARROW && !g.throughPointer(x.X) {
			return false
		}
	}
	return g.inKernel(e)
}
