package check

import (
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// allocaTaint says whether the value of e points into alloca() memory,
// as DTrace's alloca taint has it: alloca()'s result, a variable assigned
// one, and casts, pointer arithmetic and ?: over them. mixed says a ?:
// may or may not give such a pointer, which DTrace will not store in a
// variable, as it cannot tell how to store it.
func (c *checker) allocaTaint(e ast.Expr) (alloca, mixed bool) {
	switch e := unparen(e).(type) {
	case *ast.CallExpr:
		id, ok := unparen(e.Fun).(*ast.Ident)
		return ok && id.Name == "alloca" && c.info.Vars[id] != nil && c.info.Vars[id].Kind == BuiltinFunc, false
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
	switch unparen(lhs).(type) {
	case *ast.Ident, *ast.ScopedVar:
	default:
		return
	}
	alloca, mixed := c.allocaTaint(rhs)
	if mixed {
		c.errorf(lhs, diag.D_ALLOCA_INCOMPAT, "ternary conditional with alloca and non-alloca branches cannot be assigned to a variable")
	}
	if v := c.info.Vars[unparen(lhs)]; v != nil && alloca && !ctype.IsString(c.info.Types[rhs].Type) {
		c.allocaVars[v] = true
	}
}
