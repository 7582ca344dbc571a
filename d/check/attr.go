package check

import (
	"fmt"
	"strings"

	"github.com/godtrace/godtrace/attr"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// The stability model is package attr's, shared with the providers.
type (
	// Class is a DTrace dependency class.
	Class = attr.Class
	// Attr is a DTrace stability attribute.
	Attr = attr.Attr
)

// The dependency classes, in DTrace's order.
const (
	ClassUnknown  = attr.ClassUnknown
	ClassCPU      = attr.ClassCPU
	ClassPlatform = attr.ClassPlatform
	ClassGroup    = attr.ClassGroup
	ClassISA      = attr.ClassISA
	ClassCommon   = attr.ClassCommon
)

// The attributes DTrace's compiler gives what is not a built-in: D's own
// constructs, and the types and symbols of the kernel.
var (
	// DefaultAttr is D's own: constants, operators, the program's
	// variables and types (_dtrace_defattr).
	DefaultAttr = Attr{Name: Stable, Data: Stable, Class: ClassCommon}
	// maxAttr is the greatest attribute, where a minimum starts.
	maxAttr = attr.Max
	// symAttr is a kernel symbol's, typeAttr a kernel type's.
	symAttr  = Attr{Name: Private, Data: Private, Class: ClassUnknown}
	typeAttr = Attr{Name: Private, Data: Private, Class: ClassUnknown}
	// UnstableAttr is a description's whose provider is a pattern or
	// matches nothing (_dtrace_prvdesc).
	UnstableAttr = Attr{Name: Unstable, Data: Unstable, Class: ClassCommon}
)

// ParseAttr reads "Name/Data/Class" as the amin option and the
// attributes pragma give it (attr.Parse).
func ParseAttr(s string) (Attr, bool) { return attr.Parse(s) }

// ProviderAttrs are the attributes a provider gives each part of its
// probes' descriptions and their arguments (DTrace's dtrace_pattr_t).
type ProviderAttrs struct {
	Provider, Module, Function, Name, Args Attr
}

// unstableProvider is what a description gets when its provider is a
// pattern or it matches no probe.
var unstableProvider = ProviderAttrs{UnstableAttr, UnstableAttr, UnstableAttr, UnstableAttr, UnstableAttr}

// descAttr is the attribute of a probe description, as DTrace's
// dt_probe_info computes it: the least of those of the parts it names,
// its provider's taken as Unstable when that is a pattern, parts that
// are patterns or empty not counting.
func descAttr(d *ast.ProbeDesc, m *Match) (desc Attr, pa ProviderAttrs) {
	glob := func(s string) bool { return s == "" || strings.ContainsAny(s, "*?[\\") }
	if m == nil || m.Unstable {
		// dt_probe_info found no probe, or several that may differ:
		// dt_setcontext takes the Unstable attributes whole.
		return UnstableAttr, unstableProvider
	}
	pa = unstableProvider
	if m.Attrs != nil {
		pa = *m.Attrs
	}
	if glob(d.Provider) {
		return UnstableAttr, pa
	}
	desc = pa.Provider
	if !glob(d.Module) {
		desc = desc.Min(pa.Module)
	}
	if !glob(d.Function) {
		desc = desc.Min(pa.Function)
	}
	if !glob(d.Name) {
		desc = desc.Min(pa.Name)
	}
	return desc, pa
}

// amin returns the minimum attribute the amin option sets, if it does.
func (c *checker) amin() (Attr, bool) {
	t, ok := c.cfg.Options.(interface{ Text(string) string })
	if !ok {
		return Attr{}, false
	}
	s := t.Text("amin")
	if s == "" {
		return Attr{}, false
	}
	return ParseAttr(s)
}

// checkDescAttr refuses, with the amin option, a probe description whose
// attribute is below the minimum, before the clause is cooked, as
// DTrace's dt_cook_clause does.
func (c *checker) checkDescAttr(pc *ast.ProbeClause, d *ast.ProbeDesc, m *Match) {
	if amin, ok := c.amin(); ok {
		if desc, _ := descAttr(d, m); desc.Less(amin) {
			c.errorf(pc, diag.D_ATTR_MIN, "attributes for clause (%s) are less than predefined minimum", desc)
		}
	}
}

// clauseAttrs computes a clause's attributes for one of its descriptions:
// that of the description, and the least of its statements' and
// predicate's, as DTrace's parser gives each node the least attribute of
// what it is made of. With the amin option, the first node below the
// minimum, in the order DTrace cooks them, is an error (D_ATTR_MIN).
func (c *checker) clauseAttrs(pc *ast.ProbeClause, d *ast.ProbeDesc, m *Match) (desc, stmt Attr) {
	desc, pa := descAttr(d, m)
	w := &attrWalker{c: c, pa: pa}
	w.min, w.check = c.amin()
	stmt = DefaultAttr
	for _, s := range pc.Body {
		stmt = stmt.Min(w.stmt(s))
	}
	if pc.Pred != nil {
		stmt = stmt.Min(w.expr(pc.Pred))
	}
	return desc, stmt
}

// attrWalker gives expressions their attributes in one clause context:
// pa are the attributes of the provider whose probe the clause is for,
// which args[] and probeprov and the others take.
type attrWalker struct {
	c     *checker
	pa    ProviderAttrs
	min   Attr
	check bool
	depth int
}

func (w *attrWalker) stmt(s ast.Stmt) Attr {
	a := DefaultAttr
	switch s := s.(type) {
	case *ast.ExprStmt:
		a = w.expr(s.X)
	case *ast.IfStmt:
		a = w.expr(s.Cond).Min(w.stmt(s.Then))
		if s.Else != nil {
			a = a.Min(w.stmt(s.Else))
		}
	case *ast.BlockStmt:
		for _, s := range s.List {
			a = a.Min(w.stmt(s))
		}
	}
	return a
}

// assign gives node e attribute a, refusing it when it is below amin.
func (w *attrWalker) assign(e ast.Expr, a Attr) Attr {
	if w.check && a.Less(w.min) {
		w.c.errorf(e, diag.D_ATTR_MIN, "attributes for %s (%s) are less than predefined minimum", w.name(e), a)
	}
	return a
}

// name names a node as DTrace's dt_node_name does.
func (w *attrWalker) name(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.IntLit:
		return fmt.Sprintf("integer constant 0x%x", x.Value)
	case *ast.StringLit:
		return fmt.Sprintf("string constant %s", x.Raw)
	case *ast.Ident, *ast.ScopedVar, *ast.AggExpr:
		if v := w.c.info.Vars[e]; v != nil {
			switch {
			case v.Kind == KernelVar:
				mod, sym, ok := strings.Cut(v.Name, "`")
				if !ok {
					mod, sym = "vmlinux", v.Name
				}
				return "symbol " + mod + "`" + sym
			case v.Kind == BuiltinFunc:
				return "function " + v.Name + "( )"
			case v.Kind == Aggregation:
				return "aggregation @" + v.Name
			case v.Kind == Inline:
				return "inline " + v.Name
			case v.Kind == Assoc || v.Keys != nil || v.Builtin != nil && v.Builtin.Kind == ArrayVar:
				return "array " + v.Name
			}
			return "scalar " + v.Name
		}
	case *ast.CallExpr:
		return w.name(x.Fun)
	case *ast.UnaryExpr:
		return "operator " + x.Op.String()
	case *ast.PostfixExpr:
		return "operator " + x.Op.String()
	case *ast.BinaryExpr:
		return "operator " + x.Op.String()
	case *ast.AssignExpr:
		return "operator " + x.Op.String()
	case *ast.SelectorExpr:
		return "operator " + x.Op.String()
	case *ast.IndexExpr:
		return "operator []"
	case *ast.CondExpr:
		return "operator ?:"
	case *ast.CastExpr:
		return "operator (cast)"
	case *ast.SizeofExpr:
		return "operator sizeof"
	case *ast.StringofExpr:
		return "operator stringof"
	case *ast.XlateExpr:
		return "operator xlate"
	}
	return "expression"
}

// typeAttr is the attribute of a type named in a program: D's, C's and
// the program's own types are Stable, the kernel's Private.
func typeAttrOf(t *ctype.Type) Attr {
	for t != nil && (t.Kind == ctype.Pointer || t.Kind == ctype.Array) && t.Module == "" {
		t = t.Elem
	}
	if t == nil {
		return DefaultAttr
	}
	switch t.Module {
	case "", "C", "D", "script":
		return DefaultAttr
	}
	return typeAttr
}

func (w *attrWalker) expr(e ast.Expr) Attr {
	if e == nil {
		return DefaultAttr
	}
	w.depth++
	defer func() { w.depth-- }()
	if w.depth > 64 {
		// An inline naming inlines without end has been refused by
		// the checker; this only bounds the walk.
		return DefaultAttr
	}
	var a Attr
	switch x := e.(type) {
	case *ast.IntLit, *ast.StringLit, *ast.AggExpr, *ast.ScopedVar, *ast.OffsetofExpr:
		a = DefaultAttr
	case *ast.Ident:
		a = w.ident(x)
	case *ast.ParenExpr:
		return w.expr(x.X)
	case *ast.UnaryExpr:
		a = w.expr(x.X)
	case *ast.PostfixExpr:
		a = w.expr(x.X)
	case *ast.StringofExpr:
		a = w.expr(x.X)
	case *ast.SelectorExpr:
		a = w.expr(x.X)
	case *ast.BinaryExpr:
		a = w.expr(x.X)
		if w.enumTag(x) {
			// DTrace's parser makes the name an integer constant of
			// the left operand's enum type with a kernel symbol's
			// attribute (Private), whatever the enum.
			a = a.Min(w.assign(x.Y, symAttr))
		} else {
			a = a.Min(w.expr(x.Y))
		}
	case *ast.AssignExpr:
		// DTrace cooks the right operand first.
		r := w.expr(x.Rhs)
		a = w.expr(x.Lhs).Min(r)
	case *ast.CondExpr:
		a = w.expr(x.Cond).Min(w.expr(x.X)).Min(w.expr(x.Y))
	case *ast.CastExpr:
		a = w.typeNode(x).Min(w.expr(x.X))
	case *ast.SizeofExpr:
		if x.Type != nil {
			a = w.typeNode(x)
		} else {
			a = w.expr(x.X)
		}
	case *ast.XlateExpr:
		a = w.expr(x.X)
		if xl := w.c.info.Xlated[x]; xl != nil {
			a = a.Min(w.xlator(xl))
		}
	case *ast.CallExpr:
		a = DefaultAttr
		for _, arg := range x.Args {
			a = a.Min(w.expr(arg))
		}
		a = a.Min(w.expr(x.Fun))
	case *ast.IndexExpr:
		a = DefaultAttr
		for _, k := range x.Index {
			a = a.Min(w.expr(k))
		}
		a = a.Min(w.expr(x.X))
	default:
		a = DefaultAttr
	}
	return w.assign(e, a)
}

// enumTag reports whether comparison e compares an operand of an enum
// type with a bare name of one of its enumerators, on the right: the
// case where DTrace's dt_node_op2 turns the name into a constant of the
// enum (D_IDENT_AMBIG when it names a variable too).
func (w *attrWalker) enumTag(e *ast.BinaryExpr) bool {
	switch e.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false
	}
	id, ok := ast.Unparen(e.Y).(*ast.Ident)
	if !ok || strings.Contains(id.Name, "`") {
		return false
	}
	ti := w.c.info.Types[e.X]
	if ti == nil || ti.Type == nil {
		return false
	}
	t := ctype.Resolve(ti.Type)
	if t == nil || t.Kind != ctype.Enum {
		return false
	}
	for _, en := range t.Enumerators {
		if en.Name == id.Name {
			return true
		}
	}
	return false
}

// typeNode is the attribute of the type an operator names, as the
// checker resolved it.
func (w *attrWalker) typeNode(e ast.Expr) Attr {
	if t := w.c.typeOps[e]; t != nil {
		return typeAttrOf(t)
	}
	return DefaultAttr
}

// xlator is a translator's attribute: the least of its members'.
func (w *attrWalker) xlator(xl *Xlator) Attr {
	a := maxAttr
	if xl.Decl == nil {
		return DefaultAttr
	}
	inner := &attrWalker{c: w.c, pa: defaultContext, depth: w.depth}
	for _, m := range xl.Decl.Members {
		a = a.Min(inner.expr(m.Value))
	}
	return a
}

func (w *attrWalker) ident(id *ast.Ident) Attr {
	v := w.c.info.Vars[id]
	if v == nil {
		return DefaultAttr
	}
	if v.attr != nil {
		return *v.attr
	}
	switch v.Kind {
	case KernelVar:
		return symAttr
	case Inline:
		if v.Inline != nil {
			// The inline's value is cooked where it is declared, outside
			// any clause.
			inner := &attrWalker{c: w.c, pa: defaultContext, depth: w.depth}
			return DefaultAttr.Min(inner.expr(v.Inline.Value))
		}
	case BuiltinVar, BuiltinFunc:
		switch v.Name {
		case "probeprov":
			return w.pa.Provider
		case "probemod":
			return w.pa.Module
		case "probefunc":
			return w.pa.Function
		case "probename":
			return w.pa.Name
		case "args":
			return w.pa.Args
		}
		if b := v.Builtin; b != nil {
			n, d := b.Stability()
			return Attr{Name: n, Data: d, Class: ClassCommon}
		}
	}
	return DefaultAttr
}

// defaultContext is the context outside clauses: the variables that
// vary with the probe take D's default attribute there, as DTrace's
// dt_endcontext resets them.
var defaultContext = ProviderAttrs{DefaultAttr, DefaultAttr, DefaultAttr, DefaultAttr, DefaultAttr}
