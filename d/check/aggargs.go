package check

import (
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
)

// AggParams are the constant parameters of a quantizing aggregation, as
// lquantize() and llquantize() fix them: every use of one aggregation must
// agree on them.
type AggParams struct {
	// lquantize: Base, Levels and Step; llquantize: Factor, Low, High and
	// Steps.
	Base, Levels, Step       int64
	Factor, Low, High, Steps int64
}

// constArg returns the value of an aggregating function's constant
// argument, reporting tag when it is not an integer constant.
func (c *checker) constArg(a ast.Expr, tag diag.Tag, format string, args ...any) int64 {
	ti := c.info.Types[a]
	if ti == nil || !ti.Const {
		c.errorf(a, tag, format, args...)
	}
	return ti.Value
}

// aggParams checks the constant arguments of lquantize() and llquantize()
// and the increment argument of the quantizing functions, with DTrace's
// rules and wording; v.Params holds the parameters of earlier uses.
func (c *checker) aggParams(call *ast.CallExpr, fn string, v *Var) {
	var p AggParams
	var incr []ast.Expr
	argmax := 0
	args := call.Args
	switch fn {
	case "lquantize":
		p.Base = c.constArg(args[1], diag.D_LQUANT_BASETYPE, "lquantize( ) argument #1 must be an integer constant")
		if p.Base < -1<<31 || p.Base > 1<<31-1 {
			c.errorf(args[1], diag.D_LQUANT_BASEVAL, "lquantize( ) argument #1 must be a 32-bit quantity")
		}
		limit := c.constArg(args[2], diag.D_LQUANT_LIMTYPE, "lquantize( ) argument #2 must be an integer constant")
		if limit < -1<<31 || limit > 1<<31-1 {
			c.errorf(args[2], diag.D_LQUANT_LIMVAL, "lquantize( ) argument #2 must be a 32-bit quantity")
		}
		if limit < p.Base {
			c.errorf(call, diag.D_LQUANT_MISMATCH, "lquantize( ) base (argument #1) must be less than limit (argument #2)")
		}
		p.Step = 1
		if len(args) > 3 {
			p.Step = c.constArg(args[3], diag.D_LQUANT_STEPTYPE, "lquantize( ) argument #3 must be a non-zero positive integer constant")
			if p.Step <= 0 {
				c.errorf(args[3], diag.D_LQUANT_STEPTYPE, "lquantize( ) argument #3 must be a non-zero positive integer constant")
			}
			if p.Step > 1<<16-1 {
				c.errorf(args[3], diag.D_LQUANT_STEPVAL, "lquantize( ) argument #3 must be a 16-bit quantity")
			}
			incr = args[4:]
		}
		p.Levels = (limit - p.Base) / p.Step
		if p.Levels == 0 {
			c.errorf(call, diag.D_LQUANT_STEPLARGE, "lquantize( ) step (argument #3) too large: must have at least one quantization level")
		}
		if p.Levels > 1<<16-1 {
			c.errorf(call, diag.D_LQUANT_STEPSMALL, "lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity")
		}
		if o := v.Params; o != nil && *o != p {
			switch {
			case o.Base != p.Base:
				c.errorf(call, diag.D_LQUANT_MATCHBASE, "lquantize( ) base (argument #1) doesn't match previous declaration: expected %d, found %d", o.Base, p.Base)
			case o.Levels*o.Step != p.Levels*p.Step:
				c.errorf(call, diag.D_LQUANT_MATCHLIM, "lquantize( ) limit (argument #2) doesn't match previous declaration: expected %d, found %d", o.Base+o.Levels*o.Step, p.Base+p.Levels*p.Step)
			default:
				c.errorf(call, diag.D_LQUANT_MATCHSTEP, "lquantize( ) step (argument #3) doesn't match previous declaration: expected %d, found %d", o.Step, p.Step)
			}
		}
		argmax = 5
	case "llquantize":
		names := [...]string{"factor", "low magnitude", "high magnitude", "linear steps per magnitude"}
		typeTags := [...]diag.Tag{diag.D_LLQUANT_FACTORTYPE, diag.D_LLQUANT_LMAGTYPE, diag.D_LLQUANT_HMAGTYPE, diag.D_LLQUANT_STEPTYPE}
		valTags := [...]diag.Tag{diag.D_LLQUANT_FACTORVAL, diag.D_LLQUANT_LMAGVAL, diag.D_LLQUANT_HMAGVAL, diag.D_LLQUANT_STEPVAL}
		matchTags := [...]diag.Tag{diag.D_LLQUANT_MATCHFACTOR, diag.D_LLQUANT_MATCHLMAG, diag.D_LLQUANT_MATCHHMAG, diag.D_LLQUANT_MATCHSTEPS}
		var vals [4]int64
		for i := range vals {
			vals[i] = c.constArg(args[i+1], typeTags[i], "llquantize( ) argument #%d (%s) must be an integer constant", i+1, names[i])
			if uint64(vals[i]) > 1<<16-1 {
				c.errorf(args[i+1], valTags[i], "llquantize( ) argument #%d (%s) must be an unsigned 16-bit quantity", i+1, names[i])
			}
		}
		p.Factor, p.Low, p.High, p.Steps = vals[0], vals[1], vals[2], vals[3]
		if p.Factor < 2 {
			c.errorf(call, diag.D_LLQUANT_FACTORSMALL, "llquantize( ) factor (argument #1) must be two or more")
		}
		if p.Low >= p.High {
			c.errorf(call, diag.D_LLQUANT_MAGRANGE, "llquantize( ) high magnitude (argument #3) must be greater than low magnitude (argument #2)")
		}
		if p.Steps < p.Factor {
			c.errorf(call, diag.D_LLQUANT_FACTORNSTEPS, "llquantize( ) factor (argument #1) must be less than or equal to the number of linear steps per magnitude (argument #4)")
		}
		pow := p.Factor
		for pow < p.Steps {
			pow *= p.Factor
		}
		if p.Steps%p.Factor != 0 || pow%p.Steps != 0 {
			c.errorf(call, diag.D_LLQUANT_FACTOREVEN, "llquantize( ) factor (argument #1) must evenly divide the number of steps per magnitude (argument #4), and the number of steps per magnitude must evenly divide a power of the factor")
		}
		order := uint64(1)
		for i := int64(0); i <= p.High+1; i++ {
			next := order * uint64(p.Factor)
			if next/uint64(p.Factor) != order || next <= order {
				c.errorf(call, diag.D_LLQUANT_MAGTOOBIG, "llquantize( ) factor (%d) raised to power of high magnitude (%d) plus 1 overflows 64-bits", p.Factor, p.High)
			}
			order = next
		}
		if o := v.Params; o != nil && *o != p {
			old := [...]int64{o.Factor, o.Low, o.High, o.Steps}
			for i := range vals {
				if old[i] != vals[i] {
					c.errorf(call, matchTags[i], "llquantize( ) %s (argument #%d) doesn't match previous declaration: expected %d, found %d", names[i], i+1, old[i], vals[i])
				}
			}
		}
		incr, argmax = args[5:], 6
	case "quantize":
		incr, argmax = args[1:], 2
	default:
		return
	}
	if len(incr) > 0 {
		if t := c.info.Types[incr[0]]; !isScalarType(t) {
			c.errorf(call, diag.D_PROTO_ARG, "%s( ) increment value (argument #%d) must be of scalar type", fn, argmax)
		}
		if len(incr) > 1 {
			c.errorf(incr[0], diag.D_PROTO_LEN, "%s( ) prototype mismatch: %d args passed, at most %d expected", fn, argmax+len(incr)-1, argmax)
		}
	}
	if fn != "quantize" && v.Params == nil {
		v.Params = &p
	}
}

func isScalarType(t *TypeInfo) bool { return t != nil && ctype.IsScalar(t.Type) }
