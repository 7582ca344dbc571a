package cg

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// dynVar is a variable in the dynamic variable map: a thread-local or an
// associative array. Its key is [id u32][pad u32], then the thread id for
// thread-locals, then the tuple, 8 bytes per integer and strsize bytes
// per string; the rest of the key is zero.
type dynVar struct {
	id      uint32
	self    bool
	keys    []*ctype.Type
	keySize int
	valSize int
}

func (g *gen) newDynVar(n ast.Node, v *check.Var) *dynVar {
	d := &dynVar{id: uint32(len(g.dyn) + 1), self: v.Kind == check.ThreadLocal, keys: v.Keys, keySize: 8}
	if d.self {
		d.keySize += 8
	}
	for _, k := range v.Keys {
		d.keySize += g.fieldSize(n, k)
	}
	d.valSize = align8(g.sizeof(v.Type))
	g.dyn[v] = d
	return d
}

// fieldSize is the size of a key field of type t.
func (g *gen) fieldSize(n ast.Node, t *ctype.Type) int {
	switch {
	case isStack(t):
		return 8 * g.frames
	case isStr(t):
		return align8(g.strbuf)
	case ctype.IsInteger(t) || ctype.IsPointer(t), isFloat(t):
		return 8
	case ctype.IsComposite(t):
		// A struct or union is a key by its bytes.
		return align8(int(t.Sizeof()))
	}
	g.unsupported(n, "key of type "+t.String())
	return 0
}

// ident loads an identifier's value.
func (g *gen) ident(e *ast.Ident, t *ctype.Type) {
	v := g.info.Vars[e]
	if v == nil {
		g.fail(e, fmt.Errorf("internal error: %s is not resolved", e.Name))
	}
	switch v.Kind {
	case check.BuiltinVar:
		g.builtin(e, v.Builtin.Name, t)
	case check.Global:
		g.loadVar(e, t)
	case check.XlatorInput:
		g.xlateInput(e, t)
	case check.InlineParam:
		slot, ok := g.c.inlineArgs[v]
		if !ok {
			g.fail(e, fmt.Errorf("internal error: inline parameter %s outside its inline", e.Name))
		}
		g.emit(asm.LoadMem(asm.R0, asm.RFP, int16(-8*slot), asm.DWord))
		g.normalize(asm.R0, t)
	case check.Inline:
		if v.Inline == nil {
			g.unsupported(e, "inline "+e.Name)
		}
		g.exprAs(v.Inline.Value, t, true)
	case check.KernelVar:
		g.kernelVar(e)
	default:
		g.unsupported(e, fmt.Sprintf("identifier %s", e.Name))
	}
}

// kernelVar refuses a read of kernel variable e, as DTrace's code
// generator refuses a symbol it finds no address for: the checker types
// the variables the kernel's BTF describes (its per-CPU variables), but
// a kernel built without CONFIG_KALLSYMS_ALL gives no address for any.
func (g *gen) kernelVar(e *ast.Ident) {
	name := e.Name
	if strings.HasPrefix(name, "`") {
		name = ctype.KernelModule + name
	}
	if g.target.KernelData == nil || g.target.KernelData() != nil {
		g.failTag(e, diag.D_UNKNOWN, fmt.Errorf("cg failed for symbol %s: this kernel gives no address for its data symbols", name))
	}
	g.unsupported(e, "reading kernel variable "+name)
}

// varRef is where a variable reference's storage is: a base register and
// an offset, or a dynamic variable.
type varRef struct {
	base asm.Register
	off  int
	dyn  *dynVar
	keys []ast.Expr
}

// ref resolves the storage of variable reference e.
func (g *gen) ref(e ast.Expr) varRef {
	e = ast.Unparen(e)
	switch x := e.(type) {
	case *ast.Ident:
		if v := g.info.Vars[x]; v != nil && v.Kind == check.KernelVar {
			g.kernelVar(x)
		}
		if v := g.info.Vars[x]; v != nil && v.Kind == check.Global {
			if off, ok := g.globals[v]; ok {
				g.c.globals = true
				return varRef{base: rGlobals, off: off}
			}
		}
	case *ast.ScopedVar:
		v := g.info.Vars[x]
		if v == nil {
			break
		}
		if x.Scope == token.THIS {
			if off, ok := g.this[v]; ok {
				return varRef{base: rScratch, off: g.l.This + off}
			}
		} else if d := g.dyn[v]; d != nil {
			return varRef{dyn: d}
		}
	case *ast.SelectorExpr:
		// A bit-field's reference is the byte its first bit is in.
		if x.Op == token.PERIOD {
			r := g.ref(x.X)
			if r.dyn != nil && g.isDynStruct(x.X) {
				r = g.dynValue(x.X, r)
			}
			if r.dyn == nil {
				r.off += int(g.member(x).Offset / 8)
				return r
			}
		}
	case *ast.IndexExpr:
		if v := g.info.Vars[ast.Unparen(x.X)]; v != nil {
			if v.Kind == check.BuiltinVar {
				break
			}
			if d := g.dyn[v]; d != nil && !g.isDynArray(x.X) {
				return varRef{dyn: d, keys: x.Index}
			}
		}
		if !g.dvarStorage(x) && !g.dynMember(x) {
			break
		}
		// An element of an array in a global or clause-local variable,
		// or in the value of a thread-local one (self int a[5]), at a
		// constant index the checker bounded, or at one checked at run
		// time.
		r := g.ref(x.X)
		if r.dyn != nil && g.isDynArray(x.X) {
			r = g.dynValue(x.X, r)
		}
		if ti := g.typeOf(x.Index[0]); ti.Const {
			r.off += int(ti.Value * g.typeOf(x).Type.Sizeof())
			return r
		}
		return g.indexRef(x, r)
	}
	g.unsupported(e, "storage of "+ast.String(e))
	return varRef{}
}

// indexRef is the storage of element x of the array arr refers to, at an
// index known at run time: R5 is left pointing at it, and R0 keeps what
// it held (the value to store).
func (g *gen) indexRef(x *ast.IndexExpr, arr varRef) varRef {
	g.push(x)
	if arr.base == indexBase {
		// The array is itself an element found at run time, which the
		// index's evaluation may lose.
		g.emit(asm.Mov.Reg(asm.R0, indexBase), asm.Add.Imm(asm.R0, int32(arr.off)))
		g.push(x)
		arr = varRef{base: asm.R1}
	}
	g.index(x)
	g.loadConst(asm.R2, g.typeOf(x).Type.Sizeof())
	g.emit(asm.Mul.Reg(asm.R0, asm.R2))
	if arr.base == asm.R1 {
		g.pop(asm.R1)
	}
	g.emit(asm.Mov.Reg(indexBase, arr.base), asm.Add.Reg(indexBase, asm.R0))
	g.pop(asm.R0)
	return varRef{base: indexBase, off: arr.off}
}

// indexBase is the register indexRef points at an element with.
const indexBase = asm.R5

// dvarStorage reports whether e designates the storage of a global or
// clause-local variable, or of a member or array element of one, which
// loads and stores reach through the variable's map value.
func (g *gen) dvarStorage(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v := g.info.Vars[x]
		_, ok := g.globals[v]
		return v != nil && v.Kind == check.Global && ok
	case *ast.ScopedVar:
		_, ok := g.this[g.info.Vars[x]]
		return x.Scope == token.THIS && ok
	case *ast.SelectorExpr:
		return x.Op == token.PERIOD && g.dvarStorage(x.X)
	case *ast.IndexExpr:
		return len(x.Index) == 1 && g.dvarStorage(x.X) && ctype.Resolve(g.typeOf(x.X).Type).Kind == ctype.Array
	}
	return false
}

// dynMember reports whether e designates the storage of a member, or of
// an element of an array member, of a struct or union held by a
// thread-local or an associative array element: self->s.a, a[k].b[2].
func (g *gen) dynMember(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return x.Op == token.PERIOD && (g.isDynStruct(x.X) || g.dynMember(x.X))
	case *ast.IndexExpr:
		return len(x.Index) == 1 && (g.dynMember(x.X) || g.isDynArray(x.X)) && ctype.Resolve(g.typeOf(x.X).Type).Kind == ctype.Array
	}
	return false
}

// isDynArray reports whether e is a thread-local variable declared an
// array (self int a[5]): indexed, it gives an element of its value, not
// an element of an associative array.
func (g *gen) isDynArray(e ast.Expr) bool {
	x, ok := ast.Unparen(e).(*ast.ScopedVar)
	if !ok {
		return false
	}
	v := g.info.Vars[x]
	return v != nil && g.dyn[v] != nil && v.Keys == nil && ctype.Resolve(v.Type).Kind == ctype.Array
}

// dynValue turns the reference r of the struct or union dynamic variable
// e into the storage of its map value, which a store to one of its
// members creates zeroed when it does not exist yet, as DTrace does: R5
// (indexBase) is left pointing at it, and R0 keeps what it held (the
// value to store). When the map is full the value is not created: the
// drop is counted and R5 points at the value staging area instead, where
// the store is lost.
func (g *gen) dynValue(e ast.Expr, r varRef) varRef {
	g.push(e)
	g.buildKey(e, r.dyn.id, r.dyn.self, r.keys, g.l.DynKeySize)
	found, done := g.label("dynval"), g.label("dynvalend")
	g.mapArgs(bpfrt.MapDynVars)
	g.emit(asm.FnMapLookupElem.Call(), asm.JNE.Imm(asm.R0, 0, found))
	vo := g.valOff()
	g.zeroScratch(vo, r.dyn.valSize)
	// BPF_NOEXIST: another CPU may have created it meanwhile.
	g.mapUpdate(bpfrt.MapDynVars, vo, bpfNoExist)
	g.mapArgs(bpfrt.MapDynVars)
	g.emit(asm.FnMapLookupElem.Call(), asm.JNE.Imm(asm.R0, 0, found))
	g.emit(bpfrt.Count(rScratch, bpfrt.MstDynDrops)...)
	g.emit(asm.Mov.Reg(indexBase, rScratch), asm.Add.Imm(indexBase, int32(vo)), asm.Ja.Label(done))
	g.setLabel(found)
	g.emit(asm.Mov.Reg(indexBase, asm.R0))
	g.setLabel(done)
	g.pop(asm.R0)
	return varRef{base: indexBase}
}

// loadVar loads the variable e of type t into R0.
func (g *gen) loadVar(e ast.Expr, t *ctype.Type) {
	if g.throughPointer(e) {
		// The target of a compound assignment or ++ through a pointer.
		if s, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			g.selector(s, t)
			return
		}
		g.kaddr(e)
		g.loadKernel(e, t)
		return
	}
	if s, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if _, ok := g.bitField(s); ok {
			g.selector(s, t)
			return
		}
	}
	if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok {
		if id, ok := ast.Unparen(ix.X).(*ast.Ident); ok {
			if v := g.info.Vars[id]; v != nil && v.Kind == check.BuiltinVar {
				g.builtinIndex(ix, v.Builtin.Name)
				return
			}
		}
	}
	r := g.ref(e)
	if r.dyn != nil {
		g.loadDyn(e, r, t)
		return
	}
	if isStr(t) {
		// The address of the string, or NULL where the variable holds
		// the NULL mark.
		done := g.label("strvar")
		g.emit(
			asm.LoadMem(asm.R1, r.base, int16(r.off), asm.Half),
			asm.Mov.Imm(asm.R0, 0),
			asm.JEq.Imm(asm.R1, nullMark, done),
			asm.Mov.Reg(asm.R0, r.base),
			asm.Add.Imm(asm.R0, int32(r.off)),
		)
		g.setLabel(done)
		g.emit(nop())
		return
	}
	if k := ctype.Resolve(t).Kind; k == ctype.Array || k == ctype.Struct || k == ctype.Union {
		g.emit(asm.Mov.Reg(asm.R0, r.base), asm.Add.Imm(asm.R0, int32(r.off)))
		return
	}
	g.emit(asm.LoadMem(asm.R0, r.base, int16(r.off), sizeOp(g.sizeof(t))))
	g.normalize(asm.R0, t)
}

// storeVar stores R0 (an integer normalised to t, or a string pointer)
// into the variable e, leaving the stored value in R0.
func (g *gen) storeVar(e ast.Expr, t *ctype.Type) {
	if g.throughPointer(e) {
		g.storeMem(e, t)
		return
	}
	r := g.ref(e)
	if r.dyn != nil {
		g.storeDyn(e, r, t)
		return
	}
	if m, ok := g.bitField(e); ok {
		g.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Reg(asm.R2, r.base))
		g.storeBits(m, t, int16(r.off))
		return
	}
	if !isAggregate(t) && !isStr(t) {
		g.emit(asm.StoreMem(r.base, int16(r.off), asm.R0, sizeOp(g.sizeof(t))))
		return
	}
	// R0 is the address of the value: copy its bytes, or the string, and
	// leave R0 at the copy. The copy's helper call loses indexBase, so
	// an element found at run time keeps its address on the stack.
	if r.base == indexBase {
		g.emit(asm.Mov.Reg(asm.R1, asm.R0), asm.Mov.Reg(asm.R0, indexBase), asm.Add.Imm(asm.R0, int32(r.off)))
		g.push(e)
		g.emit(asm.Mov.Reg(asm.R0, asm.R1))
	}
	if isStr(t) {
		size := g.strbuf
		if _, member := ast.Unparen(e).(*ast.SelectorExpr); member {
			// A member has the string type's size, one byte short
			// of a variable's.
			size = min(size, int(t.Sizeof()))
		}
		g.storeStr(r, size)
		return
	}
	g.readMemTo(r.base, r.off, g.sizeof(t))
	if r.base == indexBase {
		g.pop(asm.R0)
		return
	}
	g.emit(asm.Mov.Reg(asm.R0, r.base), asm.Add.Imm(asm.R0, int32(r.off)))
}

// nullMark is what the first two bytes of a string variable hold when it
// was assigned NULL: DEL and a NUL, a string no D program writes (DTrace
// marks NULL the same way), as a little-endian half-word.
const nullMark = 0x007f

// storeStr copies the string R0 points to into the variable storage r
// of size bytes, or marks it NULL, leaving R0 at the copy (or NULL).
// storeVar has spilled the address of an element found at run time.
func (g *gen) storeStr(r varRef, size int) {
	null, done := g.label("strnull"), g.label("strstored")
	g.emit(asm.JEq.Imm(asm.R0, 0, null))
	g.copyStrN(r.base, r.off, size)
	if r.base == indexBase {
		g.pop(asm.R0)
	} else {
		g.emit(asm.Mov.Reg(asm.R0, r.base), asm.Add.Imm(asm.R0, int32(r.off)))
	}
	g.emit(asm.Ja.Label(done))
	g.setLabel(null)
	g.emit(asm.StoreImm(r.base, int16(r.off), nullMark, asm.Half))
	g.setLabel(done)
	g.emit(nop())
}

// copyStr copies the string R0 points to into base+off, strsize bytes at
// most (the terminating NUL included).
func (g *gen) copyStr(base asm.Register, off int) { g.copyStrN(base, off, g.strbuf) }

// copyStrN is copyStr into size bytes.
func (g *gen) copyStrN(base asm.Register, off, size int) {
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Mov.Reg(asm.R1, base),
		asm.Add.Imm(asm.R1, int32(off)),
		asm.Mov.Imm(asm.R2, int32(size)),
		asm.FnProbeReadKernelStr.Call(),
	)
}

// isDynStruct reports whether e is a thread-local or an associative
// array element of struct or union type, whose value is the address of
// the map value holding it.
func (g *gen) isDynStruct(e ast.Expr) bool {
	var v *check.Var
	switch x := ast.Unparen(e).(type) {
	case *ast.ScopedVar:
		v = g.info.Vars[x]
	case *ast.IndexExpr:
		v = g.info.Vars[ast.Unparen(x.X)]
	}
	return v != nil && g.dyn[v] != nil && isStructOrUnion(v.Type)
}

// keyOff is the key staging area's offset from the scratch pointer.
func (g *gen) keyOff() int { return g.l.This + g.keyArea }

// valOff is the value staging area's offset from the scratch pointer.
func (g *gen) valOff() int { return g.l.This + g.valArea }

// buildKey evaluates the keys and lays out the key of id in the key
// staging area, zeroed to size bytes; with self, the thread id comes
// first. The keys are evaluated before the area is touched, since they
// may use it themselves.
func (g *gen) buildKey(n ast.Node, id uint32, self bool, keys []ast.Expr, size int) {
	fields := make([]Field, len(keys))
	for i, k := range keys {
		if fields[i] = g.keyField(n, k, g.typeOf(k).Type); fields[i].Kind == KindStack || fields[i].Kind == KindUStack {
			continue // taken straight into the key below
		}
		g.keyExpr(k)
		g.push(n)
	}
	ko := g.keyOff()
	for off := 0; off < size; off += 8 {
		g.emit(bpfrt.StoreImm64(rScratch, int16(ko+off), 0))
	}
	g.emit(asm.StoreImm(rScratch, int16(ko), int64(id), asm.Word))
	off := 8
	if self {
		g.emit(asm.FnGetCurrentPidTgid.Call(), asm.StoreMem(rScratch, int16(ko+off), asm.R0, asm.DWord))
		off += 8
	}
	offs := make([]int, len(keys))
	for i, f := range fields {
		offs[i] = off
		off += f.Size
	}
	if off > size {
		g.unsupported(n, fmt.Sprintf("a key of %d bytes where the map key has %d", off, size))
	}
	for i := len(keys) - 1; i >= 0; i-- {
		switch f := fields[i]; {
		case f.Kind == KindStack || f.Kind == KindUStack:
			s, ok := g.stackOf(keys[i])
			if !ok {
				g.unsupported(keys[i], "stack key that is not a stack(), ustack() or jstack() call")
			}
			g.stackInto(ko+offs[i], s)
		case f.Kind.IsUser():
			g.pop(asm.R0)
			g.storeUserAddr(ko + offs[i])
		case f.Kind == KindString:
			g.pop(asm.R0)
			g.copyStr(rScratch, ko+offs[i])
		case f.Kind == KindBytes:
			g.pop(asm.R0)
			g.readMem(ko+offs[i], int(g.typeOf(keys[i]).Type.Sizeof()))
		default:
			g.pop(asm.R0)
			g.emit(asm.StoreMem(rScratch, int16(ko+offs[i]), asm.R0, asm.DWord))
		}
	}
}

// keyExpr evaluates the key k into R0; an integer computed in 64 bits is
// truncated to its type, as storing it would.
func (g *gen) keyExpr(k ast.Expr) {
	if t := g.expr(k); ctype.IsInteger(t) {
		g.convert(k, t, t, true)
	}
}

// mapArgs sets R1 to map name and R2 to the staged key.
func (g *gen) mapArgs(name string) {
	g.emit(
		asm.LoadMapPtr(asm.R1, 0).WithReference(name),
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Imm(asm.R2, int32(g.keyOff())),
	)
}

// mapUpdate stores the value at vo from the scratch pointer in map name
// under the key mapArgs addresses, with the update's flags (bpfNoExist,
// or 0 for any).
func (g *gen) mapUpdate(name string, vo int, flags int32) {
	g.mapArgs(name)
	g.emit(
		asm.Mov.Reg(asm.R3, rScratch),
		asm.Add.Imm(asm.R3, int32(vo)),
		asm.Mov.Imm(asm.R4, flags),
		asm.FnMapUpdateElem.Call(),
	)
}

// loadDyn loads a dynamic variable: 0 (a NULL string) when it does not
// exist.
func (g *gen) loadDyn(e ast.Expr, r varRef, t *ctype.Type) {
	g.buildKey(e, r.dyn.id, r.dyn.self, r.keys, g.l.DynKeySize)
	g.mapArgs(bpfrt.MapDynVars)
	g.emit(asm.FnMapLookupElem.Call())
	found, done := g.label("dyn"), g.label("dynend")
	g.emit(asm.JNE.Imm(asm.R0, 0, found))
	switch {
	case isAggregate(t):
		// A struct never stored reads as zeroes, from the value
		// staging area.
		g.zeroScratch(g.valOff(), g.sizeof(t))
		g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(g.valOff())))
	default:
		g.emit(asm.Mov.Imm(asm.R0, 0))
	}
	g.emit(asm.Ja.Label(done))
	g.setLabel(found)
	if isAggregate(t) {
		// The value is the address of the map value holding it.
		g.emit(nop())
	} else if !isStr(t) {
		g.emit(asm.LoadMem(asm.R0, asm.R0, 0, sizeOp(g.sizeof(t))))
		g.normalize(asm.R0, t)
	} else {
		g.emit(nop())
	}
	g.setLabel(done)
	g.emit(nop())
}

// storeDyn stores R0 into a dynamic variable; storing 0 (a NULL string)
// deletes it, as in DTrace.
func (g *gen) storeDyn(e ast.Expr, r varRef, t *ctype.Type) {
	g.push(e)
	g.buildKey(e, r.dyn.id, r.dyn.self, r.keys, g.l.DynKeySize)
	g.pop(asm.R0)
	g.push(e)
	del, done := g.label("del"), g.label("stored")
	vo := g.valOff()
	// A struct is stored whole and never deleted.
	whole := isAggregate(t) && !isStr(t)
	switch {
	case whole:
		g.readMem(vo, g.sizeof(t))
	case isStr(t):
		g.emit(asm.JEq.Imm(asm.R0, 0, del))
		g.copyStr(rScratch, vo)
	default:
		g.emit(asm.JEq.Imm(asm.R0, 0, del), asm.StoreMem(rScratch, int16(vo), asm.R0, asm.DWord))
	}
	g.mapUpdate(bpfrt.MapDynVars, vo, 0)
	// A full map loses the store: a dynamic variable drop.
	stored := g.label("dynstored")
	g.emit(asm.JEq.Imm(asm.R0, 0, stored))
	g.emit(bpfrt.Count(rScratch, bpfrt.MstDynDrops)...)
	g.setLabel(stored)
	if !whole {
		g.emit(asm.Ja.Label(done))
		g.setLabel(del)
		g.mapArgs(bpfrt.MapDynVars)
		g.emit(asm.FnMapDeleteElem.Call())
		g.setLabel(done)
	}
	g.pop(asm.R0)
}

// deleteDyn deletes the dynamic variable e, leaving 0 in R0.
func (g *gen) deleteDyn(e ast.Expr) {
	r := g.ref(e)
	if r.dyn == nil {
		g.unsupported(e, "deleting a variable that is not dynamic")
	}
	g.buildKey(e, r.dyn.id, r.dyn.self, r.keys, g.l.DynKeySize)
	g.mapArgs(bpfrt.MapDynVars)
	g.emit(asm.FnMapDeleteElem.Call(), asm.Mov.Imm(asm.R0, 0))
}

// strSlot returns the offset from the scratch pointer of a free string
// scratch slot. Slots are taken like a stack while a full expression is
// generated and all given back when its value has been consumed (see
// fullExpr), so no string an expression still needs is overwritten. An
// expression that needs more slots than are laid out is noted, and
// generation goes on with the last slot, for Compile to lay out as many
// and generate the program again.
func (g *gen) strSlot() int {
	g.c.slot++
	g.slotsWanted = max(g.slotsWanted, g.c.slot)
	return g.l.Str + min(g.c.slot, g.l.StrSlots)*g.l.StrSize - g.l.StrSize
}

// wideSlot claims consecutive string scratch slots enough for n bytes,
// and returns the offset of the first: scratch for a conversion's
// input, which is as large whatever strsize is. Slots claimed in a row
// are adjacent once the program is compiled with as many as it wants.
func (g *gen) wideSlot(n int) int {
	first := g.strSlot()
	for have := g.l.StrSize; have < n; have += g.l.StrSize {
		g.strSlot()
	}
	return first
}

// fullExpr starts a full expression: one whose value is consumed (a
// statement, a predicate, an action argument) before the next starts. It
// returns the function that gives its slots back.
func (g *gen) fullExpr(n ast.Node) func() {
	mark, xmark, full := g.c.slot, g.c.xarea, g.c.full
	if full == nil {
		g.c.full = n
	}
	return func() { g.c.slot, g.c.xarea, g.c.full = mark, xmark, full }
}

// builtin loads a built-in variable.
func (g *gen) builtin(e *ast.Ident, name string, t *ctype.Type) {
	switch name {
	case "pid":
		g.emit(asm.FnGetCurrentPidTgid.Call(), asm.RSh.Imm(asm.R0, 32))
	case "tid":
		g.emit(asm.FnGetCurrentPidTgid.Call(), asm.Mov.Reg32(asm.R0, asm.R0))
	case "uid":
		g.emit(asm.FnGetCurrentUidGid.Call(), asm.Mov.Reg32(asm.R0, asm.R0))
	case "gid":
		g.emit(asm.FnGetCurrentUidGid.Call(), asm.RSh.Imm(asm.R0, 32))
	case "ppid":
		g.ppid()
	case "vtimestamp":
		g.vtimestamp()
	case "errno":
		g.errno()
	case "cpu":
		g.emit(asm.FnGetSmpProcessorId.Call())
	case "curcpu":
		// The CPU's entry of the cpuinfo map, keyed through the key
		// staging area, which no expression holds while it is evaluated.
		g.prog.Config.CPUInfo = true
		g.emit(
			asm.FnGetSmpProcessorId.Call(),
			asm.StoreMem(rScratch, int16(g.keyOff()), asm.R0, asm.Word),
			asm.LoadMapPtr(asm.R1, 0).WithReference(bpfrt.MapCPUInfo),
			asm.Mov.Reg(asm.R2, rScratch),
			asm.Add.Imm(asm.R2, int32(g.keyOff())),
			asm.FnMapLookupElem.Call(),
		)
		// An address like any other, read with bpf_probe_read_kernel:
		// the verifier is to forget it came from a map.
		g.forget(asm.R0, 0)
	case "curthread":
		g.emit(asm.FnGetCurrentTask.Call())
	case "timestamp":
		g.timestamp()
	case "walltimestamp":
		if g.prog.WallOffset < 0 {
			g.prog.WallOffset = g.globalsSize
			g.globalsSize += 8
		}
		g.c.globals = true
		// Unlike timestamp, DTrace reads the clock for each use.
		g.emit(asm.FnKtimeGetNs.Call(),
			asm.LoadMem(asm.R1, rGlobals, int16(g.prog.WallOffset), asm.DWord),
			asm.Add.Reg(asm.R0, asm.R1))
	case "execname":
		off := g.strSlot()
		g.emit(
			asm.Mov.Reg(asm.R1, rScratch),
			asm.Add.Imm(asm.R1, int32(off)),
			asm.Mov.Imm(asm.R2, 16),
			asm.FnGetCurrentComm.Call(),
			asm.Mov.Reg(asm.R0, rScratch),
			asm.Add.Imm(asm.R0, int32(off)),
		)
		return
	case "execargs":
		g.execargs(e)
		return
	case "probeprov", "probemod", "probefunc", "probename":
		g.probeName(name)
		return
	case "id":
		g.emit(asm.LoadMem(asm.R0, rScratch, bpfrt.MstPRID, asm.Word))
	case "epid":
		// DTrace 2 has no enabled probe IDs any more: its epid is the
		// probe ID in the upper half and the statement ID (the N of
		// dt_clause_N) in the lower, which name the pair as well.
		g.emit(
			asm.LoadMem(asm.R0, rScratch, bpfrt.MstPRID, asm.Word),
			asm.LSh.Imm(asm.R0, 32),
			asm.LoadMem(asm.R1, rScratch, bpfrt.MstStmt, asm.Word),
			asm.Or.Reg(asm.R0, asm.R1),
		)
	case "ucaller":
		g.ucaller(e)
	case "caller":
		g.caller(e)
	case "stackdepth", "ustackdepth":
		g.stackDepth(name == "ustackdepth")
	case "arg0", "arg1", "arg2", "arg3", "arg4", "arg5", "arg6", "arg7", "arg8", "arg9":
		g.loadRawArg(int(name[3] - '0'))
	case "ipl":
		// Linux has no interrupt priority level: DTrace for Linux
		// faults with an illegal operation for it, never a made-up
		// value. The jump the fault skips is never taken; it only
		// keeps the code after the fault reachable for the verifier.
		after := g.label("ipl")
		g.emit(asm.Mov.Imm(asm.R0, 0), asm.JNE.Imm(asm.R0, 0, after))
		g.fault(bpfrt.FaultIllOp)
		g.setLabel(after)
		g.emit(nop())
	default:
		g.unsupported(e, "built-in variable "+name)
	}
	g.normalize(asm.R0, t)
}

// timestamp loads the time of the probe's firing into R0: as in DTrace,
// the clock is read once per firing, so timestamp keeps its value through
// all its clauses.
func (g *gen) timestamp() {
	done := g.label("tstamp")
	g.emit(
		asm.LoadMem(asm.R0, rScratch, bpfrt.MstTime, asm.DWord),
		asm.JNE.Imm(asm.R0, 0, done),
		asm.FnKtimeGetNs.Call(),
		asm.StoreMem(rScratch, bpfrt.MstTime, asm.R0, asm.DWord),
	)
	g.setLabel(done)
	g.emit(nop())
}

// errno loads the error of the system call a syscall return probe
// reports: the negated return value when it is an error (-4095 to -1),
// else 0. Any other probe gives 0, as DTrace's do at a system call's
// entry and inside it (the error of a call is set as it returns); where
// DTrace would give the error of the thread's last system call, outside
// any (a profile tick in user code), nothing records it.
func (g *gen) errno() {
	var ids []uint32
	for _, p := range g.c.probes {
		if p.Provider == "syscall" && p.Name == "return" {
			ids = append(ids, p.ID)
		}
	}
	if len(ids) == 0 {
		g.emit(asm.Mov.Imm(asm.R0, 0))
		return
	}
	none, done := g.label("errnone"), g.label("errdone")
	if len(ids) < len(g.c.probes) {
		// The clause's other probes give 0: test the probe id against
		// the runs of return probe ids, few as the table numbers a
		// provider's probes in a row.
		slices.Sort(ids)
		ret := g.label("errret")
		g.emit(asm.LoadMem(asm.R1, rScratch, bpfrt.MstPRID, asm.Word))
		for i := 0; i < len(ids); {
			j := i
			for j+1 < len(ids) && ids[j+1] == ids[j]+1 {
				j++
			}
			next := g.label("errrun")
			g.emit(
				asm.JLT.Imm(asm.R1, int32(ids[i]), next),
				asm.JLE.Imm(asm.R1, int32(ids[j]), ret),
			)
			g.setLabel(next)
			i = j + 1
		}
		g.emit(asm.Ja.Label(none))
		g.setLabel(ret)
	}
	g.loadRawArg(0)
	g.emit(
		asm.JSGE.Imm(asm.R0, 0, none),
		asm.JSLT.Imm(asm.R0, -4095, none),
		asm.Neg.Imm(asm.R0, 0),
		asm.Ja.Label(done),
	)
	g.setLabel(none)
	g.emit(asm.Mov.Imm(asm.R0, 0))
	g.setLabel(done)
	g.emit(nop())
}

// loadRawArg loads native argument i from the machine state into R0, noting that
// the clause reads it.
func (g *gen) loadRawArg(i int) {
	g.c.argsRead |= 1 << i
	g.emit(asm.LoadMem(asm.R0, rScratch, bpfrt.MstArg(i), asm.DWord))
}

// builtinIndex loads args[i] with a constant i.
func (g *gen) builtinIndex(e *ast.IndexExpr, name string) {
	if name == "uregs" && len(e.Index) == 1 {
		g.uregs(e)
		return
	}
	if name != "args" || len(e.Index) != 1 {
		g.unsupported(e, "built-in array "+name)
	}
	ti := g.typeOf(e.Index[0])
	if !ti.Const || ti.Value < 0 || ti.Value >= bpfrt.NumArgs {
		g.unsupported(e, "args[] with a variable index")
	}
	if tr, ok := g.translation(e); ok {
		g.materialize(tr)
		return
	}
	g.loadArg(e, int(ti.Value))
	g.normalize(asm.R0, g.typeOf(e).Type)
}

// loadArg loads the native argument args[i] is made from: a string in
// the process's memory is copied into a scratch slot, as copyinstr()
// does.
func (g *gen) loadArg(e ast.Node, i int) {
	native := i
	if g.ci != nil && i < len(g.ci.Mappings) {
		native = g.ci.Mappings[i]
	}
	if native < 0 || native >= bpfrt.NumArgs {
		g.fail(e, fmt.Errorf("internal error: args[%d] is made from native argument %d", i, native))
	}
	g.loadRawArg(native)
	if g.ci == nil || i >= len(g.ci.Natives) {
		return
	}
	if t := g.ci.Natives[i]; isStr(t) && g.ci.Userland[i] {
		g.copyinStr(e, nil)
		return
	} else if t != nil {
		g.normalize(asm.R0, t)
	}
}

// probeName points R0 at one part of the name of the firing probe: a
// constant when every probe of the clause agrees, else chosen by the
// probe id.
func (g *gen) probeName(part string) {
	name := func(p Probe) string {
		switch part {
		case "probeprov":
			return p.Provider
		case "probemod":
			return p.Module
		case "probefunc":
			return p.Function
		}
		return p.Name
	}
	probes := g.c.probes
	same := true
	for _, p := range probes {
		same = same && name(p) == name(probes[0])
	}
	if same && len(probes) > 0 {
		g.strConst(name(probes[0]))
		return
	}
	done := g.label("pname")
	g.emit(asm.LoadMem(asm.R1, rScratch, bpfrt.MstPRID, asm.Word))
	for _, p := range probes {
		next := g.label("pnext")
		g.emit(asm.JNE.Imm(asm.R1, int32(p.ID), next))
		g.strConst(name(p))
		g.emit(asm.Ja.Label(done))
		g.setLabel(next)
	}
	g.strConst("")
	g.setLabel(done)
	g.emit(nop())
}

// inlineArray returns the inline array e indexes, or nil.
func (g *gen) inlineArray(e *ast.IndexExpr) *check.Var {
	if v := g.info.Vars[ast.Unparen(e.X)]; v != nil && v.Kind == check.Inline && v.InlineParams != nil {
		return v
	}
	return nil
}

// withInlineArgs evaluates the arguments of e, a use of inline array v,
// into stack slots, and runs body with v's parameters reading them; the
// slots are free again after body, which leaves its value in R0.
func (g *gen) withInlineArgs(e *ast.IndexExpr, v *check.Var, body func()) {
	if g.c.inlineArgs == nil {
		g.c.inlineArgs = map[*check.Var]int{}
	}
	saved := map[*check.Var]int{}
	for i, p := range v.InlineParams {
		g.exprAs(e.Index[i], p.Type, true)
		g.push(e)
		if old, ok := g.c.inlineArgs[p]; ok {
			saved[p] = old
		}
		g.c.inlineArgs[p] = g.c.depth
	}
	body()
	for _, p := range v.InlineParams {
		delete(g.c.inlineArgs, p)
		if old, ok := saved[p]; ok {
			g.c.inlineArgs[p] = old
		}
	}
	g.c.depth -= len(v.InlineParams)
}
