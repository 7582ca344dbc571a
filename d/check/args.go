package check

import (
	"errors"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/parser"
)

// setContext makes d the description a clause is being checked for, as
// DTrace's dt_setcontext does: it must match a probe unless -Z is given.
func (c *checker) setContext(ci *ClauseInfo, d *ast.ProbeDesc) {
	m, err := c.cfg.Probes.Probe(d)
	// A provider may refuse a description with a tag of its own, as the
	// pid provider refuses pid0.
	var tagged *diag.Error
	if errors.As(err, &tagged) {
		c.errorf(d, tagged.Tag, "%s", tagged.Msg)
	}
	if err != nil {
		c.errorf(d, diag.D_PDESC_INVAL, "%v", err)
	}
	if m == nil && !c.option("zdefs") {
		c.errorf(d, diag.D_PDESC_ZERO, "probe description %s does not match any probes", d.String())
	}
	ci.match, ci.desc = m, d
	c.checkDescAttr(ci.Clause, d, m)
	if ci.Args == nil && m != nil && len(m.Args) > 0 {
		ci.Args = make([]*ctype.Type, len(m.Args))
		ci.Natives = make([]*ctype.Type, len(m.Args))
		ci.Xlators = make([]*Xlator, len(m.Args))
		ci.Mappings = make([]int, len(m.Args))
		ci.Userland = make([]bool, len(m.Args))
		for i, a := range m.Args {
			ci.Mappings[i], ci.Userland[i] = a.Mapping, a.Userland
		}
	}
}

// argType gives the type of args[i] in the clause being checked, as
// DTrace's dt_idcook_args does, and records what the code generator
// needs to fetch it.
func (c *checker) argType(e ast.Node, i int64) (*ctype.Type, *Xlator) {
	ci := c.clause
	t, native, x := c.resolveArg(e, ci, i)
	if ci.Args[i] == nil {
		ci.Args[i], ci.Natives[i], ci.Xlators[i] = t, native, x
		ci.used = append(ci.used, i)
	}
	return t, x
}

// translatorOf returns the translator an expression's value comes
// through: args[i] of a translated argument, xlate, or an inline such as
// curpsinfo whose value is an xlate.
func (c *checker) translatorOf(e ast.Expr) *Xlator {
	if x := c.xlateRoot(e); x != nil {
		return c.info.Xlated[x]
	}
	return c.info.Xlated[ast.Unparen(e)]
}

// calledIdent returns the function a call expression names, or nil.
func calledIdent(e ast.Expr) ast.Expr {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		return ast.Unparen(call.Fun)
	}
	return nil
}

// typeName names the type of a checked expression in messages: its
// dynamic kind, or its type.
func (c *checker) typeName(e ast.Expr) string {
	if dyn := c.dynamicKind(e); dyn != "" {
		return dyn
	}
	return typeName(c.info.Types[e].Type)
}

// xlateRoot returns the xlate expression e is, directly or as an inline's
// value, or nil.
func (c *checker) xlateRoot(e ast.Expr) *ast.XlateExpr {
	switch e := ast.Unparen(e).(type) {
	case *ast.XlateExpr:
		return e
	case *ast.Ident:
		if v := c.info.Vars[e]; v != nil && v.Kind == Inline {
			return c.xlateRoot(v.Inline.Value)
		}
	}
	return nil
}

// dynamicKind names what an expression of DTrace's <DYN> type is (an
// aggregation, an aggregating function's call, or translated data that
// has no storage of its own), the way DTrace's messages do; it is "" for
// any other expression.
func (c *checker) dynamicKind(e ast.Expr) string {
	if t := c.info.Types[e]; t != nil && t.Type == aggRefType {
		return "aggregation"
	}
	if v := c.info.Vars[calledIdent(e)]; v != nil && v.Builtin != nil && v.Builtin.Kind == AggFunc {
		return "aggregating function"
	}
	if x := c.xlateRoot(e); x != nil {
		if t := c.info.Types[x]; t != nil && ctype.IsPointer(t.Type) {
			return "pointer to translated data"
		}
		return "translated data"
	}
	return ""
}

// defines reports whether the translator defines member name.
func (x *Xlator) defines(name string) bool {
	for _, m := range x.Decl.Members {
		if m.Name.Name == name {
			return true
		}
	}
	return false
}

// resolveArg resolves args[i] of the description ci is checked for: its
// translated type, its native type and the translator between them.
func (c *checker) resolveArg(e ast.Node, ci *ClauseInfo, i int64) (t, native *ctype.Type, x *Xlator) {
	m := ci.match
	if m == nil || m.Unstable {
		c.errorf(e, diag.D_ARGS_MULTI, "args[ ] may not be referenced because probe description %s matches an unstable set of probes", ci.desc.String())
	}
	if i < 0 || i >= int64(len(m.Args)) {
		c.errorf(e, diag.D_ARGS_IDX, "index %d is out of range for %s args[ ]", i, ci.desc.String())
	}
	a := m.Args[i]
	if a.Translated != "" && a.Translated != a.Native {
		c.loadLazyLib()
	}
	xname := a.Translated
	if xname == "" {
		xname = a.Native
	}
	t = c.typeByName(xname)
	if t == nil {
		c.errorf(e, diag.D_ARGS_TYPE, "failed to resolve translated type for args[%d]", i)
	}
	native = c.typeByName(a.Native)
	if native == nil {
		c.errorf(e, diag.D_ARGS_TYPE, "failed to resolve native type for args[%d]", i)
	}
	if xname == a.Native || argcompat(t, &TypeInfo{Type: native}) {
		return t, native, nil
	}
	out := t
	if r := ctype.Resolve(t); r.Kind == ctype.Pointer {
		out = r.Elem
	}
	for _, xl := range c.info.Translators {
		if ctype.Same(ctype.Resolve(xl.Out), ctype.Resolve(out)) && argcompat(xl.In, &TypeInfo{Type: native}) {
			return t, native, xl
		}
	}
	c.errorf(e, diag.D_ARGS_XLATOR, "translator for args[%d] from %s to %s is not defined", i, native, t)
	return nil, nil, nil
}

// agreeArgs checks the args[] a clause uses against another of its probe
// descriptions. DTrace compiles the clause anew for each description; one
// program serves them all here, so the types must be the same.
func (c *checker) agreeArgs(ci *ClauseInfo, d *ast.ProbeDesc) {
	first := ci.desc
	c.setContext(ci, d)
	for _, i := range ci.used {
		t, native, _ := c.resolveArg(d, ci, i)
		if !ctype.Same(t, ci.Args[i]) {
			c.errorf(d, diag.D_ARGS_TYPE, "args[%d] is %s for probe description %s but %s for %s: one clause needs the same argument types for all its probe descriptions", i, ci.Args[i], first.String(), t, d.String())
		}
		// The code reads the same native the same way for every probe.
		if a := ci.match.Args[i]; a.Mapping != ci.Mappings[i] || a.Userland != ci.Userland[i] || !ctype.Same(native, ci.Natives[i]) {
			c.errorf(d, diag.D_ARGS_TYPE, "args[%d] is made from native argument %d (%s) for probe description %s but from %d (%s) for %s: one clause needs the same arguments for all its probe descriptions", i, ci.Mappings[i], ci.Natives[i], first.String(), a.Mapping, native, d.String())
		}
	}
}

// typeByName resolves a C type name such as "struct task_struct *" in the
// program's scope, or returns nil. Tags it names are not declared.
func (c *checker) typeByName(name string) (t *ctype.Type) {
	isType := func(n string) bool {
		if libTypeNames[n] {
			return true
		}
		_, err := c.u.LookupType(n)
		return err == nil
	}
	syn, err := parser.ParseType(name, &parser.Config{IsType: isType})
	if err != nil {
		return nil
	}
	saved, savedFile := c.defs, c.file
	c.defs, c.file = ctype.NewScope("probe"), nil
	defer func() {
		c.defs, c.file = saved, savedFile
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			t = nil
		}
	}()
	t, _ = c.typeOf(syn)
	// A tag nothing declares came out as a forward declaration in the
	// throwaway scope: the name does not resolve.
	base := t
	for base.Elem != nil && base.Kind != ctype.Func {
		base = base.Elem
	}
	if base.Kind == ctype.Forward {
		if _, err := c.u.LookupType(base.FwdKind.String() + " " + base.Name); err != nil {
			return nil
		}
	}
	return t
}
