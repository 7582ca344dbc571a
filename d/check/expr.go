package check

import (
	"errors"
	"strings"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// record stores and returns the type information of e.
func (c *checker) record(e ast.Expr, ti *TypeInfo) *TypeInfo {
	c.info.Types[e] = ti
	return ti
}

func (c *checker) rvalue(e ast.Expr) *TypeInfo { return c.expr(e) }

func (c *checker) constant(e ast.Expr, t *ctype.Type, v int64) *TypeInfo {
	return c.record(e, &TypeInfo{Type: t, Const: true, Value: normalize(v, t)})
}

func (c *checker) stringType() *ctype.Type {
	t, err := c.u.LookupType("string")
	if err != nil {
		return ctype.NewString(256)
	}
	return t
}

func (c *checker) sizeType() *ctype.Type { return c.lookupType(nil, "size_t") }

// expr checks an expression in a value context.
func (c *checker) expr(e ast.Expr) *TypeInfo {
	switch e := e.(type) {
	case *ast.ParenExpr:
		ti := *c.expr(e.X)
		return c.record(e, &ti)
	case *ast.IntLit:
		return c.intLit(e)
	case *ast.StringLit:
		return c.record(e, &TypeInfo{Type: c.stringType()})
	case *ast.Ident:
		return c.ident(e)
	case *ast.ScopedVar:
		v := c.scopedVar(e, false)
		if v == nil || v.Type == nil {
			c.notYetAssigned(e)
		}
		return c.varRef(e, v)
	case *ast.AggExpr:
		v, ok := c.aggs[e.Name]
		if !ok {
			c.errorf(e, diag.D_IDENT_UNDEF, "failed to resolve @%s: Unknown variable name", e.Name)
		}
		c.info.Vars[e] = v
		return c.record(e, &TypeInfo{Type: aggRefType})
	case *ast.UnaryExpr:
		return c.unary(e)
	case *ast.PostfixExpr:
		c.implicitVar(e.X, c.lookupType(e, "int64_t"))
		x := c.expr(e.X)
		c.incdec(e, e.Op, x)
		return c.record(e, &TypeInfo{Type: x.Type})
	case *ast.BinaryExpr:
		return c.binary(e)
	case *ast.AssignExpr:
		return c.assign(e)
	case *ast.CondExpr:
		return c.cond(e)
	case *ast.CastExpr:
		return c.cast(e)
	case *ast.SizeofExpr:
		return c.sizeof(e)
	case *ast.OffsetofExpr:
		return c.offsetof(e)
	case *ast.StringofExpr:
		x := c.expr(e.X)
		if !ctype.IsScalar(x.Type) && !ctype.IsString(x.Type) {
			c.errorf(e, diag.D_STRINGOF_TYPE, "cannot apply stringof to a value of type %s", x.Type)
		}
		return c.record(e, &TypeInfo{Type: c.stringType()})
	case *ast.XlateExpr:
		return c.xlate(e)
	case *ast.CallExpr:
		return c.call(e)
	case *ast.IndexExpr:
		return c.index(e)
	case *ast.SelectorExpr:
		return c.selector(e)
	}
	c.errorf(e, diag.D_UNKNOWN, "unsupported expression")
	return nil
}

func (c *checker) intLit(e *ast.IntLit) *TypeInfo {
	if e.Kind == token.CHAR {
		// DTrace's lexer makes a character constant a decimal integer
		// literal of its bytes: an int, or a long past an int's range.
		return c.constant(e, intLiteralType(e.Value, true, false, 0), int64(e.Value))
	}
	raw := strings.ToLower(e.Raw)
	suffix := strings.TrimLeft(raw, "0123456789abcdefx")
	if strings.HasPrefix(raw, "0x") {
		suffix = strings.TrimLeft(raw[2:], "0123456789abcdef")
	}
	decimal := !strings.HasPrefix(raw, "0") || raw == "0" || strings.HasPrefix(raw, "0u") || strings.HasPrefix(raw, "0l")
	t := intLiteralType(e.Value, decimal, strings.Contains(suffix, "u"), strings.Count(suffix, "l"))
	return c.constant(e, t, int64(e.Value))
}

// varRef gives a variable reference its type information.
func (c *checker) varRef(e ast.Expr, v *Var) *TypeInfo {
	c.info.Vars[e] = v
	w := v.Kind == Global || v.Kind == ThreadLocal || v.Kind == ClauseLocal || v.Kind == Assoc
	return c.record(e, &TypeInfo{Type: v.Type, Lvalue: true, Writable: w})
}

// lookupIdent resolves a bare identifier, returning nil when it is unknown.
func (c *checker) lookupIdent(id *ast.Ident) (*Var, *TypeInfo) {
	name := id.Name
	if !strings.Contains(name, "`") {
		if v, ok := c.globals[name]; ok {
			if v.Kind == Inline && v.Keys == nil {
				saved := c.inLibInline
				c.inLibInline = v.Library
				val := c.expr(v.Inline.Value)
				c.inLibInline = saved
				ti := &TypeInfo{Type: v.Type, Const: val.Const, Value: val.Value}
				if ti.Const && ctype.IsInteger(v.Type) {
					ti.Value = normalize(ti.Value, v.Type)
				}
				return v, ti
			}
			return v, nil
		}
		if val, ok := c.enums[name]; ok {
			return &Var{Name: name, Kind: EnumConst, Type: ctype.IntType}, &TypeInfo{Type: ctype.IntType, Const: true, Value: val}
		}
		if b, ok := LookupBuiltin(name); ok {
			return c.builtinVar(id, b), nil
		}
	}
	t, err := c.u.LookupVar(name)
	if err == nil {
		return &Var{Name: name, Kind: KernelVar, Type: t}, nil
	}
	// The library names the kernel's enumerators with the backquote
	// (`PIDTYPE_PGID) for constants whose values vary by kernel.
	if (c.defs == c.lib || c.inLibInline) && errors.Is(err, ctype.ErrNotFound) && strings.Contains(name, "`") {
		if val, err := c.u.LookupEnumerator(name); err == nil {
			return &Var{Name: name, Kind: EnumConst, Type: ctype.IntType}, &TypeInfo{Type: ctype.IntType, Const: true, Value: val}
		}
	}
	if !errors.Is(err, ctype.ErrNotFound) {
		c.errorf(id, diag.D_SYM_NOTYPES, "failed to resolve %s: %v", name, err)
	}
	// DTrace looks a module's symbols up in the module's own file, and
	// one the kernel lacks has none.
	if mod, _, scoped := strings.Cut(name, "`"); scoped && mod != "" && c.cfg.Module != nil && !c.cfg.Module(mod) {
		c.errorf(id, diag.D_IDENT_UNDEF, "failed to resolve %s: Module is no longer loaded", name)
	}
	// A symbol the kernel has but its types do not describe (BTF
	// describes per-CPU variables only) is an error, as a symbol without
	// CTF is in DTrace: D needs a type to read it. Only names marked as
	// kernel symbols with ` are looked up, so that D variables named like
	// kernel symbols stay variables.
	if mod, sym, scoped := strings.Cut(name, "`"); scoped && c.cfg.Symbol != nil {
		if obj, ok := c.cfg.Symbol(mod, sym); ok {
			c.errorf(id, diag.D_SYM_NOTYPES, "no symbolic type information is available for %s`%s: No type information available for symbol", obj, sym)
		}
	}
	return nil, nil
}

func (c *checker) builtinVar(id *ast.Ident, b *Ident) *Var {
	v := &Var{Name: b.Name, Builtin: b}
	switch b.Kind {
	case Scalar:
		v.Kind = BuiltinVar
		t, err := parseTypeName(c.u, b.Proto)
		if err != nil {
			c.errorf(id, diag.D_UNKNOWN, "failed to resolve type %s for identifier %s: %v", b.Proto, b.Name, err)
		}
		v.Type = t
	case ArrayVar, ScopePtr:
		v.Kind = BuiltinVar
		v.Type = ctype.VoidType
	default:
		v.Kind = BuiltinFunc
		v.Type = ctype.VoidType
	}
	return v
}

func (c *checker) ident(id *ast.Ident) *TypeInfo {
	v, ti := c.lookupIdent(id)
	if v == nil {
		c.errorf(id, diag.D_IDENT_UNDEF, "failed to resolve %s: Unknown variable name", id.Name)
	}
	c.info.Vars[id] = v
	if ti != nil {
		return c.record(id, ti)
	}
	switch {
	case v.Kind == BuiltinFunc:
		c.errorf(id, diag.D_OP_ACT, "%s( ) may not be used as a variable", v.Name)
	case v.Builtin != nil && v.Builtin.Kind == ArrayVar, v.Kind == Assoc || v.Keys != nil:
		c.errorf(id, diag.D_IDENT_BADREF, "associative array '%s' may not be referenced as scalar", v.Name)
	case v.Builtin != nil && v.Builtin.Kind != Scalar:
		c.errorf(id, diag.D_IDENT_BADREF, "%s must be used with ->", v.Name)
	case v.Kind == KernelVar:
		return c.record(id, &TypeInfo{Type: v.Type, Lvalue: true})
	}
	return c.varRef(id, v)
}

func (c *checker) scopedVar(e *ast.ScopedVar, create bool) *Var {
	table, kind := c.self, ThreadLocal
	if e.Scope == token.THIS {
		table, kind = c.this, ClauseLocal
	}
	v, ok := table[e.Name.Name]
	if !ok {
		if !create {
			return nil
		}
		v = &Var{Name: e.Name.Name, Kind: kind}
		table[e.Name.Name] = v
	}
	return v
}

func (c *checker) unary(e *ast.UnaryExpr) *TypeInfo {
	if e.Op == token.INC || e.Op == token.DEC {
		c.implicitVar(e.X, c.lookupType(e, "int64_t"))
	}
	x := c.expr(e.X)
	t := x.Type
	switch e.Op {
	case token.ADD, token.SUB:
		if !ctype.IsArith(t) {
			c.errorf(e, diag.D_OP_ARITH, "operator %s requires an operand of arithmetic type", e.Op)
		}
		// D keeps the operand's type: no integer promotion.
		if x.Const {
			return c.record(e, &TypeInfo{Type: t, Const: true, Value: foldUnary(e.Op, x.Value, t)})
		}
		return c.record(e, &TypeInfo{Type: t})
	case token.BNEG:
		if !ctype.IsInteger(t) {
			c.errorf(e, diag.D_OP_INT, "operator %s requires an operand of integral type", e.Op)
		}
		if x.Const {
			return c.record(e, &TypeInfo{Type: t, Const: true, Value: foldUnary(e.Op, x.Value, t)})
		}
		return c.record(e, &TypeInfo{Type: t})
	case token.NOT:
		if !ctype.IsScalar(t) && !ctype.IsString(t) {
			c.errorf(e, diag.D_OP_SCALAR, "operator %s requires an operand of scalar type", e.Op)
		}
		if x.Const {
			return c.constant(e, ctype.IntType, foldUnary(e.Op, within(x), t))
		}
		return c.record(e, &TypeInfo{Type: ctype.IntType})
	case token.MUL:
		r := ctype.Resolve(t)
		if r.Kind != ctype.Pointer && r.Kind != ctype.Array {
			c.errorf(e, diag.D_DEREF_NONPTR, "cannot dereference non-pointer type")
		}
		if ctype.IsVoid(r.Elem) {
			c.errorf(e, diag.D_DEREF_VOID, "cannot dereference pointer to void")
		}
		if ctype.Resolve(r.Elem).Kind == ctype.Func {
			c.errorf(e, diag.D_DEREF_FUNC, "cannot dereference pointer to function")
		}
		return c.record(e, &TypeInfo{Type: r.Elem, Lvalue: true, Writable: true})
	case token.AND:
		_, agg := ast.Unparen(e.X).(*ast.AggExpr)
		// An element of an associative array is a dynamic variable too,
		// one DTrace's parser makes a variable node of.
		if ix, ok := ast.Unparen(e.X).(*ast.IndexExpr); ok {
			if v := c.info.Vars[ast.Unparen(ix.X)]; v != nil && (v.Kind == Assoc || v.Keys != nil && v.Kind != Inline) {
				c.errorf(e, diag.D_ADDROF_VAR, "cannot take address of dynamic variable")
			}
		}
		if v := c.info.Vars[ast.Unparen(e.X)]; agg || v != nil && v.Kind != KernelVar {
			c.errorf(e, diag.D_ADDROF_VAR, "cannot take address of dynamic variable")
		}
		if !x.Lvalue {
			c.errorf(e, diag.D_ADDROF_LVAL, "unacceptable operand for unary & operator")
		}
		return c.record(e, &TypeInfo{Type: ctype.NewPointer(t)})
	case token.INC, token.DEC:
		c.incdec(e, e.Op, x)
		return c.record(e, &TypeInfo{Type: t})
	}
	c.errorf(e, diag.D_UNKNOWN, "unsupported unary operator %s", e.Op)
	return nil
}

func (c *checker) incdec(n ast.Node, op token.Kind, x *TypeInfo) {
	if !ctype.IsScalar(x.Type) {
		c.errorf(n, diag.D_OP_SCALAR, "operator %s requires operand of scalar type", op)
	}
	if !x.Lvalue || !x.Writable {
		c.errorf(n, diag.D_OP_LVAL, "operator %s requires modifiable lvalue as an operand", op)
	}
}

// decay is the type an array has in an expression: a pointer to its
// element.
func decay(t *ctype.Type) *ctype.Type {
	if r := ctype.Resolve(t); r.Kind == ctype.Array {
		return ctype.NewPointer(r.Elem)
	}
	return t
}

func isNull(x *TypeInfo) bool { return x.Const && x.Value == 0 && ctype.IsInteger(x.Type) }

// nullOrVoidPtr reports whether x may stand where a string is expected
// as a pointer: NULL, or a void pointer. DTrace's strings are char arrays
// to its pointer rules, so a string compares with and takes these.
func nullOrVoidPtr(x *TypeInfo) bool {
	if isNull(x) {
		return true
	}
	r := ctype.Resolve(x.Type)
	return r.Kind == ctype.Pointer && ctype.IsVoid(r.Elem)
}

// strcompat reports whether t can stand for a string: D strings and char
// arrays and pointers.
func strcompat(t *ctype.Type) bool { return ctype.IsString(t) || ctype.IsCharPointer(t) }

// ptrcompat reports whether two pointer types may be compared, assigned
// or subtracted: the same referenced type, or one of them void *.
func ptrcompat(a, b *ctype.Type) bool {
	// A D string is an array of char to DTrace, so void * takes one.
	asPtr := func(t *ctype.Type) *ctype.Type {
		if ctype.IsString(t) {
			return ctype.NewPointer(ctype.CharType)
		}
		return decay(t)
	}
	ra, rb := ctype.Resolve(asPtr(a)), ctype.Resolve(asPtr(b))
	if ra.Kind != ctype.Pointer || rb.Kind != ctype.Pointer {
		return false
	}
	ea, eb := ctype.Resolve(ra.Elem), ctype.Resolve(rb.Elem)
	if ea.Kind == ctype.Void || eb.Kind == ctype.Void {
		return true
	}
	return ctype.Same(ea, eb) || (ea.Kind == ctype.Pointer && eb.Kind == ctype.Pointer && ptrcompat(ea, eb))
}

// argcompat is DTrace's rule for passing or assigning src where a value of
// type dst is expected.
func argcompat(dst *ctype.Type, src *TypeInfo) bool {
	s := src.Type
	switch {
	case ctype.IsInteger(dst) && ctype.IsInteger(s):
		return true
	case strcompat(dst) && strcompat(s):
		return true
	case ctype.IsString(dst) && nullOrVoidPtr(src):
		return true
	case ctype.IsArith(dst) && ctype.IsArith(s):
		return true
	}
	switch r := ctype.Resolve(dst); r.Kind {
	case ctype.Struct, ctype.Union, ctype.Func, ctype.Enum:
		return ctype.Same(r, ctype.Resolve(s))
	case ctype.Pointer, ctype.Array:
		return ptrcompat(dst, s) || isNull(src)
	}
	return ctype.Same(ctype.Resolve(dst), ctype.Resolve(s))
}

func (c *checker) assignable(dst *ctype.Type, src *TypeInfo) bool { return argcompat(dst, src) }

func (c *checker) incompat(n ast.Node, op token.Kind, a, b *ctype.Type) {
	c.errorf(n, diag.D_OP_INCOMPAT, "operands have incompatible types: \"%s\" %s \"%s\"", a, op, b)
}

func (c *checker) binary(e *ast.BinaryExpr) *TypeInfo {
	x := c.expr(e.X)
	if e.Op == token.COMMA {
		y := c.expr(e.Y)
		return c.record(e, &TypeInfo{Type: y.Type, Const: y.Const, Value: y.Value})
	}
	y := c.expr(e.Y)
	return c.record(e, c.binop(e, e.Op, x, y))
}

// binop types (and folds) x op y.
func (c *checker) binop(n ast.Node, op token.Kind, x, y *TypeInfo) *TypeInfo {
	return c.binopAs(n, op, op, x, y)
}

// binopAs types x op y, naming the operator shown in its errors: the
// compound assignment (+=) that applies op.
func (c *checker) binopAs(n ast.Node, op, shown token.Kind, x, y *TypeInfo) *TypeInfo {
	a, b := x.Type, y.Type
	fold := func(t *ctype.Type, result *ctype.Type) *TypeInfo {
		if !x.Const || !y.Const || !ctype.IsInteger(t) {
			return &TypeInfo{Type: result}
		}
		av, bv := foldOperands(op, x, y, t)
		v, err := foldBinary(op, av, bv, t)
		if err != nil {
			c.fail(n, err)
		}
		return &TypeInfo{Type: result, Const: true, Value: v}
	}
	switch op {
	case token.ADD, token.SUB:
		switch {
		case ctype.IsArith(a) && ctype.IsArith(b):
			t := ctype.UsualArith(a, b, ctype.IntType)
			return fold(t, t)
		case ctype.IsPointer(a) && ctype.IsInteger(b):
			return &TypeInfo{Type: decay(a)}
		case op == token.ADD && ctype.IsInteger(a) && ctype.IsPointer(b):
			return &TypeInfo{Type: decay(b)}
		case ctype.IsString(a) && ctype.IsInteger(b):
			// D lets a string be offset like a pointer to its
			// characters; the result is still a string.
			return &TypeInfo{Type: a}
		case op == token.ADD && ctype.IsInteger(a) && ctype.IsString(b):
			return &TypeInfo{Type: b}
		case op == token.SUB && ctype.IsPointer(a) && ctype.IsPointer(b) && ptrcompat(a, b):
			return &TypeInfo{Type: c.lookupType(n, "ptrdiff_t")}
		}
		c.incompat(n, shown, a, b)
	case token.MUL, token.DIV:
		if !ctype.IsArith(a) || !ctype.IsArith(b) {
			c.errorf(n, diag.D_OP_ARITH, "operator %s requires operands of arithmetic type", shown)
		}
		t := ctype.UsualArith(a, b, ctype.IntType)
		return fold(t, t)
	case token.MOD, token.AND, token.OR, token.XOR:
		if !ctype.IsInteger(a) || !ctype.IsInteger(b) {
			c.errorf(n, diag.D_OP_INT, "operator %s requires operands of integral type", shown)
		}
		t := ctype.UsualArith(a, b, ctype.IntType)
		return fold(t, t)
	case token.SHL, token.SHR:
		if !ctype.IsInteger(a) || !ctype.IsInteger(b) {
			c.errorf(n, diag.D_OP_INT, "operator %s requires operands of integral type", shown)
		}
		// The left operand's type, not promoted, as D has it.
		return fold(a, a)
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		switch {
		case ctype.IsArith(a) && ctype.IsArith(b):
			return fold(ctype.UsualArith(a, b, ctype.IntType), ctype.IntType)
		case strcompat(a) && strcompat(b):
		case ctype.IsString(a) && nullOrVoidPtr(y), ctype.IsString(b) && nullOrVoidPtr(x):
		case ctype.IsPointer(a) && (ptrcompat(a, b) || isNull(y)):
		case ctype.IsPointer(b) && isNull(x):
		case ctype.IsPointer(a) && ctype.IsInteger(b), ctype.IsInteger(a) && ctype.IsPointer(b):
		default:
			c.incompat(n, shown, a, b)
		}
		return &TypeInfo{Type: ctype.IntType}
	case token.LAND, token.LOR, token.LXOR:
		for _, t := range [...]*ctype.Type{a, b} {
			// A D string is an array to DTrace: not a scalar.
			if !ctype.IsScalar(t) {
				c.errorf(n, diag.D_OP_SCALAR, "operator %s requires operands of scalar type", shown)
			}
		}
		return fold(ctype.LongType, ctype.IntType)
	}
	c.errorf(n, diag.D_UNKNOWN, "unsupported operator %s", shown)
	return nil
}

func (c *checker) cond(e *ast.CondExpr) *TypeInfo {
	k := c.expr(e.Cond)
	if !ctype.IsScalar(k.Type) {
		c.errorf(e.Cond, diag.D_OP_SCALAR, "operator ?: expression must be of scalar type")
	}
	x, y := c.expr(e.X), c.expr(e.Y)
	var t *ctype.Type
	switch {
	case ctype.IsArith(x.Type) && ctype.IsArith(y.Type):
		t = ctype.UsualArith(x.Type, y.Type, ctype.IntType)
	case strcompat(x.Type) && strcompat(y.Type):
		t = c.stringType()
	case ctype.IsPointer(x.Type) && (ptrcompat(x.Type, y.Type) || isNull(y)):
		t = decay(x.Type)
	case ctype.IsPointer(y.Type) && isNull(x):
		t = decay(y.Type)
	case ctype.Same(ctype.Resolve(x.Type), ctype.Resolve(y.Type)):
		t = x.Type
	default:
		c.errorf(e, diag.D_OP_INCOMPAT, "operator ?: operands must have compatible types")
	}
	if c.isAction(e.X) || c.isAction(e.Y) {
		c.errorf(e, diag.D_OP_ACT, "action cannot be used in a conditional context")
	}
	ti := &TypeInfo{Type: t}
	if k.Const && x.Const && y.Const && ctype.IsInteger(t) {
		ti.Const, ti.Value = true, convertConst(y, t, false)
		if within(k) != 0 {
			ti.Value = convertConst(x, t, false)
		}
	}
	return c.record(e, ti)
}

// isAction reports whether e calls an action.
func (c *checker) isAction(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := LookupBuiltin(id.Name)
	return ok && b.Kind == Action
}

func (c *checker) cast(e *ast.CastExpr) *TypeInfo {
	t, _ := c.typeOf(e.Type)
	c.typeOps[e] = t
	x := c.expr(e.X)
	// Floating-point types are not scalars in D: a value of one may be
	// recorded and printed, but not converted (DTrace's
	// dt_node_is_scalar).
	scalar := func(t *ctype.Type) bool { return ctype.IsInteger(t) || ctype.IsPointer(t) }
	switch {
	case ctype.IsVoid(t):
	case scalar(t) && (scalar(x.Type) || ctype.IsString(x.Type) && ctype.IsPointer(t)):
	// A string may be made of an address (a pointer or an integer).
	case ctype.IsString(t) && (strcompat(x.Type) || ctype.IsScalar(x.Type)):
	case ctype.Same(ctype.Resolve(t), ctype.Resolve(x.Type)):
	default:
		c.errorf(e, diag.D_CAST_INVAL, "invalid cast expression: \"%s\" to \"%s\"", typeName(x.Type), typeName(t))
	}
	if x.Const && ctype.IsInteger(t) {
		return c.constant(e, t, within(x))
	}
	return c.record(e, &TypeInfo{Type: t, Const: x.Const && ctype.IsPointer(t), Value: x.Value})
}

func (c *checker) sizeof(e *ast.SizeofExpr) *TypeInfo {
	var t *ctype.Type
	switch {
	case e.Type != nil:
		t, _ = c.typeOf(e.Type)
		c.typeOps[e] = t
	default:
		if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
			if tt, err := c.u.LookupType(id.Name); err == nil {
				if v, _ := c.lookupIdent(id); v == nil {
					t = tt
				}
			}
		}
		if t == nil {
			x := c.expr(e.X)
			t = x.Type
			if sel, ok := ast.Unparen(e.X).(*ast.SelectorExpr); ok {
				if m, found := c.memberOf(sel); found && m.Bits != 0 {
					c.errorf(e, diag.D_SIZEOF_BITFIELD, "cannot apply sizeof to a bit-field")
				}
			}
		}
	}
	if t.Sizeof() == 0 && !ctype.IsString(t) {
		c.errorf(e, diag.D_SIZEOF_TYPE, "cannot apply sizeof to an operand of unknown size")
	}
	if lit, ok := ast.Unparen(e.X).(*ast.StringLit); ok && e.Type == nil {
		// A string constant takes its characters and the NUL, as in
		// DTrace, not strsize.
		return c.constant(e, c.sizeType(), int64(len(lit.Value)+1))
	}
	return c.constant(e, c.sizeType(), t.Sizeof())
}

func (c *checker) offsetof(e *ast.OffsetofExpr) *TypeInfo {
	t, _ := c.typeOf(e.Type)
	if !ctype.IsComposite(t) {
		c.errorf(e, diag.D_OFFSETOF_TYPE, "offsetof operand must be a struct or union type")
	}
	m, ok := t.Member(e.Member.Name)
	if !ok {
		c.errorf(e.Member, diag.D_TYPE_MEMBER, "%s is not a member of %s", e.Member.Name, ctype.Resolve(t))
	}
	if m.Bits != 0 {
		c.errorf(e, diag.D_OFFSETOF_BITFIELD, "cannot take offset of a bit-field: %s", e.Member.Name)
	}
	return c.constant(e, c.sizeType(), int64(m.Offset/8))
}

func (c *checker) xlate(e *ast.XlateExpr) *TypeInfo {
	t, _ := c.typeOf(e.Type)
	c.typeOps[e] = t
	x := c.expr(e.X)
	out := t
	if r := ctype.Resolve(t); r.Kind == ctype.Pointer {
		out = r.Elem
	}
	for _, xl := range c.info.Translators {
		if ctype.Same(ctype.Resolve(xl.Out), ctype.Resolve(out)) && argcompat(xl.In, x) {
			c.info.Xlated[e] = xl
			return c.record(e, &TypeInfo{Type: t})
		}
	}
	c.errorf(e, diag.D_XLATE_NONE, "cannot translate from \"%s\" to \"%s\"", x.Type, t)
	return nil
}

// memberOf finds the member a selector names, without reporting errors.
func (c *checker) memberOf(e *ast.SelectorExpr) (ctype.Member, bool) {
	ti := c.info.Types[e.X]
	if ti == nil {
		return ctype.Member{}, false
	}
	t := ti.Type
	if e.Op == token.ARROW {
		r := ctype.Resolve(t)
		if r.Kind != ctype.Pointer {
			return ctype.Member{}, false
		}
		t = r.Elem
	}
	return t.Member(e.Sel.Name)
}

func (c *checker) selector(e *ast.SelectorExpr) *TypeInfo {
	x := c.expr(e.X)
	t := x.Type
	writable := x.Writable
	if e.Op == token.ARROW {
		r := ctype.Resolve(t)
		if r.Kind != ctype.Pointer && r.Kind != ctype.Array {
			c.errorf(e, diag.D_OP_PTR, "operator -> must be applied to a pointer")
		}
		t, writable = r.Elem, true
	}
	r := ctype.Resolve(t)
	if r.Kind == ctype.Forward {
		c.errorf(e, diag.D_OP_INCOMPLETE, "operator %s cannot be applied to a forward declaration: no %s definition is available", e.Op, r)
	}
	if r.Kind != ctype.Struct && r.Kind != ctype.Union {
		if e.Op == token.ARROW {
			c.errorf(e, diag.D_OP_SOU, "operator -> cannot be applied to pointer to type \"%s\"; must be applied to a struct or union pointer", r)
		}
		c.errorf(e, diag.D_OP_SOU, "operator %s cannot be applied to type \"%s\"; must be applied to a struct or union", e.Op, r)
	}
	// Through a translator, only the members it defines exist.
	if x := c.translatorOf(e.X); x != nil && !x.defines(e.Sel.Name) {
		c.errorf(e, diag.D_XLATE_NOCONV, "translator does not define conversion for member: %s", e.Sel.Name)
	}
	m, ok := r.Member(e.Sel.Name)
	if !ok {
		c.errorf(e.Sel, diag.D_TYPE_MEMBER, "%s is not a member of %s", e.Sel.Name, r)
	}
	return c.record(e, &TypeInfo{Type: m.Type, Lvalue: true, Writable: writable})
}

// aggMDim rejects an aggregation indexed twice, as in @a[1][2].
func (c *checker) aggMDim(e ast.Expr) {
	if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok {
		if inner, ok := ast.Unparen(ix.X).(*ast.IndexExpr); ok {
			if a, ok := ast.Unparen(inner.X).(*ast.AggExpr); ok {
				c.errorf(e, diag.D_AGG_MDIM, "improper attempt to reference @%s as a multi-dimensional array", a.Name)
			}
		}
	}
}

func (c *checker) index(e *ast.IndexExpr) *TypeInfo {
	c.aggMDim(e)
	switch x := ast.Unparen(e.X).(type) {
	case *ast.AggExpr:
		// Unlike @a, @a[key] is no error while @a is undefined, as
		// DTrace creates it: what the expression does with it decides.
		for _, k := range e.Index {
			c.expr(k)
		}
		if v, ok := c.aggs[x.Name]; ok {
			c.info.Vars[x] = v
		}
		c.record(x, &TypeInfo{Type: aggRefType})
		return c.record(e, &TypeInfo{Type: aggRefType})
	case *ast.Ident:
		if b, ok := LookupBuiltin(x.Name); ok && b.Kind == ArrayVar {
			if _, shadow := c.globals[x.Name]; !shadow {
				return c.builtinIndex(e, x, b)
			}
		}
		if v, ok := c.globals[x.Name]; ok && v.Kind == Inline && v.Keys != nil {
			return c.inlineIndex(e, v)
		}
		if v, ok := c.globals[x.Name]; ok && (v.Kind == Assoc || v.Keys != nil) {
			return c.assocRef(e, v, false)
		}
		if c.unassigned(x) {
			c.notYetAssigned(x)
		}
	case *ast.ScopedVar:
		if v := c.scopedVar(x, false); v != nil && v.Keys != nil {
			return c.assocRef(e, v, false)
		}
	}
	xt := c.expr(e.X)
	r := ctype.Resolve(xt.Type)
	if r.Kind == ctype.String && len(e.Index) == 1 {
		// s[i] is the character at s + i, as for a char array.
		if i := c.expr(e.Index[0]); !ctype.IsInteger(i.Type) {
			c.errorf(e, diag.D_OP_INT, "operator [ ] requires an index of integral type")
		}
		return c.record(e, &TypeInfo{Type: ctype.CharType, Lvalue: true})
	}
	if r.Kind != ctype.Pointer && r.Kind != ctype.Array {
		if v := c.info.Vars[ast.Unparen(e.X)]; v != nil {
			c.errorf(e, diag.D_IDENT_UNDEF, "failed to resolve %s: Unknown variable name", v.Name)
		}
		c.errorf(e, diag.D_OP_ARRFUN, "operator [ ] may not be applied to a non-pointer type")
	}
	if len(e.Index) != 1 {
		c.errorf(e, diag.D_ARR_BADREF, "cannot access %s as an associative array", c.nodeName(e.X))
	}
	i := c.expr(e.Index[0])
	if !ctype.IsInteger(i.Type) {
		c.errorf(e, diag.D_OP_INT, "operator [ ] requires an index of integral type")
	}
	if r.Kind == ctype.Array && i.Const && r.Len > 0 && (i.Value < 0 || i.Value >= r.Len) {
		c.errorf(e, diag.D_ARR_BOUNDS, "index outside array bounds: %d, max is %d", i.Value, r.Len)
	}
	return c.record(e, &TypeInfo{Type: r.Elem, Lvalue: true, Writable: xt.Writable || r.Kind == ctype.Pointer})
}

// nodeName names an expression as DTrace's messages do: "scalar x" for a
// variable, "operator ->" for an operator's result.
func (c *checker) nodeName(e ast.Expr) string {
	if v := c.info.Vars[ast.Unparen(e)]; v != nil {
		return "scalar " + v.Name
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		return "operator " + x.Op.String()
	case *ast.CallExpr:
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
			return "function " + id.Name
		}
	}
	return "expression"
}

// isIntConstant reports whether e is an integer literal or names an inline
// whose value is one, which DTrace's parser turns into a literal, or is
// made of such by an operator or an integer cast its parser folds into
// one (args[1 + 1], stack(2 * 4)).
func (c *checker) isIntConstant(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.IntLit:
		return true
	case *ast.Ident:
		v := c.info.Vars[x]
		return v != nil && v.Kind == Inline && c.info.Types[x] != nil && c.info.Types[x].Const
	case *ast.UnaryExpr:
		return foldedUnary[x.Op] && c.isIntConstant(x.X)
	case *ast.BinaryExpr:
		return foldedBinary[x.Op] && c.isIntConstant(x.X) && c.isIntConstant(x.Y)
	case *ast.CastExpr:
		t := c.info.Types[x]
		return t != nil && ctype.IsInteger(t.Type) && c.isIntConstant(x.X)
	}
	return false
}

// foldedUnary and foldedBinary are the operators DTrace's parser
// applies to integer constants as it reads them (dt_node_op1 and
// dt_node_op2), giving a constant.
var (
	foldedUnary  = map[token.Kind]bool{token.SUB: true, token.ADD: true, token.BNEG: true, token.NOT: true}
	foldedBinary = map[token.Kind]bool{
		token.LOR: true, token.LXOR: true, token.LAND: true, token.OR: true, token.XOR: true, token.AND: true,
		token.EQL: true, token.NEQ: true, token.LSS: true, token.LEQ: true, token.GTR: true, token.GEQ: true,
		token.SHL: true, token.SHR: true, token.ADD: true, token.SUB: true, token.MUL: true, token.DIV: true, token.MOD: true,
	}
)

func (c *checker) builtinIndex(e *ast.IndexExpr, x *ast.Ident, b *Ident) *TypeInfo {
	if len(e.Index) != 1 {
		c.errorf(e, diag.D_PROTO_LEN, "%s[ ] prototype mismatch: %d args passed, 1 expected", b.Name, len(e.Index))
	}
	i := c.expr(e.Index[0])
	if !c.isIntConstant(e.Index[0]) || !i.Const {
		c.errorf(e, diag.D_PROTO_ARG, "%s[ ] argument #1 is incompatible with prototype:\n\tprototype: %s\n\t argument: %s", b.Name, "integer constant", i.Type)
	}
	c.info.Vars[x] = &Var{Name: b.Name, Kind: BuiltinVar, Builtin: b}
	if b.Name == "uregs" {
		switch {
		case i.Value < 0:
			c.errorf(e, diag.D_REGS_IDX, "index %d is out of range for array %s", i.Value, b.Name)
		case i.Value > uregsLast:
			c.errorf(e, diag.D_UNKNOWN, "uregs[]: index out of bounds (%d)", i.Value)
		}
		return c.record(e, &TypeInfo{Type: c.lookupType(e, "uint64_t")})
	}
	if c.clause == nil {
		c.errorf(e, diag.D_ARGS_NONE, "%s[ ] may not be referenced outside of a probe clause", b.Name)
	}
	t, xl := c.argType(e, i.Value)
	if xl != nil {
		c.info.Xlated[e] = xl
	}
	return c.record(e, &TypeInfo{Type: t})
}

// keyTypes checks the keys of an associative array or aggregation
// reference and returns their types.
func (c *checker) keyTypes(e *ast.IndexExpr, kind string) []*ctype.Type {
	keys := make([]*ctype.Type, len(e.Index))
	for i, k := range e.Index {
		if kind == "aggregation" {
			c.aggKey = k
		}
		keys[i] = c.expr(k).Type
		c.aggKey = nil
		if dyn := c.dynamicKind(k); dyn != "" {
			c.errorf(e, diag.D_KEY_TYPE, "%s expression may not be used as %s index: key #%d", dyn, kind, i+1)
		}
		if ctype.IsVoid(keys[i]) {
			c.errorf(e, diag.D_KEY_TYPE, "%s expression may not be used as %s index: key #%d", keys[i], kind, i+1)
		}
	}
	return keys
}

// checkKeys validates keys against an existing signature, as DTrace's
// dt_idcook_sign does.
func (c *checker) checkKeys(e *ast.IndexExpr, prefix, name string, sig []*ctype.Type) {
	if len(e.Index) != len(sig) {
		s := "s "
		if len(e.Index) == 1 {
			s = " "
		}
		c.errorf(e, diag.D_PROTO_LEN, "%s%s[ ] prototype mismatch: %d key%spassed, %d expected", prefix, name, len(e.Index), s, len(sig))
	}
	for i, k := range e.Index {
		ti := c.info.Types[k]
		if !argcompat(sig[i], ti) {
			c.errorf(e, diag.D_PROTO_ARG, "%s%s[ ] key #%d is incompatible with prototype:\n\tprototype: %s\n\t%9s: %s", prefix, name, i+1, sig[i], "key", ti.Type)
		}
	}
}

// keyLayout names how an aggregation key is laid out when its type does
// not say it: the kernel stack of stack(), the process and user stack of
// ustack() and jstack(), the process and user address of usym(),
// ufunc(), umod() and uaddr(); "" for a key stored as its type says.
func (c *checker) keyLayout(k ast.Expr) string {
	call, ok := ast.Unparen(k).(*ast.CallExpr)
	if !ok {
		return ""
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return ""
	}
	if v := c.info.Vars[id]; v == nil || v.Kind != BuiltinFunc {
		return ""
	}
	switch id.Name {
	case "stack":
		return "stack( )"
	case "ustack", "jstack":
		return "ustack( )"
	case "usym", "ufunc", "umod", "uaddr":
		return "usym( )"
	}
	return ""
}

// sameKeyLayouts refuses a key of aggregation v laid out unlike the key
// of its first assignment: a kernel stack where it was a user stack, a
// stack where it was an integer. The types agree (stack() and ustack()
// both give a stack) and DTrace lets them through, to record keys its
// consumer then reads with the first's layout: a user stack's process
// ID as a kernel frame, an integer as a stack. The message is DTrace's
// for keys of incompatible types.
func (c *checker) sameKeyLayouts(ix *ast.IndexExpr, name string, v *Var) {
	for i, k := range ix.Index {
		if i >= len(v.keyLayouts) {
			break
		}
		first, this := v.keyLayouts[i], c.keyLayout(k)
		if first == this {
			continue
		}
		describe := func(layout string, t *ctype.Type) string {
			if layout == "" {
				return t.String()
			}
			return layout
		}
		c.errorf(ix, diag.D_PROTO_ARG, "@%s[ ] key #%d is incompatible with prototype:\n\tprototype: %s\n\t%9s: %s",
			name, i+1, describe(first, v.Keys[i]), "key", describe(this, c.info.Types[k].Type))
	}
}

// inlineIndex checks a use of an inline array: its arguments must suit
// its parameters, and its value is the inline's, of the inline's type.
func (c *checker) inlineIndex(e *ast.IndexExpr, v *Var) *TypeInfo {
	for _, k := range e.Index {
		c.rvalue(k)
	}
	c.checkKeys(e, "", v.Name, v.Keys)
	c.info.Vars[e.X] = v
	return c.record(e, &TypeInfo{Type: v.Type})
}

// assocRef checks a reference to an associative array; create makes the
// array on its first assignment.
func (c *checker) assocRef(e *ast.IndexExpr, v *Var, create bool) *TypeInfo {
	keys := c.keyTypes(e, "associative array")
	if v.Keys == nil && create {
		v.Keys = keys
	} else {
		c.checkKeys(e, "", v.Name, v.Keys)
	}
	c.info.Vars[e.X] = v
	return c.record(e, &TypeInfo{Type: v.Type, Lvalue: true, Writable: true})
}

func (c *checker) assign(e *ast.AssignExpr) *TypeInfo {
	c.aggMDim(e.Lhs)
	if c.isAgg(e.Lhs) {
		return c.aggAssign(e)
	}
	rhs := c.expr(e.Rhs)
	if e.Op == token.ASSIGN {
		if v := c.newVar(e.Lhs, rhs); v != nil {
			c.allocaAssign(e.Lhs, e.Rhs)
			return c.record(e, &TypeInfo{Type: v.Type})
		}
	}
	if e.Op != token.ASSIGN && c.unassigned(e.Lhs) {
		c.notYetAssigned(e.Lhs)
	}
	lhs := c.expr(e.Lhs)
	addSub := e.Op == token.ADD_ASSIGN || e.Op == token.SUB_ASSIGN
	if addSub {
		c.addAssign(e, lhs, rhs)
	}
	// DTrace tells what is no lvalue at all (&x = p) from an lvalue
	// that may not be written (pid = 1).
	if !lhs.Lvalue {
		c.errorf(e, diag.D_OP_LVAL, "operator %s requires modifiable lvalue as an operand", e.Op)
	}
	if !lhs.Writable {
		c.errorf(e, diag.D_OP_WRITE, "operator %s can only be applied to a writable variable", e.Op)
	}
	switch {
	case e.Op == token.ASSIGN:
		if !argcompat(lhs.Type, rhs) && !c.deletes(e.Lhs, lhs.Type, rhs) {
			c.incompat(e, e.Op, lhs.Type, rhs.Type)
		}
		c.allocaAssign(e.Lhs, e.Rhs)
	case !addSub:
		c.binopAs(e, compoundOp[e.Op], e.Op, lhs, rhs)
	}
	return c.record(e, &TypeInfo{Type: lhs.Type})
}

// addAssign checks += and -= as DTrace does: between integers, or moving
// a pointer to a type of known size by an integer or a compatible pointer.
func (c *checker) addAssign(e *ast.AssignExpr, lhs, rhs *TypeInfo) {
	if ctype.IsString(lhs.Type) || ctype.IsString(rhs.Type) {
		c.incompat(e, e.Op, lhs.Type, rhs.Type)
	}
	if ctype.IsInteger(lhs.Type) && ctype.IsInteger(rhs.Type) {
		return
	}
	if r := ctype.Resolve(lhs.Type); r.Kind != ctype.Pointer || ctype.IsVoid(r.Elem) {
		c.errorf(e, diag.D_OP_VFPTR, "operator %s requires left-hand scalar operand of known size", e.Op)
	}
	if !ctype.IsInteger(rhs.Type) && !ptrcompat(lhs.Type, rhs.Type) {
		c.incompat(e, e.Op, lhs.Type, rhs.Type)
	}
}

// deletes reports whether assigning rhs to lhs, of type t, deletes a
// dynamic variable holding a struct or union: the constant 0 does, as for
// any dynamic variable, though it is no value of t.
func (c *checker) deletes(lhs ast.Expr, t *ctype.Type, rhs *TypeInfo) bool {
	if !rhs.Const || rhs.Value != 0 || !ctype.IsInteger(rhs.Type) || !ctype.IsComposite(t) {
		return false
	}
	var v *Var
	switch l := ast.Unparen(lhs).(type) {
	case *ast.ScopedVar:
		v = c.info.Vars[l]
	case *ast.IndexExpr:
		v = c.info.Vars[ast.Unparen(l.X)]
	}
	return v != nil && (v.Kind == ThreadLocal || v.Kind == Assoc)
}

var compoundOp = map[token.Kind]token.Kind{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
	token.DIV_ASSIGN: token.DIV, token.MOD_ASSIGN: token.MOD, token.AND_ASSIGN: token.AND,
	token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR, token.SHL_ASSIGN: token.SHL,
	token.SHR_ASSIGN: token.SHR,
}

// newVar handles the first assignment to a variable, which gives it its
// type; it returns nil when lhs is not a variable seen for the first time.
func (c *checker) newVar(lhs ast.Expr, rhs *TypeInfo) *Var {
	infer := func(v *Var) {
		// x = trace(1) gives x the action's void type, as in DTrace,
		// whose code generator then rejects the action.
		actionValue := c.clause != nil && c.clause.cgErr != nil
		if ctype.IsVoid(rhs.Type) && !actionValue {
			c.errorf(lhs, diag.D_OP_VFPTR, "operator = may not be applied to a void expression")
		}
		v.Type = rhs.Type
	}
	switch l := ast.Unparen(lhs).(type) {
	case *ast.Ident:
		if strings.Contains(l.Name, "`") {
			return nil
		}
		if v, _ := c.lookupIdent(l); v != nil {
			return nil
		}
		v := &Var{Name: l.Name, Kind: Global}
		infer(v)
		c.globals[l.Name] = v
		c.varRef(l, v)
		return v
	case *ast.ScopedVar:
		v := c.scopedVar(l, true)
		if v.Type != nil {
			return nil
		}
		infer(v)
		c.varRef(l, v)
		return v
	case *ast.IndexExpr:
		var v *Var
		switch x := ast.Unparen(l.X).(type) {
		case *ast.Ident:
			if known, _ := c.lookupIdent(x); known != nil {
				if known.Kind != Assoc || known.Type != nil {
					return nil
				}
			}
			v = &Var{Name: x.Name, Kind: Assoc}
			c.globals[x.Name] = v
		case *ast.ScopedVar:
			v = c.scopedVar(x, true)
			if v.Type != nil {
				return nil
			}
			if x.Scope == token.THIS {
				c.errorf(l, diag.D_ARR_LOCAL, "local variables may not be used as associative arrays: %s", x.Name.Name)
			}
		default:
			return nil
		}
		c.assocRef(l, v, true)
		infer(v)
		c.info.Types[l].Type = v.Type
		return v
	}
	return nil
}

// isAgg reports whether e names an aggregation, keyed or not.
func (c *checker) isAgg(e ast.Expr) bool {
	if e == nil {
		return false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.AggExpr:
		return true
	case *ast.IndexExpr:
		_, ok := ast.Unparen(e.X).(*ast.AggExpr)
		return ok
	}
	return false
}

func (c *checker) aggAssign(e *ast.AssignExpr) *TypeInfo {
	var agg *ast.AggExpr
	var ix *ast.IndexExpr
	switch l := ast.Unparen(e.Lhs).(type) {
	case *ast.AggExpr:
		agg = l
	case *ast.IndexExpr:
		agg, ix = ast.Unparen(l.X).(*ast.AggExpr), l
	}
	name := agg.Name
	call, ok := ast.Unparen(e.Rhs).(*ast.CallExpr)
	var fn *Ident
	if ok {
		if id, isID := ast.Unparen(call.Fun).(*ast.Ident); isID {
			fn, _ = LookupBuiltin(id.Name)
		}
	}
	if e.Op != token.ASSIGN || fn == nil || fn.Kind != AggFunc {
		// DTrace checks the value first, so an undefined function or
		// variable is reported as such.
		c.expr(e.Rhs)
		c.errorf(e, diag.D_AGG_FUNC, "@%s must be assigned the result of an aggregating function", name)
	}
	// An aggregation is assigned by a statement of its own: inside an
	// expression (@a = count(), 1) DTrace's code generator meets an
	// aggregation it has no code for, once the clause has passed its
	// checks. Its error is an internal one; this says what is wrong with
	// the words of its error for an aggregating function in an
	// expression.
	if ast.Unparen(c.stmtExpr) != ast.Expr(e) && c.clause != nil && c.clause.cgErr == nil {
		c.clause.cgErr = c.errAt(call, diag.D_CG_EXPR, "aggregating function %s( ) may not be called from a D expression (D program context required)", fn.Name)
	}
	v, exists := c.aggs[name]
	if exists && v.AggFunc != fn.Name {
		c.errorf(e, diag.D_AGG_REDEF, "aggregation redefined: @%s\n\t current: @%s = %s( )\n\tprevious: @%s = %s( ) : line %d",
			name, name, fn.Name, name, v.AggFunc, v.AggLine)
	}
	if !exists {
		v = &Var{Name: name, Kind: Aggregation, AggFunc: fn.Name, AggLine: c.line(e)}
	}
	if ix != nil {
		keys := c.keyTypes(ix, "aggregation")
		if !exists {
			v.Keys = keys
			for _, k := range ix.Index {
				v.keyLayouts = append(v.keyLayouts, c.keyLayout(k))
			}
		} else {
			c.checkKeys(ix, "@", name, v.Keys)
			c.sameKeyLayouts(ix, name, v)
		}
		c.record(ix, &TypeInfo{Type: ctype.VoidType})
	} else if exists && len(v.Keys) > 0 {
		c.errorf(e, diag.D_PROTO_LEN, "@%s[ ] prototype mismatch: 0 keys passed, %d expected", name, len(v.Keys))
	}
	c.info.Vars[agg] = v
	c.record(agg, &TypeInfo{Type: ctype.VoidType})
	c.aggCall(call, fn, v)
	c.aggs[name] = v
	return c.record(e, &TypeInfo{Type: ctype.VoidType})
}

// implicitVar creates a variable of type t modified by ++ or -- before
// it is ever assigned, as DTrace does: such variables start out as zero,
// of type int64_t.
func (c *checker) implicitVar(e ast.Expr, t *ctype.Type) {
	c.newVar(e, &TypeInfo{Type: t})
}

// unassigned reports whether e is a D variable that no declaration or
// assignment has given a type yet: a plain name that resolves to nothing
// (no D variable, constant, built-in or kernel symbol), an associative
// array indexed before it is assigned, or a self-> or this-> variable
// never assigned.
func (c *checker) unassigned(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		if strings.Contains(x.Name, "`") {
			return false
		}
		v, _ := c.lookupIdent(x)
		return v == nil
	case *ast.ScopedVar:
		v := c.scopedVar(x, false)
		return v == nil || v.Type == nil
	case *ast.IndexExpr:
		return c.unassigned(x.X)
	}
	return false
}

// notYetAssigned fails a read of a variable that has no type yet. In
// DTrace, [ and -> create the variable they name before it is known
// whether it is read or written, so the read that finds it untyped
// fails; a compound assignment (+=, <<=, ...) reads it first too. Only
// ++ and -- may bring a variable into being (implicitVar).
func (c *checker) notYetAssigned(e ast.Expr) {
	name := ""
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		name = x.Name
	case *ast.ScopedVar:
		name = "self->" + x.Name.Name
		if x.Scope == token.THIS {
			name = "this->" + x.Name.Name
		}
	case *ast.IndexExpr:
		c.notYetAssigned(x.X)
	}
	c.errorf(e, diag.D_VAR_UNDEF, "%s has not yet been declared or assigned", name)
}
