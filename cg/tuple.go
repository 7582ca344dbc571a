package cg

import (
	"errors"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
)

// defaultTupleRegs is DTrace's number of tuple registers, the tregs
// option's default.
const defaultTupleRegs = 8

// errTupleRegs is DTrace's error for a tuple with more keys than it has
// tuple registers; like DTrace's, it names no line.
var errTupleRegs = errors.New("Insufficient tuple registers to generate code")

// checkTuples refuses an associative array or aggregation indexed by
// more keys than DTrace's tuple registers take. DTrace counts the keys
// from 0 and gives up only once the count exceeds tregs, so a tuple of
// tregs+1 keys still compiles; so does it here.
func (g *gen) checkTuples(prog *ast.Program) {
	ast.Inspect(prog, func(n ast.Node) bool {
		ix, ok := n.(*ast.IndexExpr)
		if !ok || len(ix.Index) <= g.tregs+1 {
			return true
		}
		switch x := ast.Unparen(ix.X).(type) {
		case *ast.AggExpr:
		default:
			if v := g.info.Vars[x]; v == nil || v.Kind != check.Assoc {
				return true
			}
		}
		g.fail(nil, errTupleRegs)
		return false
	})
}
