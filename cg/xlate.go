package cg

import (
	"errors"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
)

// A member of a translated value, xlate<T>(x).m, is the translator's
// expression for m evaluated with the translator's parameter standing
// for x: x is evaluated once into a stack slot the parameter reads.

// xlator finds the translator of e the way the checker chose it: the
// one to e's type from the type of its operand.
func (g *gen) xlator(e *ast.XlateExpr) *check.Xlator {
	out := ctype.Resolve(g.typeOf(e).Type)
	in := g.typeOf(e.X).Type
	var found *check.Xlator
	for _, xl := range g.info.Translators {
		if !ctype.Same(ctype.Resolve(xl.Out), out) {
			continue
		}
		if found == nil || ctype.Same(ctype.Resolve(xl.In), ctype.Resolve(in)) {
			found = xl
		}
	}
	if found == nil {
		g.fail(e, errors.New("internal error: no translator for xlate"))
	}
	return found
}

// xlateMember evaluates member name of the translation e, of type t.
func (g *gen) xlateMember(e *ast.XlateExpr, name string, t *ctype.Type) {
	xl := g.xlator(e)
	var val ast.Expr
	for _, m := range xl.Decl.Members {
		if m.Name.Name == name {
			val = m.Value
		}
	}
	if val == nil {
		g.unsupported(e, "translated member "+name+" the translator does not define")
	}
	g.expr(e.X)
	g.push(e)
	g.c.xin = append(g.c.xin, g.c.depth)
	g.expr(val)
	g.normalize(asm.R0, t)
	g.c.xin = g.c.xin[:len(g.c.xin)-1]
	g.c.depth--
}

// xlateInput loads the parameter of the translator being applied.
func (g *gen) xlateInput(e *ast.Ident, t *ctype.Type) {
	if len(g.c.xin) == 0 {
		g.fail(e, errors.New("internal error: translator parameter outside a translation"))
	}
	g.emit(asm.LoadMem(asm.R0, asm.RFP, int16(-8*g.c.xin[len(g.c.xin)-1]), asm.DWord))
	g.normalize(asm.R0, t)
}
