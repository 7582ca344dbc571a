package cg

import (
	"fmt"
	"math"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/token"
)

// typeOf returns what the checker says about e.
func (g *gen) typeOf(e ast.Expr) *check.TypeInfo {
	ti := g.info.Types[e]
	if ti == nil || ti.Type == nil {
		g.fail(e, fmt.Errorf("internal error: expression %s has no type", ast.String(e)))
	}
	return ti
}

// isStr reports whether values of t are strings (pointers to characters
// in D's string sense).
func isStr(t *ctype.Type) bool { return ctype.IsString(t) }

// loadConst sets r to v.
func (g *gen) loadConst(r asm.Register, v int64) {
	if v >= math.MinInt32 && v <= math.MaxInt32 {
		g.emit(asm.Mov.Imm(r, int32(v)))
		return
	}
	g.emit(asm.LoadImm(r, v, asm.DWord))
}

// normalize truncates R0 to integer type t and extends it back to 64 bits
// as C converts to t.
func (g *gen) normalize(r asm.Register, t *ctype.Type) {
	rt := ctype.Resolve(t)
	if !ctype.IsInteger(rt) {
		return
	}
	size := rt.Sizeof()
	if rt.Enc&ctype.Bool != 0 {
		ne := g.label("bool")
		g.emit(asm.JEq.Imm(r, 0, ne), asm.Mov.Imm(r, 1))
		g.setLabel(ne)
		g.emit(nop())
		return
	}
	signed := ctype.IsSigned(rt)
	switch {
	case size >= 8:
	case signed && !g.target.V4:
		// Kernels before the v4 instruction set have no sign-extending
		// move: shift the value to the top and back.
		g.emit(asm.LSh.Imm(r, int32(64-8*size)), asm.ArSh.Imm(r, int32(64-8*size)))
	case signed && size == 4:
		g.emit(asm.MovSX32.Reg(r, r))
	case signed && size == 2:
		g.emit(asm.MovSX16.Reg(r, r))
	case signed && size == 1:
		g.emit(asm.MovSX8.Reg(r, r))
	case size == 4:
		g.emit(asm.Mov.Reg32(r, r))
	case size == 2:
		g.emit(asm.And.Imm(r, 0xffff))
	case size == 1:
		g.emit(asm.And.Imm(r, 0xff))
	}
}

// expr evaluates e into R0 and returns its type.
func (g *gen) expr(e ast.Expr) *ctype.Type {
	ti := g.typeOf(e)
	if ti.Const && ctype.IsInteger(ti.Type) {
		g.loadConst(asm.R0, ti.Value)
		return ti.Type
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		g.expr(e.X)
	case *ast.StringLit:
		g.strConst(e.Value)
	case *ast.Ident:
		g.ident(e, ti.Type)
	case *ast.ScopedVar:
		g.loadVar(e, ti.Type)
	case *ast.IndexExpr:
		if g.isStrIndex(e) {
			g.strIndex(e)
		} else if tr, ok := g.translation(e); ok {
			g.materialize(tr)
		} else if v := g.inlineArray(e); v != nil {
			g.withInlineArgs(e, v, func() { g.exprAs(v.Inline.Value, ti.Type, true) })
		} else if g.inKernel(e) {
			g.kaddr(e)
			g.loadKernel(e, ti.Type)
		} else {
			g.loadVar(e, ti.Type)
		}
	case *ast.UnaryExpr:
		g.unary(e, ti.Type)
	case *ast.PostfixExpr:
		g.incdec(e, e.X, e.Op, true)
	case *ast.BinaryExpr:
		g.binary(e, ti.Type)
	case *ast.AssignExpr:
		g.assign(e)
	case *ast.CondExpr:
		g.ternary(e)
	case *ast.CastExpr:
		g.cast(e, ti.Type)
	case *ast.CallExpr:
		g.subr(e)
	case *ast.SelectorExpr:
		g.selector(e, ti.Type)
	case *ast.StringofExpr:
		g.stringof(e)
	case *ast.XlateExpr:
		tr, _ := g.translation(e)
		g.materialize(tr)
	default:
		g.unsupported(e, "expression "+ast.String(e))
	}
	return ti.Type
}

// cond evaluates e as a truth value into R0 (non-zero is true). A
// string is true when it is not NULL, as in DTrace, which tests its
// address. An integer computed with bits its type has no room for is
// truncated first: (x ^ y) of ints is true when the int is.
func (g *gen) cond(e ast.Expr) {
	t := g.expr(e)
	if g.dirty(e) {
		g.normalize(asm.R0, t)
	}
}

// dirty reports whether the value of integer expression e, narrower than
// 64 bits, may hold bits its type has no room for. Operators compute in
// 64 bits and leave their result as it comes (+, -, *, <<, ~ and unary -
// may carry out of the type, / and % may overflow, &, | and ^ keep what
// their operands carry, >> shifts its operand within its type); whatever
// converts the value to another type, compares it, tests it or stores it
// truncates it first (convert). So (int)(x + x) wraps as C's does, while
// an expression whose intermediate values overflow an int and come back
// within it, i = i * i / i, keeps the 64-bit result DTrace computes. A
// folded constant is dirty when its value lies outside its type.
func (g *gen) dirty(e ast.Expr) bool {
	ti := g.info.Types[e]
	if ti == nil || !ctype.IsInteger(ti.Type) || ti.Type.Sizeof() >= 8 {
		return false
	}
	if ti.Const {
		return truncate(ti.Value, ti.Type) != ti.Value
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return g.dirty(e.X)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB, token.MUL, token.DIV, token.MOD, token.SHL:
			return true
		case token.AND, token.OR, token.XOR:
			return g.dirty(e.X) || g.dirty(e.Y)
		case token.COMMA:
			return g.dirty(e.Y)
		}
	case *ast.UnaryExpr:
		switch e.Op {
		case token.SUB, token.BNEG:
			return true
		case token.ADD:
			return g.dirty(e.X)
		}
	case *ast.CondExpr:
		return g.dirty(e.X) || g.dirty(e.Y)
	}
	return false
}

// truncate returns v truncated to integer type t and extended back to 64
// bits as normalize does in a register.
func truncate(v int64, t *ctype.Type) int64 {
	r := ctype.Resolve(t)
	size := r.Sizeof()
	if size <= 0 || size >= 8 || r.Enc&ctype.Bool != 0 {
		return v
	}
	bits := uint(64 - 8*size)
	if ctype.IsSigned(r) {
		return v << bits >> bits
	}
	return int64(uint64(v) << bits >> bits)
}

// exprAs evaluates e into R0 converted to integer type t as C converts a
// value (clean), or as an operand of an operator of type t (not clean):
// an operand of t's own type keeps what it carries beyond its type (see
// dirty), one of another type is truncated to its own type before it is
// converted.
func (g *gen) exprAs(e ast.Expr, t *ctype.Type, clean bool) {
	from := g.expr(e)
	g.convert(e, from, t, clean)
}

// convert converts R0, the value of e of type from, to type t (see
// exprAs). A value of a type other than an integer is only truncated to
// t, when t is an integer.
func (g *gen) convert(e ast.Expr, from, t *ctype.Type, clean bool) {
	if !ctype.IsInteger(from) {
		g.normalize(asm.R0, t)
		return
	}
	if !ctype.IsInteger(t) {
		return
	}
	if g.dirty(e) && (clean || !sameRepr(from, t)) {
		g.normalize(asm.R0, from)
	}
	if castTruncates(from, t) {
		g.normalize(asm.R0, t)
	}
}

// sameRepr reports whether integer types a and b have the same width and
// signedness (and so the same values).
func sameRepr(a, b *ctype.Type) bool {
	ra, rb := ctype.Resolve(a), ctype.Resolve(b)
	return ra.Sizeof() == rb.Sizeof() && ctype.IsSigned(ra) == ctype.IsSigned(rb) && ra.Enc&ctype.Bool == rb.Enc&ctype.Bool
}

// strConst points R0 at a string constant in the string table.
func (g *gen) strConst(s string) {
	off := g.strOff(s)
	g.c.strtab = true
	g.emit(asm.Mov.Reg(asm.R0, rStrtab), asm.Add.Imm(asm.R0, int32(off)))
}

// strOff returns the offset of s in the string table, adding it.
func (g *gen) strOff(s string) int {
	if off, ok := g.strs[s]; ok {
		return off
	}
	off := len(g.prog.Strtab)
	g.prog.Strtab = append(g.prog.Strtab, s...)
	g.prog.Strtab = append(g.prog.Strtab, 0)
	g.strs[s] = off
	return off
}

// cast converts the operand to t.
func (g *gen) cast(e *ast.CastExpr, t *ctype.Type) {
	from := g.expr(e.X)
	switch {
	case ctype.IsInteger(t) && ctype.IsInteger(from):
		g.convert(e.X, from, t, true)
	case ctype.IsInteger(t) && ctype.IsPointer(from):
		if castTruncates(from, t) {
			g.normalize(asm.R0, t)
		}
	case ctype.IsPointer(t) && (ctype.IsInteger(from) || ctype.IsPointer(from) || isStr(from)):
		// A string's value is the address of its characters.
	case ctype.IsVoid(t), isStr(t) && isStr(from), ctype.IsComposite(t) && ctype.IsComposite(from):
		// A struct is its address, whatever the cast calls it.
	case isStr(t) && (ctype.IsPointer(from) || ctype.IsInteger(from)):
		// A char array, pointer or integer: the string at its
		// address, as stringof() gives it.
		off := g.toSlot()
		g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(off)))
	default:
		g.unsupported(e, fmt.Sprintf("cast from %s to %s", from, t))
	}
}

// castTruncates reports whether a conversion from integer or pointer type
// from to integer type to truncates and extends its operand, as DTrace
// decides: not to a 64-bit type, nor to a wider type that keeps the
// value's sign (signed, or from an unsigned type), nor between types of
// the same width and signedness. For a value within its type (not dirty)
// that is C's conversion.
func castTruncates(from, to *ctype.Type) bool {
	if ctype.Resolve(to).Enc&ctype.Bool != 0 {
		return true
	}
	fs, ts := from.Sizeof(), to.Sizeof()
	fsigned := ctype.IsSigned(from) && !ctype.IsPointer(from)
	tsigned := ctype.IsSigned(to)
	switch {
	case ts >= 8:
		return false
	case ts > fs:
		return !tsigned && fsigned
	case ts == fs:
		return tsigned != fsigned
	}
	return true
}

// unary generates a prefix operator.
func (g *gen) unary(e *ast.UnaryExpr, t *ctype.Type) {
	switch e.Op {
	case token.INC, token.DEC:
		g.incdec(e, e.X, e.Op, false)
		return
	case token.MUL:
		g.deref(e, t)
		return
	case token.AND:
		g.addrOf(e)
		return
	}
	if e.Op == token.NOT {
		g.cond(e.X)
		g.boolNot()
		return
	}
	// In 64 bits, as binary operators compute (see dirty).
	g.expr(e.X)
	switch e.Op {
	case token.ADD:
	case token.SUB:
		g.emit(asm.Neg.Imm(asm.R0, 0))
	case token.BNEG:
		g.emit(asm.Xor.Imm(asm.R0, -1))
	case token.NOT:
		g.boolNot()
	default:
		g.unsupported(e, "operator "+e.Op.String())
	}
}

// boolNot sets R0 to !R0.
func (g *gen) boolNot() {
	z := g.label("not")
	g.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Imm(asm.R0, 1), asm.JEq.Imm(asm.R1, 0, z), asm.Mov.Imm(asm.R0, 0))
	g.setLabel(z)
	g.emit(nop())
}

// deref loads *X of integer type t with bpf_probe_read_kernel, faulting
// with the address when the read fails.
func (g *gen) deref(e *ast.UnaryExpr, t *ctype.Type) {
	if tr, ok := g.translation(e); ok {
		g.materialize(tr)
		return
	}
	g.expr(e.X)
	g.loadKernel(e, t)
}

// addrOf evaluates &X: the address of kernel memory X designates, of a
// translated member copied to the translation area, or of a D variable's
// storage.
func (g *gen) addrOf(e *ast.UnaryExpr) {
	if g.inKernel(e.X) {
		g.kaddr(e.X)
		return
	}
	if ix, ok := ast.Unparen(e.X).(*ast.IndexExpr); ok && len(ix.Index) == 1 && isStr(g.typeOf(ix.X).Type) {
		// &s[i] is s + i, as for a char array: the address of the
		// character wherever the string is.
		g.strCharAddr(ix)
		return
	}
	switch x := ast.Unparen(e.X).(type) {
	case *ast.Ident, *ast.ScopedVar, *ast.SelectorExpr, *ast.IndexExpr:
		if v := g.info.Vars[x]; v != nil && v.Kind == check.KernelVar {
			g.kernelVar(x.(*ast.Ident))
		}
		if v := g.info.Vars[x]; v != nil && v.Kind != check.Global && v.Kind != check.ClauseLocal {
			break
		}
		if r := g.ref(x); r.dyn == nil {
			g.emit(asm.Mov.Reg(asm.R0, r.base), asm.Add.Imm(asm.R0, int32(r.off)))
			return
		}
	}
	g.unsupported(e, "operator & on this operand")
}

// loadKernel loads the value of type t at the kernel address in R0 with
// bpf_probe_read_kernel, faulting with the address when the read fails.
// A value of array, struct or union type stays its address.
func (g *gen) loadKernel(n ast.Node, t *ctype.Type) {
	switch r := ctype.Resolve(t); {
	case ctype.IsString(t):
		// A string's value is the address of its characters, which
		// are read where it is used.
		if g.allocaLoad(n) {
			g.allocaCheck(int(t.Sizeof()))
		}
		return
	case r.Kind == ctype.Array || r.Kind == ctype.Struct || r.Kind == ctype.Union:
		return
	case !ctype.IsInteger(t) && !ctype.IsPointer(t) && !isFloat(t):
		g.unsupported(n, fmt.Sprintf("load of %s", t))
	}
	size := int32(t.Sizeof())
	if g.allocaLoad(n) {
		g.allocaCheck(int(size))
	}
	ok := g.label("load")
	// The value is read into the first free stack slot, the address kept
	// in the next one for the fault.
	if g.c.depth+2 > maxDepth {
		g.tooComplex(n)
	}
	val, addr := int16(-8*(g.c.depth+1)), int16(-8*(g.c.depth+2))
	bad := g.label("loadbad")
	g.emit(
		bpfrt.StoreImm64(asm.RFP, val, 0),
		asm.StoreMem(asm.RFP, addr, asm.R0, asm.DWord),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Mov.Reg(asm.R1, asm.RFP),
		asm.Add.Imm(asm.R1, int32(val)),
		asm.Mov.Imm(asm.R2, size),
		asm.FnProbeReadKernel.Call(),
		asm.JEq.Imm(asm.R0, 0, ok),
		// An address in user space is read there, as DTrace's loads
		// (bpf_probe_read) read it: *p of a pointer a process handed
		// over works without copyin(), as in DTrace on x86.
		asm.LoadMem(asm.R3, asm.RFP, addr, asm.DWord),
		asm.LoadImm(asm.R1, userTop, asm.DWord),
		asm.JGE.Reg(asm.R3, asm.R1, bad),
		asm.Mov.Reg(asm.R1, asm.RFP),
		asm.Add.Imm(asm.R1, int32(val)),
		asm.Mov.Imm(asm.R2, size),
		asm.FnProbeReadUser.Call(),
		asm.JEq.Imm(asm.R0, 0, ok),
	)
	g.setLabel(bad)
	g.emit(asm.LoadMem(asm.R0, asm.RFP, addr, asm.DWord))
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(ok)
	g.emit(asm.LoadMem(asm.R0, asm.RFP, val, sizeOp(int(size))))
	g.normalize(asm.R0, t)
}

// member returns the member a selector names.
func (g *gen) member(e *ast.SelectorExpr) ctype.Member {
	t := g.typeOf(e.X).Type
	if e.Op == token.ARROW {
		t = ctype.Resolve(t).Elem
	}
	m, ok := t.Member(e.Sel.Name)
	if !ok {
		g.fail(e, fmt.Errorf("internal error: %s has no member %s", t, e.Sel.Name))
	}
	return m
}

// inKernel reports whether e designates kernel memory: a member or an
// element reached through a pointer or a dereference.
func (g *gen) inKernel(e ast.Expr) bool {
	if g.dvarStorage(e) {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if _, ok := g.translation(x.X); ok {
			return true // a member in the translation area
		}
		if x.Op == token.PERIOD && g.isDynStruct(x.X) {
			return true // a member of the struct a map value holds
		}
		return x.Op == token.ARROW || g.inKernel(x.X) || g.addressed(x.X)
	case *ast.UnaryExpr:
		return x.Op == token.MUL
	case *ast.IndexExpr:
		if len(x.Index) != 1 {
			return false
		}
		if v := g.info.Vars[ast.Unparen(x.X)]; v != nil {
			// Built-in arrays, associative arrays and variables of
			// array type live in maps; a pointer points into the kernel.
			return v.Kind != check.BuiltinVar && v.Keys == nil && ctype.IsPointer(v.Type)
		}
		return ctype.IsPointer(g.typeOf(x.X).Type) || g.inKernel(x.X)
	}
	return false
}

// addressed reports whether e is a struct or union value that is neither
// a D variable nor kernel memory reached through a pointer, whose value
// is its address: a translator's parameter, an inline, or a cast to its
// own type.
func (g *gen) addressed(e ast.Expr) bool {
	if !ctype.IsComposite(g.typeOf(e).Type) {
		return false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CastExpr:
		return true
	case *ast.Ident:
		v := g.info.Vars[x]
		return v != nil && (v.Kind == check.XlatorInput || v.Kind == check.Inline)
	}
	return false
}

// kaddr evaluates into R0 the kernel address of e, for which inKernel
// holds.
func (g *gen) kaddr(e ast.Expr) {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if tr, ok := g.translation(x.X); ok {
			t := g.typeOf(x).Type
			g.xlateMember(x, tr, x.Sel.Name, t)
			if !isAggregate(t) && !isStr(t) {
				// A scalar member is computed, stored nowhere: its
				// address is where the translation area keeps it.
				off := g.xlateSlot(x, int(t.Sizeof()))
				g.emit(
					asm.StoreMem(rScratch, int16(off), asm.R0, sizeOp(int(t.Sizeof()))),
					asm.Mov.Reg(asm.R0, rScratch),
					asm.Add.Imm(asm.R0, int32(off)),
				)
			}
			// A string's value is the address of its characters.
			return
		}
		m := g.member(x)
		arrow := x.Op == token.ARROW && !g.isDynStruct(x.X)
		if x.Op == token.ARROW || g.isDynStruct(x.X) || g.addressed(x.X) {
			g.expr(x.X)
		} else {
			g.kaddr(x.X)
		}
		if off := int32(m.Offset / 8); off != 0 {
			// A member of a NULL pointer stays at address 0, so that
			// the read faults there, as DTrace's NULL check of -> does.
			if arrow {
				null := g.label("null")
				g.emit(asm.JEq.Imm(asm.R0, 0, null), asm.Add.Imm(asm.R0, off))
				g.setLabel(null)
			} else {
				g.emit(asm.Add.Imm(asm.R0, off))
			}
		}
	case *ast.UnaryExpr:
		g.expr(x.X)
	case *ast.IndexExpr:
		if ctype.IsPointer(g.typeOf(x.X).Type) {
			g.expr(x.X)
		} else {
			g.kaddr(x.X)
		}
		size := g.typeOf(x).Type.Sizeof()
		if ti := g.typeOf(x.Index[0]); ti.Const {
			if off := ti.Value * size; off != 0 {
				g.loadConst(asm.R1, off)
				g.emit(asm.Add.Reg(asm.R0, asm.R1))
			}
			return
		}
		g.push(x)
		g.index(x)
		g.loadConst(asm.R1, size)
		g.emit(asm.Mul.Reg(asm.R0, asm.R1))
		g.pop(asm.R1)
		g.emit(asm.Add.Reg(asm.R0, asm.R1))
	}
}

// index evaluates the index of x into R0. An array of known length (a D
// variable's, or a member's) checks it at run time, as DTrace for Linux
// does: an index outside faults with "index out of bounds". The check
// also bounds the offset for the verifier, where the array is in a map.
func (g *gen) index(x *ast.IndexExpr) {
	g.exprAs(x.Index[0], ctype.LongType, true)
	arr := ctype.Resolve(g.typeOf(x.X).Type)
	if arr.Kind != ctype.Array || arr.Len <= 0 {
		return
	}
	ok := g.label("index")
	g.emit(asm.JLT.Imm(asm.R0, int32(arr.Len), ok))
	g.fault(bpfrt.FaultBadIndex)
	g.setLabel(ok)
	g.emit(nop())
}

// selector loads a struct or union member.
func (g *gen) selector(e *ast.SelectorExpr, t *ctype.Type) {
	if tr, ok := g.translation(e.X); ok {
		g.xlateMember(e, tr, e.Sel.Name, t)
		return
	}
	if m, ok := g.bitField(e); ok {
		if !g.inKernel(e) {
			g.loadVarBits(g.ref(e), m, t)
			return
		}
		g.kaddr(e)
		g.loadBits(e, m, t)
		return
	}
	if isStr(t) && g.dynMember(e) {
		// The string's address in the map value (or in the zeroed
		// staging area), or NULL where it holds the NULL mark.
		g.kaddr(e)
		done := g.label("strmember")
		g.emit(
			asm.LoadMem(asm.R1, asm.R0, 0, asm.Half),
			asm.JNE.Imm(asm.R1, nullMark, done),
			asm.Mov.Imm(asm.R0, 0),
		)
		g.setLabel(done)
		g.emit(nop())
		return
	}
	if g.inKernel(e) {
		g.kaddr(e)
		g.loadKernel(e, t)
		return
	}
	g.loadVar(e, t)
}

// fault emits the fault of kind with the value in R0 and the return
// from the clause.
func (g *gen) fault(kind bpfrt.FaultKind) {
	g.c.faults = true
	g.emit(g.l.Fault(rCtx, rScratch, kind, asm.R0, g.pc())...)
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Return())
}

// sizeOp is the load/store size of n bytes.
func sizeOp(n int) asm.Size {
	switch n {
	case 1:
		return asm.Byte
	case 2:
		return asm.Half
	case 4:
		return asm.Word
	}
	return asm.DWord
}

// binary generates a binary operator.
func (g *gen) binary(e *ast.BinaryExpr, t *ctype.Type) {
	switch e.Op {
	case token.LAND, token.LOR:
		g.logical(e)
		return
	case token.LXOR:
		g.cond(e.X)
		g.truth()
		g.push(e)
		g.cond(e.Y)
		g.truth()
		g.pop(asm.R1)
		g.emit(asm.Xor.Reg(asm.R0, asm.R1))
		return
	case token.COMMA:
		g.expr(e.X)
		g.expr(e.Y)
		return
	}
	xt, yt := g.typeOf(e.X).Type, g.typeOf(e.Y).Type
	if (isStr(xt) || isStr(yt)) && isStrCompare(e.Op) {
		// A char array or pointer compares with a string as the string
		// at its address.
		g.strCompare(e)
		return
	}
	if (isStr(xt) || isStr(yt)) && (e.Op == token.ADD || e.Op == token.SUB) {
		g.strOffset(e, xt, yt)
		return
	}
	if isStr(xt) || isStr(yt) {
		g.unsupported(e, "string operator "+e.Op.String())
	}
	// D computes in 64 bits: the operands are converted to the
	// operation's type (for a comparison, the operands' common type)
	// and the result is not truncated to t (see dirty). A comparison
	// compares values within their type.
	ct := t
	cmp := isCompare(e.Op)
	if cmp {
		ct = commonType(xt, yt)
	}
	if (e.Op == token.ADD || e.Op == token.SUB) && (ctype.IsPointer(xt) || ctype.IsPointer(yt)) {
		g.pointerArith(e, xt, yt)
		return
	}
	shift := e.Op == token.SHL || e.Op == token.SHR
	if ctype.IsPointer(ct) {
		g.expr(e.X)
	} else {
		// A right shift brings down the bits above the type: it
		// shifts the value within its type, as C's does.
		g.exprAs(e.X, ct, cmp || e.Op == token.SHR)
	}
	g.push(e)
	switch {
	case ctype.IsPointer(ct):
		g.expr(e.Y)
	case shift:
		// The count is not converted to the shifted value's type.
		g.exprAs(e.Y, yt, true)
	default:
		g.exprAs(e.Y, ct, cmp)
	}
	g.emit(asm.Mov.Reg(asm.R1, asm.R0))
	g.pop(asm.R0)
	g.arith(e, e.Op, ct)
}

// isCompare reports whether op is a comparison.
func isCompare(op token.Kind) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// pointerArith generates C's pointer arithmetic: a pointer plus or minus
// an integer moves by whole elements, and the difference of two pointers
// counts elements.
func (g *gen) pointerArith(e *ast.BinaryExpr, xt, yt *ctype.Type) {
	elemSize := func(t *ctype.Type) int32 {
		if el := ctype.Resolve(t).Elem; el != nil {
			return int32(max(el.Sizeof(), 1))
		}
		return 1
	}
	xp, yp := ctype.IsPointer(xt), ctype.IsPointer(yt)
	if xp {
		g.expr(e.X)
	} else {
		g.exprAs(e.X, ctype.LongType, true)
		g.emit(asm.Mul.Imm(asm.R0, elemSize(yt)))
	}
	g.push(e)
	if yp {
		g.expr(e.Y)
	} else {
		g.exprAs(e.Y, ctype.LongType, true)
		g.emit(asm.Mul.Imm(asm.R0, elemSize(xt)))
	}
	g.emit(asm.Mov.Reg(asm.R1, asm.R0))
	g.pop(asm.R0)
	if e.Op == token.ADD {
		g.emit(asm.Add.Reg(asm.R0, asm.R1))
		return
	}
	g.emit(asm.Sub.Reg(asm.R0, asm.R1))
	if xp && yp {
		g.emit(asm.Mov.Imm(asm.R1, elemSize(xt)))
		g.signedDiv(token.DIV)
	}
}

// commonType is the type both operands of a comparison convert to.
func commonType(x, y *ctype.Type) *ctype.Type {
	if ctype.IsPointer(x) || ctype.IsPointer(y) {
		return ctype.ULongType
	}
	return ctype.UsualArith(x, y, ctype.IntType)
}

// truth turns R0 into 0 or 1.
func (g *gen) truth() {
	z := g.label("truth")
	g.emit(asm.JEq.Imm(asm.R0, 0, z), asm.Mov.Imm(asm.R0, 1))
	g.setLabel(z)
	g.emit(nop())
}

// arith applies op to R0 and R1 (both of type ct) into R0.
func (g *gen) arith(n ast.Node, op token.Kind, ct *ctype.Type) {
	signed := ctype.IsSigned(ct) && !ctype.IsPointer(ct)
	switch op {
	case token.ADD:
		g.emit(asm.Add.Reg(asm.R0, asm.R1))
	case token.SUB:
		g.emit(asm.Sub.Reg(asm.R0, asm.R1))
	case token.MUL:
		g.emit(asm.Mul.Reg(asm.R0, asm.R1))
	case token.DIV, token.MOD:
		ok := g.label("divok")
		g.emit(asm.JNE.Imm(asm.R1, 0, ok), asm.Mov.Imm(asm.R0, 0))
		g.fault(bpfrt.FaultDivZero)
		g.setLabel(ok)
		switch {
		case signed:
			g.signedDiv(op)
		case op == token.DIV:
			g.emit(asm.Div.Reg(asm.R0, asm.R1))
		default:
			g.emit(asm.Mod.Reg(asm.R0, asm.R1))
		}
	case token.AND:
		g.emit(asm.And.Reg(asm.R0, asm.R1))
	case token.OR:
		g.emit(asm.Or.Reg(asm.R0, asm.R1))
	case token.XOR:
		g.emit(asm.Xor.Reg(asm.R0, asm.R1))
	case token.SHL:
		g.emit(asm.LSh.Reg(asm.R0, asm.R1))
	case token.SHR:
		if signed {
			g.emit(asm.ArSh.Reg(asm.R0, asm.R1))
		} else {
			g.emit(asm.RSh.Reg(asm.R0, asm.R1))
		}
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		jmp := map[token.Kind][2]asm.JumpOp{
			token.EQL: {asm.JEq, asm.JEq}, token.NEQ: {asm.JNE, asm.JNE},
			token.LSS: {asm.JLT, asm.JSLT}, token.LEQ: {asm.JLE, asm.JSLE},
			token.GTR: {asm.JGT, asm.JSGT}, token.GEQ: {asm.JGE, asm.JSGE},
		}[op]
		j := jmp[0]
		if signed {
			j = jmp[1]
		}
		done := g.label("cmp")
		g.emit(asm.Mov.Reg(asm.R2, asm.R0), asm.Mov.Imm(asm.R0, 1), j.Reg(asm.R2, asm.R1, done), asm.Mov.Imm(asm.R0, 0))
		g.setLabel(done)
		g.emit(nop())
	default:
		g.unsupported(n, "operator "+op.String())
	}
}

// signedDiv divides R0 by R1, not 0, as signed numbers: the quotient
// (DIV) or the remainder (MOD) in R0. D divides the magnitudes and gives
// both results the sign of the product of the operands: the quotient is
// C's, truncated toward 0, but the remainder differs from C's when the
// divisor is negative (7 % -2 is -1, -7 % -2 is 1).
func (g *gen) signedDiv(op token.Kind) {
	if g.target.V4 && op == token.DIV {
		g.emit(asm.SDiv.Reg(asm.R0, asm.R1))
		return
	}
	if g.target.V4 {
		// C's remainder has the dividend's sign: negated by a
		// negative divisor, it has the product's.
		pos := g.label("smod")
		g.emit(asm.SMod.Reg(asm.R0, asm.R1), asm.JSGE.Imm(asm.R1, 0, pos), asm.Neg.Imm(asm.R0, 0))
		g.setLabel(pos)
		g.emit(nop())
		return
	}
	xpos, ypos, done := g.label("sdivx"), g.label("sdivy"), g.label("sdiv")
	g.emit(
		asm.Mov.Imm(asm.R2, 0),
		asm.JSGE.Imm(asm.R0, 0, xpos),
		asm.Neg.Imm(asm.R0, 0),
		asm.Mov.Imm(asm.R2, 1),
	)
	g.setLabel(xpos)
	g.emit(asm.JSGE.Imm(asm.R1, 0, ypos), asm.Neg.Imm(asm.R1, 0), asm.Xor.Imm(asm.R2, 1))
	g.setLabel(ypos)
	if op == token.DIV {
		g.emit(asm.Div.Reg(asm.R0, asm.R1))
	} else {
		g.emit(asm.Mod.Reg(asm.R0, asm.R1))
	}
	g.emit(asm.JEq.Imm(asm.R2, 0, done), asm.Neg.Imm(asm.R0, 0))
	g.setLabel(done)
	g.emit(nop())
}

// logical generates && and || with C's short-circuit evaluation.
func (g *gen) logical(e *ast.BinaryExpr) {
	short, done := g.label("short"), g.label("logic")
	jmp := asm.JEq
	val := int32(0)
	if e.Op == token.LOR {
		jmp, val = asm.JNE, 1
	}
	g.cond(e.X)
	g.emit(jmp.Imm(asm.R0, 0, short))
	g.cond(e.Y)
	g.emit(jmp.Imm(asm.R0, 0, short), asm.Mov.Imm(asm.R0, 1-val), asm.Ja.Label(done))
	g.setLabel(short)
	g.emit(asm.Mov.Imm(asm.R0, val))
	g.setLabel(done)
	g.emit(nop())
}

// ternary generates c ? x : y; like any operator, it does not truncate
// its value to its type (see dirty), but converts each operand to it.
func (g *gen) ternary(e *ast.CondExpr) {
	els, done := g.label("else"), g.label("fi")
	t := g.typeOf(e).Type
	branch := func(x ast.Expr) {
		if ctype.IsInteger(t) {
			g.exprAs(x, t, false)
		} else {
			g.expr(x)
		}
	}
	g.cond(e.Cond)
	g.emit(asm.JEq.Imm(asm.R0, 0, els))
	branch(e.X)
	g.emit(asm.Ja.Label(done))
	g.setLabel(els)
	branch(e.Y)
	g.setLabel(done)
	g.emit(nop())
}

// assign generates an assignment; its value is left in R0.
func (g *gen) assign(e *ast.AssignExpr) {
	lt := g.typeOf(e.Lhs).Type
	if e.Op == token.ASSIGN {
		if ctype.IsComposite(lt) && ctype.IsInteger(g.typeOf(e.Rhs).Type) {
			// 0, the only integer the checker lets a struct take.
			g.deleteDyn(e.Lhs)
			return
		}
		rt := g.expr(e.Rhs)
		if !isStr(lt) {
			g.convert(e.Rhs, rt, lt, true)
			g.normalize(asm.R0, lt)
		} else if !isStr(rt) && !ctype.IsInteger(rt) && !ctype.IsPointer(rt) {
			// NULL (or another address) is a string's address too.
			g.unsupported(e, "assignment of "+rt.String()+" to a string")
		}
		g.storeVar(e.Lhs, lt)
		return
	}
	op, ok := compoundOps[e.Op]
	if !ok || isStr(lt) {
		g.unsupported(e, "operator "+e.Op.String())
	}
	// In 64 bits as the binary operator, in the operands' common type
	// (the left-hand side's for a shift); the store truncates.
	rt := g.typeOf(e.Rhs).Type
	ct := lt
	arith := ctype.IsInteger(lt) && ctype.IsInteger(rt) && op != token.SHL && op != token.SHR
	if arith {
		ct = ctype.UsualArith(lt, rt, ctype.IntType)
	}
	g.loadVar(e.Lhs, lt)
	if arith {
		g.convert(e.Lhs, lt, ct, false)
	}
	g.push(e)
	switch {
	case arith:
		g.exprAs(e.Rhs, ct, false)
	case ctype.IsPointer(lt) && ctype.IsInteger(rt) && (op == token.ADD || op == token.SUB):
		// p += n moves by n elements, as p + n does.
		g.exprAs(e.Rhs, ctype.LongType, true)
		if el := ctype.Resolve(lt).Elem; el != nil && el.Sizeof() > 1 {
			g.emit(asm.Mul.Imm(asm.R0, int32(el.Sizeof())))
		}
	case ctype.IsInteger(rt):
		g.exprAs(e.Rhs, rt, true)
	default:
		g.expr(e.Rhs)
	}
	g.emit(asm.Mov.Reg(asm.R1, asm.R0))
	g.pop(asm.R0)
	g.arith(e, op, ct)
	g.normalize(asm.R0, lt)
	g.storeVar(e.Lhs, lt)
}

var compoundOps = map[token.Kind]token.Kind{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
	token.DIV_ASSIGN: token.DIV, token.MOD_ASSIGN: token.MOD, token.AND_ASSIGN: token.AND,
	token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR, token.SHL_ASSIGN: token.SHL,
	token.SHR_ASSIGN: token.SHR,
}

// incdec generates ++ and --; post says the value is the old one.
func (g *gen) incdec(n ast.Node, x ast.Expr, op token.Kind, post bool) {
	t := g.typeOf(x).Type
	step := int32(1)
	if ctype.IsPointer(t) {
		step = int32(max(ctype.Resolve(t).Elem.Sizeof(), 1))
	} else if !ctype.IsInteger(t) {
		g.unsupported(n, "operator "+op.String()+" on "+t.String())
	}
	if op == token.DEC {
		step = -step
	}
	g.loadVar(x, t)
	if post {
		g.push(n)
	}
	g.emit(asm.Add.Imm(asm.R0, step))
	g.normalize(asm.R0, t)
	g.storeVar(x, t)
	if post {
		g.pop(asm.R0)
	}
}
