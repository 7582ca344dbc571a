package check

import (
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// normalize truncates v to the width of the integer type t and extends it
// back to 64 bits by t's signedness, so that folded constants wrap as the
// machine arithmetic does.
func normalize(v int64, t *ctype.Type) int64 {
	size := ctype.Resolve(t).Size
	if size <= 0 || size >= 8 {
		return v
	}
	bits := uint(size * 8)
	if ctype.IsSigned(t) {
		return v << (64 - bits) >> (64 - bits)
	}
	return int64(uint64(v) & (1<<bits - 1))
}

// within returns the value of constant x within its type: a folded
// constant keeps what its 64-bit arithmetic carried beyond its type, as a
// value computed at run time does (cg's dirty), until it is converted,
// compared or tested.
func within(x *TypeInfo) int64 {
	if !ctype.IsInteger(x.Type) {
		return x.Value
	}
	return normalize(x.Value, x.Type)
}

// convertConst converts constant x to integer type t as C does (clean), or
// as an operand of an operator of type t: one of t's own width and
// signedness keeps its value as it is.
func convertConst(x *TypeInfo, t *ctype.Type, clean bool) int64 {
	if !ctype.IsInteger(x.Type) {
		return x.Value
	}
	ra, rt := ctype.Resolve(x.Type), ctype.Resolve(t)
	if !clean && ra.Size == rt.Size && ctype.IsSigned(ra) == ctype.IsSigned(rt) {
		return x.Value
	}
	return normalize(within(x), t)
}

// foldOperands returns the values of constants x and y as operands of op
// of type t, converted as code generation converts them: a shift's
// operands keep their own types (the left one within it for >>), the
// operands of &&, || and ^^ are tested within their types, a comparison's
// are converted to t as C converts them, and the others as operands.
func foldOperands(op token.Kind, x, y *TypeInfo, t *ctype.Type) (int64, int64) {
	switch op {
	case token.SHL:
		return x.Value, within(y)
	case token.SHR, token.LAND, token.LOR, token.LXOR:
		return within(x), within(y)
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return convertConst(x, t, true), convertConst(y, t, true)
	}
	return convertConst(x, t, false), convertConst(y, t, false)
}

// foldBinary folds a binary operator over integer constants a and b with
// t the operation's type (the operands' common type), a and b already
// converted to it (foldOperands); for comparisons the result is 0 or 1 of
// type int. D folds in 64 bits, as it computes at run time: the result is
// not truncated to t, which happens only where it is converted, compared,
// tested, stored, recorded or cast. A quotient and a remainder are C's, truncated
// toward zero, as DTrace folds them (at run time a remainder takes the sign
// of the quotient). It returns an error for division by zero, as DTrace
// rejects such expressions at compile time.
func foldBinary(op token.Kind, a, b int64, t *ctype.Type) (int64, error) {
	unsigned := !ctype.IsSigned(t)
	ua, ub := uint64(a), uint64(b)
	var v int64
	switch op {
	case token.ADD:
		v = a + b
	case token.SUB:
		v = a - b
	case token.MUL:
		v = a * b
	case token.DIV, token.MOD:
		if b == 0 {
			return 0, semErrorf(diag.D_DIV_ZERO, "expression contains division by zero")
		}
		switch {
		case unsigned && op == token.DIV:
			v = int64(ua / ub)
		case unsigned:
			v = int64(ua % ub)
		case b == -1:
			// MinInt64 / -1 overflows; C leaves it undefined, the
			// machine wraps.
			if op == token.DIV {
				v = -a
			}
		case op == token.DIV:
			v = a / b
		default:
			v = a % b
		}
	case token.AND:
		v = a & b
	case token.OR:
		v = a | b
	case token.XOR:
		v = a ^ b
	case token.SHL:
		v = int64(ua << (ub & 63))
	case token.SHR:
		if unsigned {
			v = int64(ua >> (ub & 63))
		} else {
			v = a >> (ub & 63)
		}
	case token.EQL:
		return b2i(a == b), nil
	case token.NEQ:
		return b2i(a != b), nil
	case token.LSS:
		if unsigned {
			return b2i(ua < ub), nil
		}
		return b2i(a < b), nil
	case token.LEQ:
		if unsigned {
			return b2i(ua <= ub), nil
		}
		return b2i(a <= b), nil
	case token.GTR:
		if unsigned {
			return b2i(ua > ub), nil
		}
		return b2i(a > b), nil
	case token.GEQ:
		if unsigned {
			return b2i(ua >= ub), nil
		}
		return b2i(a >= b), nil
	case token.LAND:
		return b2i(a != 0 && b != 0), nil
	case token.LOR:
		return b2i(a != 0 || b != 0), nil
	case token.LXOR:
		return b2i((a != 0) != (b != 0)), nil
	default:
		return 0, semErrorf(diag.D_OP_INCOMPAT, "operator %s cannot be folded", op)
	}
	return v, nil
}

// foldUnary folds a unary operator over an integer constant of type t, in
// 64 bits as DTrace does; only the negation of an unsigned constant is
// truncated to its type.
func foldUnary(op token.Kind, a int64, t *ctype.Type) int64 {
	switch op {
	case token.SUB:
		if !ctype.IsSigned(t) {
			return normalize(-a, t)
		}
		return -a
	case token.BNEG:
		return ^a
	case token.NOT:
		return b2i(a == 0)
	}
	return a
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// intLiteralType picks the type of an integer literal as C and DTrace do:
// the first of int, unsigned int, long, unsigned long, long long and
// unsigned long long that holds the value, restricted by the u and l
// suffixes; decimal literals without u skip the unsigned types.
func intLiteralType(v uint64, decimal, unsignedSuffix bool, longs int) *ctype.Type {
	type cand struct {
		t   *ctype.Type
		max uint64
	}
	all := []cand{
		{ctype.IntType, 0x7fffffff}, {ctype.UIntType, 0xffffffff},
		{ctype.LongType, 0x7fffffffffffffff}, {ctype.ULongType, ^uint64(0)},
		{ctype.LongLongType, 0x7fffffffffffffff}, {ctype.ULongLongType, ^uint64(0)},
	}
	start := 0
	switch {
	case longs >= 2:
		start = 4
	case longs == 1:
		start = 2
	}
	for _, c := range all[start:] {
		isUnsigned := !ctype.IsSigned(c.t)
		if unsignedSuffix && !isUnsigned {
			continue
		}
		if decimal && !unsignedSuffix && isUnsigned {
			continue
		}
		if v <= c.max {
			return c.t
		}
	}
	return ctype.ULongLongType
}
