package check

import (
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// allocaTaint says whether the value of e points into alloca() memory,
// as DTrace's alloca taint has it: alloca()'s and copyin()'s results, a
// variable assigned
// one, and casts, pointer arithmetic and ?: over them. mixed says a ?:
// may or may not give such a pointer, which DTrace will not store in a
// variable, as it cannot tell how to store it.
func (c *checker) allocaTaint(e ast.Expr) (alloca, mixed bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		// copyin() copies into alloca() memory too.
		return ok && (id.Name == "alloca" || id.Name == "copyin") && c.info.Vars[id] != nil && c.info.Vars[id].Kind == BuiltinFunc, false
	case *ast.CastExpr:
		return c.allocaTaint(e.X)
	case *ast.Ident, *ast.ScopedVar:
		v := c.info.Vars[e]
		return v != nil && c.allocaVars[v], false
	case *ast.BinaryExpr:
		if e.Op != token.ADD && e.Op != token.SUB {
			return false, false
		}
		xa, xm := c.allocaTaint(e.X)
		ya, ym := c.allocaTaint(e.Y)
		return xa || ya, xm || ym
	case *ast.CondExpr:
		xa, xm := c.allocaTaint(e.X)
		ya, ym := c.allocaTaint(e.Y)
		return xa || ya, xa != ya || xm || ym
	case *ast.AssignExpr:
		return c.allocaTaint(e.Rhs)
	}
	return false, false
}

// allocaAssign applies DTrace's alloca rules to lhs = rhs, both checked:
// a variable cannot take a ?: that only may point into alloca() memory,
// and one that takes such a pointer (not a string, copied by value) is
// marked, so that its own uses are.
func (c *checker) allocaAssign(lhs, rhs ast.Expr) {
	switch ast.Unparen(lhs).(type) {
	case *ast.Ident, *ast.ScopedVar:
	default:
		return
	}
	alloca, mixed := c.allocaTaint(rhs)
	if mixed {
		c.errorf(lhs, diag.D_ALLOCA_INCOMPAT, "ternary conditional with alloca and non-alloca branches cannot be assigned to a variable")
	}
	v := c.info.Vars[ast.Unparen(lhs)]
	if v == nil {
		return
	}
	rt := c.info.Types[rhs]
	switch {
	case alloca:
		// A string (and a ?: of char pointers is one) is copied by
		// value: it neither taints nor clashes.
		if ctype.IsString(rt.Type) {
			return
		}
		c.allocaVars[v] = true
	case rt != nil && rt.Const && rt.Value == 0 && ctype.IsInteger(rt.Type):
		// A literal 0 clears a variable of either kind.
		return
	default:
		c.nonAllocaVars[v] = true
	}
	// DTrace cannot tell how to load through a variable that holds both
	// kinds of pointer, whatever the order of the assignments (the
	// actions are checked before the predicate, as in DTrace); it names
	// the clause's first line.
	if c.allocaVars[v] && c.nonAllocaVars[v] {
		var at ast.Node = lhs
		if c.clause != nil {
			at = c.clause.Clause.Descs[0]
		}
		c.errorf(at, diag.D_ALLOCA_INCOMPAT, "%s: cannot reuse the same identifier for both alloca and non-alloca allocations", v.Name)
	}
}
