package cg

import (
	"errors"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/token"
)

// Translated values (xlate<T>(x), xlate<T *>(x), a translated args[i],
// curpsinfo and the other inlines made of them) exist nowhere in memory:
// a member of one, X->m or X.m, is the translator's expression for m,
// evaluated with the translator's parameter standing for the input,
// which is evaluated once into a stack slot the parameter reads. Only
// the members a clause uses cost anything.
//
// A translated value used whole (print(*curpsinfo), trace(xlate<T>(x)),
// an assignment to a variable of the struct type, or the pointer itself)
// is built in the translation area: every member the translator defines
// is evaluated into a zeroed struct there, and the value is that
// struct's address, as DTrace builds it in alloca() memory. A member of
// array type whose source is not an array of the same size is copied
// there too. The area belongs to the clause-local space; full
// expressions take from it like a stack and give back what they took, so
// its size is the most one statement needs (xlateNeed).

// xlation is a translated value: the translator, how its input is
// evaluated, and whether the value is a pointer to the translated struct
// (xlate<T *>, args[i], curpsinfo) or the struct.
type xlation struct {
	xl    *check.Xlator
	input func()
	ptr   bool
	// node is the xlate or the args[i] the value comes from.
	node ast.Node
}

// translation reports whether e's value comes through a translator.
func (g *gen) translation(e ast.Expr) (xlation, bool) {
	switch x := ast.Unparen(e).(type) {
	case *ast.XlateExpr:
		xl := g.info.Xlated[x]
		if xl == nil {
			g.fail(x, errors.New("internal error: no translator for xlate"))
		}
		return xlation{xl: xl, input: func() { g.expr(x.X) }, ptr: ctype.IsPointer(g.typeOf(x).Type), node: x}, true
	case *ast.IndexExpr:
		if v := g.inlineArray(x); v != nil {
			tr, ok := g.translation(v.Inline.Value)
			if ok {
				input := tr.input
				tr.input = func() { g.withInlineArgs(x, v, input) }
			}
			return tr, ok
		}
		i, ok := g.translatedArg(x)
		if !ok {
			return xlation{}, false
		}
		return xlation{xl: g.ci.Xlators[i], input: func() { g.loadArg(x, i) }, ptr: ctype.IsPointer(g.ci.Args[i]), node: x}, true
	case *ast.Ident:
		if v := g.info.Vars[x]; v != nil && v.Kind == check.Inline && v.Inline != nil {
			return g.translation(v.Inline.Value)
		}
	case *ast.UnaryExpr:
		if x.Op == token.MUL {
			if tr, ok := g.translation(x.X); ok && tr.ptr {
				tr.ptr = false
				return tr, true
			}
		}
	}
	return xlation{}, false
}

// translatedArg reports whether e is args[i] of a translated argument,
// and which.
func (g *gen) translatedArg(e *ast.IndexExpr) (int, bool) {
	if g.ci == nil || len(e.Index) != 1 {
		return 0, false
	}
	id, ok := ast.Unparen(e.X).(*ast.Ident)
	if !ok {
		return 0, false
	}
	if v := g.info.Vars[id]; v == nil || v.Kind != check.BuiltinVar || v.Builtin.Name != "args" {
		return 0, false
	}
	ti := g.info.Types[e.Index[0]]
	if ti == nil || !ti.Const || ti.Value < 0 || ti.Value >= int64(len(g.ci.Xlators)) {
		return 0, false
	}
	i := int(ti.Value)
	return i, g.ci.Xlators[i] != nil
}

// memberOf returns the translator's expression for member name, or nil.
func memberOf(xl *check.Xlator, name string) ast.Expr {
	for _, m := range xl.Decl.Members {
		if m.Name.Name == name {
			return m.Value
		}
	}
	return nil
}

// withInput evaluates tr's input into a stack slot, runs body with the
// translator's parameter reading it, and frees the slot.
func (g *gen) withInput(tr xlation, body func()) {
	tr.input()
	g.push(tr.node)
	g.c.xin = append(g.c.xin, g.c.depth)
	body()
	g.c.xin = g.c.xin[:len(g.c.xin)-1]
	g.c.depth--
}

// xlateMember evaluates member name of the translated value tr, of type
// t, into R0: an integer or pointer normalised to t, a string's address,
// or, for an array or struct member, its address.
func (g *gen) xlateMember(n ast.Node, tr xlation, name string, t *ctype.Type) {
	val := memberOf(tr.xl, name)
	if val == nil {
		g.unsupported(n, "translated member "+name+" the translator does not define")
	}
	g.withInput(tr, func() {
		vt := g.expr(val)
		if !isAggregate(t) || isStr(t) {
			g.convert(val, vt, t, true)
			g.normalize(asm.R0, t)
			return
		}
		if isAggregate(vt) && !isStr(vt) && vt.Sizeof() == t.Sizeof() {
			return // the source has the member's layout: use it in place
		}
		off := g.xlateSlot(n, int(t.Sizeof()))
		g.push(n)
		g.zeroScratch(off, int(t.Sizeof()))
		g.pop(asm.R0)
		g.storeInto(n, off, t, vt)
		g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(off)))
	})
}

// materialize builds the translated struct of tr in the translation area
// and leaves its address in R0.
func (g *gen) materialize(tr xlation) {
	out := ctype.Resolve(tr.xl.Out)
	size := int(out.Sizeof())
	off := g.xlateSlot(tr.node, size)
	g.zeroScratch(off, size)
	g.withInput(tr, func() {
		for _, m := range out.Members() {
			val := memberOf(tr.xl, m.Name)
			if val == nil {
				continue // left zero, as DTrace leaves it
			}
			// What a member's value takes is free once it is stored.
			slot, xarea := g.c.slot, g.c.xarea
			vt := g.expr(val)
			if m.Bits != 0 {
				// Merged into the bits of its unit, as a store to a
				// bit-field of a D variable is.
				g.convert(val, vt, m.Type, true)
				g.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Reg(asm.R2, rScratch))
				g.storeBits(m, m.Type, int16(off+int(m.Offset/8)))
				g.c.slot, g.c.xarea = slot, xarea
				continue
			}
			if !isAggregate(m.Type) && !isStr(m.Type) {
				g.convert(val, vt, m.Type, true)
				g.normalize(asm.R0, m.Type)
			}
			g.storeInto(tr.node, off+int(m.Offset/8), m.Type, vt)
			g.c.slot, g.c.xarea = slot, xarea
		}
	})
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(off)))
}

// storeInto stores the value in R0, of type vt, as a value of type t at
// off from the scratch pointer: an integer or pointer, a string (at most
// t's size, NUL included), or the bytes of an array or struct, as many
// as both have (or t has, from a pointer), the rest left as they are.
func (g *gen) storeInto(n ast.Node, off int, t, vt *ctype.Type) {
	size := int(t.Sizeof())
	switch {
	case !isAggregate(t) && !isStr(t):
		g.emit(asm.StoreMem(rScratch, int16(off), asm.R0, sizeOp(size)))
	case isStr(vt) || isStr(t):
		g.emit(
			asm.Mov.Reg(asm.R3, asm.R0),
			asm.Mov.Reg(asm.R1, rScratch),
			asm.Add.Imm(asm.R1, int32(off)),
			asm.Mov.Imm(asm.R2, int32(min(size, g.strbuf))),
			asm.FnProbeReadKernelStr.Call(),
		)
	case isAggregate(vt):
		g.readMem(off, min(size, int(vt.Sizeof())))
	case ctype.IsPointer(vt):
		// An array or struct member given a pointer takes the bytes
		// it points to, as many as the member has, as DTrace copies
		// them.
		g.readMem(off, size)
	default:
		g.unsupported(n, "translating "+vt.String()+" to "+t.String())
	}
}

// zeroScratch zeroes size bytes at off from the scratch pointer: with
// stores when they are few, else with one bpf_probe_read_kernel of
// address 0, which fails and zeroes its destination.
func (g *gen) zeroScratch(off, size int) {
	if size <= 64 {
		for i := 0; i < size; i += 8 {
			g.emit(bpfrt.StoreImm64(rScratch, int16(off+i), 0))
		}
		return
	}
	g.emit(
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, int32(off)),
		asm.Mov.Imm(asm.R2, int32(size)),
		asm.Mov.Imm(asm.R3, 0),
		asm.FnProbeReadKernel.Call(),
	)
}

// xlateSlot takes size bytes of the translation area for the full
// expression being generated and returns their offset from the scratch
// pointer.
func (g *gen) xlateSlot(n ast.Node, size int) int {
	size = align8(size)
	if g.c.xarea+size > g.xlateSize {
		g.fail(n, errors.New("internal error: the translation area is too small"))
	}
	off := g.l.This + g.xlateArea + g.c.xarea
	g.c.xarea += size
	return off
}

// xlateInput loads the parameter of the translator being applied.
func (g *gen) xlateInput(e *ast.Ident, t *ctype.Type) {
	if len(g.c.xin) == 0 {
		g.fail(e, errors.New("internal error: translator parameter outside a translation"))
	}
	g.emit(asm.LoadMem(asm.R0, asm.RFP, int16(-8*g.c.xin[len(g.c.xin)-1]), asm.DWord))
	g.normalize(asm.R0, t)
}

// maxXlateDepth bounds the translations nested in translators' members
// that xlateNeed follows: a translator whose members translate with
// itself would never end.
const maxXlateDepth = 8

// xlateNeeds returns the size of the translation area the program needs:
// the most any one statement or predicate of a clause takes.
func (g *gen) xlateNeeds() int {
	size := 0
	for _, ci := range g.info.Clauses {
		g.ci = ci
		if ci.Clause.Pred != nil {
			size = max(size, g.xlateNeed(ci.Clause.Pred, 0))
		}
		ast.Inspect(ci.Clause, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.ExprStmt:
				size = max(size, g.xlateNeed(s.X, 0))
				return false
			case *ast.IfStmt:
				size = max(size, g.xlateNeed(s.Cond, 0))
			}
			return true
		})
	}
	g.ci = nil
	return size
}

// xlateNeed returns how much of the translation area evaluating e may
// take: each translated value used whole takes its struct, each array
// or struct member of one its size, and what their translators'
// expressions take besides.
func (g *gen) xlateNeed(e ast.Node, depth int) int {
	if depth > maxXlateDepth {
		g.fail(e, errors.New("translators nest too deep"))
	}
	need := 0
	ast.Inspect(e, func(n ast.Node) bool {
		x, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if u, ok := ast.Unparen(x).(*ast.UnaryExpr); ok && u.Op == token.AND {
			// The address of a scalar member: its value is stored in
			// the area (kaddr).
			if s, ok := ast.Unparen(u.X).(*ast.SelectorExpr); ok {
				if _, ok := g.translation(s.X); ok {
					need += 8
				}
			}
		}
		if s, ok := ast.Unparen(x).(*ast.SelectorExpr); ok {
			tr, ok := g.translation(s.X)
			if !ok {
				return true
			}
			need += g.inputNeed(tr, depth)
			if val := memberOf(tr.xl, s.Sel.Name); val != nil {
				need += g.xlateNeed(val, depth+1)
				if t := g.info.Types[s]; t != nil && isAggregate(t.Type) && !isStr(t.Type) {
					need += align8(int(t.Type.Sizeof()))
				}
			}
			return false
		}
		if tr, ok := g.translation(x); ok {
			need += g.inputNeed(tr, depth) + align8(int(tr.xl.Out.Sizeof()))
			for _, m := range tr.xl.Decl.Members {
				need += g.xlateNeed(m.Value, depth+1)
			}
			return false
		}
		if id, ok := x.(*ast.Ident); ok {
			if v := g.info.Vars[id]; v != nil && v.Kind == check.Inline && v.Inline != nil {
				need += g.xlateNeed(v.Inline.Value, depth+1)
			}
		}
		if ix, ok := x.(*ast.IndexExpr); ok {
			if v := g.inlineArray(ix); v != nil {
				need += g.xlateNeed(v.Inline.Value, depth+1)
			}
		}
		return true
	})
	return need
}

// inputNeed is what evaluating tr's input takes from the translation
// area: an xlate's operand may need some, an args[i] none.
func (g *gen) inputNeed(tr xlation, depth int) int {
	if x, ok := tr.node.(*ast.XlateExpr); ok {
		return g.xlateNeed(x.X, depth+1)
	}
	return 0
}
