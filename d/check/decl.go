package check

import (
	"errors"
	"math"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// providerDef records a USDT provider definition with the types of its
// probes' native arguments, which dtrace -h and -G turn into C.
func (c *checker) providerDef(d *ast.ProviderDef) {
	pi := &ProviderInfo{Def: d}
	for _, p := range d.Probes {
		probe := ProbeDef{Decl: p}
		if p.Native != nil {
			for _, par := range p.Native.Params {
				t, _ := c.typeOf(par.Type)
				if ctype.IsVoid(t) && len(p.Native.Params) == 1 {
					break // probe p(void)
				}
				probe.Args = append(probe.Args, t)
			}
		}
		pi.Probes = append(pi.Probes, probe)
	}
	c.info.Providers = append(c.info.Providers, pi)
}

// typeOf converts type syntax to a ctype, defining the structs, unions and
// enums it declares in the script's scope. keys is set for associative
// array declarators (int a[string, int]).
func (c *checker) typeOf(t ast.Type) (typ *ctype.Type, keys []*ctype.Type) {
	switch t := t.(type) {
	case *ast.BuiltinType:
		if len(t.Words) == 1 && t.Words[0] == "string" {
			return c.lookupType(t, "string"), nil
		}
		name, ok := ctype.BaseName(t.Words)
		if !ok {
			c.errorf(t, diag.D_UNKNOWN, "failed to resolve type %s: Unknown type name", dtraceTypeName(t.Words))
		}
		return c.lookupType(t, name), nil
	case *ast.NamedType:
		return c.lookupType(t, t.Name), nil
	case *ast.StructType:
		return c.structType(t), nil
	case *ast.EnumType:
		return c.enumType(t), nil
	case *ast.QualType:
		typ, keys = c.typeOf(t.Type)
		return qualify(typ, t.Quals), keys
	case *ast.PointerType:
		elem, _ := c.typeOf(t.Elem)
		return qualify(ctype.NewPointer(elem), t.Quals), nil
	case *ast.ArrayType:
		elem, _ := c.typeOf(t.Elem)
		if t.Keys != nil {
			for _, k := range t.Keys {
				kt, _ := c.typeOf(k.Type)
				keys = append(keys, kt)
			}
			return elem, keys
		}
		n := int64(0)
		if t.Len != nil {
			n = c.posConst(t.Len, diag.D_DECL_ARRSUB, "positive integral constant expression or tuple signature expected as array declaration subscript")
			if uint64(n) > math.MaxUint32 {
				c.errorf(t.Len, diag.D_DECL_ARRBIG, "array dimension too big")
			}
		}
		return ctype.NewArray(elem, n), nil
	case *ast.FuncType:
		ft := &ctype.Type{Kind: ctype.Func, Variadic: t.Variadic, Module: "script"}
		ft.Elem, _ = c.typeOf(t.Result)
		for _, p := range t.Params {
			pt, _ := c.typeOf(p.Type)
			if ctype.IsVoid(pt) && len(t.Params) == 1 {
				break
			}
			ft.Params = append(ft.Params, pt)
		}
		return ft, nil
	}
	c.errorf(t, diag.D_UNKNOWN, "unsupported type syntax")
	return nil, nil
}

func qualify(t *ctype.Type, quals []token.Kind) *ctype.Type {
	for _, q := range quals {
		switch q {
		case token.CONST:
			t = ctype.NewQualified(ctype.Const, t)
		case token.VOLATILE:
			t = ctype.NewQualified(ctype.Volatile, t)
		case token.RESTRICT:
			t = ctype.NewQualified(ctype.Restrict, t)
		}
	}
	return t
}

// dtraceTypeName spells type keywords as DTrace names the type it looks
// up: signed or unsigned, short, long or long long, then the specifier
// unless int follows a size ("short long " for "short long", which names
// nothing).
func dtraceTypeName(words []string) string {
	var sign, short, base string
	longs := 0
	for _, w := range words {
		switch w {
		case "signed", "unsigned":
			sign += w + " "
		case "short":
			short = "short "
		case "long":
			longs++
		default:
			base = w
		}
	}
	name := sign + short + [...]string{"", "long ", "long long ", "long long long "}[min(longs, 3)]
	if base != "int" || name == "" {
		name += base
	}
	return name
}

// posConst is the value of e, which must be a positive integral
// constant: an error with tag and msg otherwise.
func (c *checker) posConst(e ast.Expr, tag diag.Tag, msg string) int64 {
	ti := c.rvalue(e)
	if !ti.Const || ti.Value == 0 || ti.Value < 0 && ctype.IsSigned(ti.Type) {
		c.errorf(e, tag, "%s", msg)
	}
	return ti.Value
}

func (c *checker) lookupType(n ast.Node, name string) *ctype.Type {
	t, err := c.u.LookupType(name)
	if err != nil {
		if errors.Is(err, ctype.ErrNotFound) {
			c.errorf(n, diag.D_UNKNOWN, "failed to resolve type %s: Unknown type name", name)
		}
		c.errorf(n, diag.D_UNKNOWN, "failed to resolve type %s: %v", name, err)
	}
	return t
}

// incomplete reports whether t is a struct, union or enum not yet
// defined, or one being defined: neither can be a member or a variable.
func incomplete(t *ctype.Type) bool {
	r := ctype.Resolve(t)
	return r.Kind == ctype.Forward || (r.Kind == ctype.Struct || r.Kind == ctype.Union) && r.Size == 0
}

// incompleteName is how DTrace names an incomplete type: a tag only
// declared is a struct's, whatever the keyword that declared it.
func incompleteName(t *ctype.Type) string {
	if r := ctype.Resolve(t); r.Kind == ctype.Forward {
		return "struct " + r.Name
	}
	return t.String()
}

// tagType finds or forward-declares the struct, union or enum tag.
func (c *checker) tagType(kind ctype.Kind, name string) *ctype.Type {
	key := kind.String() + " " + name
	if t, err := c.u.LookupType(key); err == nil {
		return t
	}
	t, _ := c.defs.Define(key, &ctype.Type{Kind: ctype.Forward, FwdKind: kind, Name: name})
	return t
}

func (c *checker) structType(st *ast.StructType) *ctype.Type {
	kind := ctype.Struct
	if st.Kind == token.UNION {
		kind = ctype.Union
	}
	if !st.Lbrace.IsValid() {
		return c.tagType(kind, st.Name)
	}
	t := &ctype.Type{Kind: kind, Name: st.Name, Module: "script"}
	if st.Name != "" {
		key := kind.String() + " " + st.Name
		old, err := c.defs.LookupType(key)
		switch {
		case err == nil && old.Kind == ctype.Forward:
			// Complete the forward declaration in place, so that
			// pointers made from it see the members.
			t = old
			t.Kind, t.FwdKind = kind, 0
		case err == nil:
			c.errorf(st, diag.D_DECL_TYPERED, "type redeclared: %s", key)
		default:
			c.defs.Define(key, t)
		}
	}
	var members []ctype.Member
	var off uint64
	align := int64(1)
	var size uint64
	for _, md := range st.Members {
		for _, d := range md.Vars {
			mt, _ := c.typeOf(d.Type)
			m := ctype.Member{Type: mt}
			idname := "(anon)"
			if d.Name != nil {
				m.Name = d.Name.Name
				idname = m.Name
			}
			if incomplete(mt) {
				c.errorf(d.Type, diag.D_DECL_INCOMPLETE, "incomplete struct/union/enum %s: %s", incompleteName(mt), idname)
			}
			if d.BitWidth != nil {
				// DTrace ignores an unnamed bit-field of width 0,
				// C's way to close the storage unit.
				if d.Name == nil {
					if w := c.rvalue(d.BitWidth); w.Const && w.Value == 0 {
						continue
					}
				}
				bits := c.posConst(d.BitWidth, diag.D_DECL_BFCONST, "positive integral constant expression expected as bit-field size")
				if !ctype.IsInteger(mt) || ctype.IsVoid(mt) {
					c.errorf(d.BitWidth, diag.D_DECL_BFTYPE, "invalid type for bit-field: %s", idname)
				}
				if uint64(bits) > uint64(mt.Sizeof()*8) {
					c.errorf(d.BitWidth, diag.D_DECL_BFSIZE, "bit-field too big for type: %s", idname)
				}
			}
			if d.Name != nil && hasMember(members, m.Name) {
				c.errorf(d.Name, diag.D_UNKNOWN, "failed to define member '%s': Duplicate member or variable name", m.Name)
			}
			a := mt.Alignof()
			align = max(align, a)
			if d.BitWidth != nil {
				w := c.rvalue(d.BitWidth)
				m.Bits = uint16(w.Value)
				unit := uint64(mt.Sizeof() * 8)
				if kind == ctype.Struct && unit > 0 && off/unit != (off+uint64(m.Bits)-1)/unit {
					off = (off + unit - 1) / unit * unit
				}
				if kind == ctype.Union {
					m.Offset = 0
				} else {
					m.Offset = off
					off += uint64(m.Bits)
				}
			} else {
				abits := uint64(a * 8)
				if kind == ctype.Struct {
					off = (off + abits - 1) / abits * abits
					m.Offset = off
					off += uint64(mt.Sizeof() * 8)
				}
			}
			size = max(size, m.Offset+max(uint64(m.Bits), uint64(mt.Sizeof()*8)*b2u(m.Bits == 0)))
			members = append(members, m)
		}
	}
	if kind == ctype.Struct {
		size = off
	}
	bytes := int64((size + 7) / 8)
	t.Size = (bytes + align - 1) / align * align
	t.SetMembers(members)
	return t
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func (c *checker) enumType(et *ast.EnumType) *ctype.Type {
	if !et.Lbrace.IsValid() {
		return c.tagType(ctype.Enum, et.Name)
	}
	t := &ctype.Type{Kind: ctype.Enum, Name: et.Name, Size: 4, Enc: ctype.Signed, Module: "script"}
	if et.Name != "" {
		if _, ok := c.defs.Define("enum "+et.Name, t); !ok {
			c.errorf(et, diag.D_DECL_TYPERED, "type redeclared: enum %s", et.Name)
		}
	}
	next := int64(0)
	for _, e := range et.Enumerators {
		name := e.Name.Name
		at := &ast.Ident{NamePos: e.After}
		if e.Value != nil {
			// An earlier enumerator of the same enum may be named
			// before the enum is complete.
			if id, ok := e.Value.(*ast.Ident); ok && hasEnumerator(t, id.Name) {
				next = enumeratorValue(t, id.Name)
			} else {
				v := c.rvalue(e.Value)
				if !v.Const {
					c.errorf(at, diag.D_DECL_ENCONST, "enumerator '%s' must be assigned to an integral constant expression", name)
				}
				if v.Value > math.MaxInt32 || v.Value < math.MinInt32 || v.Value < 0 && !ctype.IsSigned(v.Type) {
					c.errorf(at, diag.D_DECL_ENOFLOW, "enumerator '%s' value overflows INT_MAX (%d)", name, math.MaxInt32)
				}
				next = v.Value
			}
		}
		if hasEnumerator(t, name) {
			c.errorf(at, diag.D_UNKNOWN, "failed to define enumerator '%s': Duplicate member or variable name", name)
		}
		_, dup := c.enums[name]
		if _, ok := c.globals[name]; ok || dup {
			c.errorf(at, diag.D_DECL_IDRED, "identifier redeclared: %s", name)
		}
		c.enums[name] = next
		t.Enumerators = append(t.Enumerators, ctype.Enumerator{Name: name, Value: next})
		next = int64(int32(next + 1))
	}
	return t
}

// idKindName is how DTrace names an identifier's kind in messages.
func idKindName(v *Var) string {
	switch v.Kind {
	case Assoc:
		return "array"
	case Aggregation:
		return "aggregation"
	case BuiltinFunc:
		return "function"
	case Inline:
		return "inline"
	}
	if v.Keys != nil {
		return "array"
	}
	return "scalar"
}

// declaration handles a C declaration at the top level or in a clause.
func (c *checker) declaration(d *ast.Declaration, inClause bool) {
	if len(d.Vars) == 0 {
		c.typeOf(d.Base)
		base := d.Base
		if q, ok := base.(*ast.QualType); ok {
			base = q.Type
		}
		switch base.(type) {
		case *ast.StructType, *ast.EnumType:
		default:
			// Only a struct, union or enum can be declared without a
			// name: "extern int;" declares nothing.
			c.errorf(d, diag.D_DECL_USELESS, "useless declaration")
		}
		return
	}
	for _, dv := range d.Vars {
		t, keys := c.typeOf(dv.Type)
		if dv.Name == nil {
			continue
		}
		name := dv.Name.Name
		class := d.Class
		if t.Kind == ctype.Func && (class == token.ILLEGAL || class == token.STATIC) {
			class = token.EXTERN // a function prototype declares an extern
		}
		switch class {
		case token.AUTO, token.REGISTER, token.STATIC:
			c.errorf(dv.Name, diag.D_DECL_BADCLASS, "specified storage class not appropriate in D")
		case token.TYPEDEF:
			if _, ok := c.defs.Define(name, ctype.NewTypedef(name, t)); !ok {
				c.errorf(dv.Name, diag.D_DECL_IDRED, "typedef redeclared: %s", name)
			}
			continue
		case token.EXTERN:
			c.defs.DefineVar(name, t)
			continue
		}
		if t.Kind == ctype.Func {
			continue
		}
		if a, ok := dv.Type.(*ast.ArrayType); ok && a.Len == nil && a.Keys == nil {
			c.errorf(dv.Name, diag.D_DECL_ARRNULL, "array declaration requires array dimension or tuple signature: %s", name)
		}
		if keys == nil && incomplete(t) {
			c.errorf(dv.Name, diag.D_DECL_INCOMPLETE, "incomplete struct/union/enum %s: %s", incompleteName(t), name)
		}
		if ctype.IsVoid(t) {
			c.errorf(dv.Name, diag.D_DECL_VOIDOBJ, "cannot have void object: %s", name)
		}
		table, kind := c.globals, Global
		switch d.Class {
		case token.SELF:
			table, kind = c.self, ThreadLocal
		case token.THIS:
			table, kind = c.this, ClauseLocal
			if keys != nil {
				c.errorf(dv.Name, diag.D_DECL_LOCASSC, "associative arrays may not be declared as local variables: %s", name)
			}
		}
		if keys != nil && kind == Global {
			kind = Assoc
		}
		v := &Var{Name: name, Kind: kind, Type: t, Keys: keys, Declared: true}
		if old, ok := table[name]; ok {
			if idKindName(old) != idKindName(v) || !ctype.Same(old.Type, t) || !sameKeys(old.Keys, keys) {
				c.errorf(dv.Name, diag.D_DECL_IDRED, "identifier redeclared: %s\n\t current: %s %s\n\tprevious: %s %s",
					name, idKindName(v), t, idKindName(old), old.Type)
			}
			continue
		}
		table[name] = v
		c.info.Vars[dv.Name] = v
	}
}

func sameKeys(a, b []*ctype.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !ctype.Same(a[i], b[i]) {
			return false
		}
	}
	return true
}

func (c *checker) inline(d *ast.InlineDecl) {
	t, keys := c.typeOf(d.Var.Type)
	name := d.Var.Name.Name
	if prev := c.globalKind(name); prev != "" {
		c.errorf(d.Var.Name, diag.D_DECL_IDRED, "identifier redefined: %s\n\t current: inline definition\n\tprevious: %s", name, prev)
	}
	// An inline array's value is checked with its parameters bound, as
	// a translator's members are.
	var params []*Var
	if at, ok := d.Var.Type.(*ast.ArrayType); ok && keys != nil {
		for i, k := range at.Keys {
			if k.Name == nil {
				c.errorf(k, diag.D_DECL_PROTO_NAME, "inline %s parameter #%d requires a name", name, i+1)
			}
			params = append(params, &Var{Name: k.Name.Name, Kind: InlineParam, Type: keys[i], Declared: true})
		}
	}
	saved := map[string]*Var{}
	for _, p := range params {
		if old, ok := c.globals[p.Name]; ok {
			saved[p.Name] = old
		}
		c.globals[p.Name] = p
	}
	v := c.rvalue(d.Value)
	for _, p := range params {
		delete(c.globals, p.Name)
		if old, ok := saved[p.Name]; ok {
			c.globals[p.Name] = old
		}
	}
	if !c.assignable(t, v) {
		c.errorf(d.Value, diag.D_OP_INCOMPAT, "inline %s definition uses incompatible types: \"%s\" = \"%s\"", name, t, v.Type)
	}
	c.globals[name] = &Var{Name: name, Kind: Inline, Type: t, Keys: keys, Declared: true, Inline: d, InlineParams: params, Library: c.defs == c.lib}
}

// globalKind says what the global identifier name is, as DTrace names
// it when an inline would redefine it: its kind, then "inline" for an
// inline or enumerator; "" when there is none.
func (c *checker) globalKind(name string) string {
	if v, ok := c.globals[name]; ok {
		switch {
		case v.Kind == Inline:
			return "scalar inline"
		case v.Kind == Assoc || v.Keys != nil:
			return "associative array "
		}
		return "scalar "
	}
	if _, ok := c.enums[name]; ok {
		return "enumerator inline"
	}
	// The D library defines some built-ins (cwd, root) as inlines.
	if b, ok := LookupBuiltin(name); ok && c.defs != c.lib {
		switch b.Kind {
		case ArrayVar:
			return "associative array "
		case Subr:
			return "function "
		case Action:
			return "tracing function "
		case AggFunc:
			return "aggregating function "
		case Scalar:
			return "scalar "
		}
	}
	return ""
}

func (c *checker) translator(d *ast.Translator) {
	out, _ := c.typeOf(d.Output)
	in, _ := c.typeOf(d.Input)
	// DTrace checks a translator once it has read all of it: its
	// errors are on the line of its closing brace.
	end := &ast.Ident{NamePos: d.Rbrace}
	for _, old := range c.info.Translators {
		if ctype.Same(old.In, in) && ctype.Same(old.Out, out) {
			c.errorf(end, diag.D_XLATE_REDECL, "translator from %s to %s has already been declared", in, out)
		}
	}
	switch ctype.Resolve(out).Kind {
	case ctype.Struct, ctype.Union:
	case ctype.Forward:
		c.errorf(end, diag.D_XLATE_SOU, "incomplete struct/union/enum %s", out)
	default:
		c.errorf(end, diag.D_XLATE_SOU, "translator output type must be a struct or union")
	}
	x := &Xlator{Decl: d, In: in, Out: out}
	// Members are checked with the parameter bound to the input type, as
	// a clause-local binding visible only inside the translator.
	saved, had := c.globals[d.Param.Name]
	c.globals[d.Param.Name] = &Var{Name: d.Param.Name, Kind: XlatorInput, Type: in, Declared: true}
	for _, m := range d.Members {
		mem, ok := out.Member(m.Name.Name)
		if !ok {
			c.errorf(end, diag.D_XLATE_MEMB, "translator member %s is not a member of %s", m.Name.Name, ctype.Resolve(out))
		}
		v := c.rvalue(m.Value)
		if !c.assignable(mem.Type, v) {
			c.errorf(end, diag.D_XLATE_INCOMPAT, "translator member %s definition uses incompatible types: \"%s\" = \"%s\"", m.Name.Name, mem.Type, v.Type)
		}
	}
	if had {
		c.globals[d.Param.Name] = saved
	} else {
		delete(c.globals, d.Param.Name)
	}
	c.info.Translators = append(c.info.Translators, x)
}

// hasEnumerator reports whether the enum being defined has name.
func hasEnumerator(t *ctype.Type, name string) bool {
	for _, e := range t.Enumerators {
		if e.Name == name {
			return true
		}
	}
	return false
}

func enumeratorValue(t *ctype.Type, name string) int64 {
	for _, e := range t.Enumerators {
		if e.Name == name {
			return e.Value
		}
	}
	return 0
}

// hasMember reports whether a member list being built has name.
func hasMember(ms []ctype.Member, name string) bool {
	for _, m := range ms {
		if m.Name == name {
			return true
		}
	}
	return false
}
