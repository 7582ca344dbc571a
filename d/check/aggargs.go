package check

import (
	"math/big"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
)

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
// rules and wording; v.Params holds the parameters of earlier uses, and
// so the parameters code generation lays the aggregation out with.
func (c *checker) aggParams(call *ast.CallExpr, fn string, v *Var) {
	var p agg.Params
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
		if limit <= p.Base {
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
		p.Levels = int((limit - p.Base) / p.Step)
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
			case int64(o.Levels)*o.Step != int64(p.Levels)*p.Step:
				c.errorf(call, diag.D_LQUANT_MATCHLIM, "lquantize( ) limit (argument #2) doesn't match previous declaration: expected %d, found %d", o.Base+int64(o.Levels)*o.Step, p.Base+int64(p.Levels)*p.Step)
			default:
				c.errorf(call, diag.D_LQUANT_MATCHSTEP, "lquantize( ) step (argument #3) doesn't match previous declaration: expected %d, found %d", o.Step, p.Step)
			}
		}
		argmax = 5
	case "llquantize":
		factor := c.constArg(args[1], diag.D_LLQUANT_FACTORTYPE, "llquantize( ) argument #1 must be an integer constant")
		if uint64(factor) > 1<<16-1 || factor < 2 {
			c.errorf(args[1], diag.D_LLQUANT_FACTORVAL, "llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2")
		}
		low := c.constArg(args[2], diag.D_LLQUANT_LMAGTYPE, "llquantize( ) argument #2 must be an integer constant")
		if uint64(low) > 1<<16-1 {
			c.errorf(args[2], diag.D_LLQUANT_LMAGVAL, "llquantize( ) argument #2 must be an unsigned 16-bit quantity")
		}
		high := c.constArg(args[3], diag.D_LLQUANT_HMAGTYPE, "llquantize( ) argument #3 must be an integer constant")
		if uint64(high) > 1<<16-1 {
			c.errorf(args[3], diag.D_LLQUANT_HMAGVAL, "llquantize( ) argument #3 must be an unsigned 16-bit quantity")
		}
		if high < low {
			c.errorf(args[3], diag.D_LLQUANT_HMAGVAL, "llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)")
		}
		if power(factor, high+1).BitLen() > 64 {
			c.errorf(args[3], diag.D_LLQUANT_HMAGVAL, "llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits")
		}
		steps := c.constArg(args[4], diag.D_LLQUANT_STEPTYPE, "llquantize( ) argument #4 must be a non-zero positive integer constant")
		if steps <= 0 {
			c.errorf(args[4], diag.D_LLQUANT_STEPTYPE, "llquantize( ) argument #4 must be a non-zero positive integer constant")
		}
		if steps > 1<<16-1 {
			c.errorf(args[4], diag.D_LLQUANT_STEPVAL, "llquantize( ) argument #4 must be an unsigned 16-bit quantity")
		}
		// Each is below 1<<16 now, as agg.Params holds them.
		p.Factor, p.LowMag, p.HighMag, p.Steps = int(factor), int(low), int(high), int(steps)
		c.llquantSteps(args[1], p)
		if o := v.Params; o != nil && *o != p {
			old := [...]int{o.Factor, o.LowMag, o.HighMag, o.Steps}
			vals := [...]int{p.Factor, p.LowMag, p.HighMag, p.Steps}
			names := [...]string{"factor", "lmag", "hmag", "steps"}
			matchTags := [...]diag.Tag{diag.D_LLQUANT_MATCHFACTOR, diag.D_LLQUANT_MATCHLMAG, diag.D_LLQUANT_MATCHHMAG, diag.D_LLQUANT_MATCHSTEPS}
			for i := range vals {
				if old[i] != vals[i] {
					c.errorf(call, matchTags[i], "llquantize() %s (argument #%d) doesn't match previous declaration: expected %d, found %d", names[i], i+1, old[i], vals[i])
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

// llquantSteps checks that the linear steps of each order of magnitude
// fall on its buckets: fewer steps than the factor must divide it; more
// must be a multiple of it and divide the factor raised to the low
// magnitude plus one (squared, for a low magnitude of zero).
func (c *checker) llquantSteps(factorArg ast.Expr, p agg.Params) {
	switch {
	case p.Steps < p.Factor && p.Factor%p.Steps != 0:
		c.errorf(factorArg, diag.D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor")
	case p.Steps > p.Factor && p.Steps%p.Factor != 0:
		c.errorf(factorArg, diag.D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor")
	case p.Steps > p.Factor && p.LowMag == 0 && (p.Factor*p.Factor)%p.Steps != 0:
		c.errorf(factorArg, diag.D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0")
	case p.Steps > p.Factor && p.LowMag > 0 && new(big.Int).Mod(power(int64(p.Factor), int64(p.LowMag)+1), big.NewInt(int64(p.Steps))).Sign() != 0:
		c.errorf(factorArg, diag.D_LLQUANT_STEPVAL, "llquantize() argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) + 1) when steps>factor and lmag>0")
	}
}

// power is x to the n, without overflow.
func power(x, n int64) *big.Int {
	return new(big.Int).Exp(big.NewInt(x), big.NewInt(n), nil)
}

func isScalarType(t *TypeInfo) bool { return t != nil && ctype.IsScalar(t.Type) }
