package check

import (
	"testing"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/token"
)

func TestFoldBinary(t *testing.T) {
	tests := []struct {
		op   token.Kind
		a, b int64
		t    *ctype.Type
		want int64
	}{
		{token.DIV, 7, 2, ctype.IntType, 3},
		{token.DIV, -7, 2, ctype.IntType, -3},
		{token.MOD, -7, 2, ctype.IntType, -1},
		// D folds in 64 bits: int + int does not wrap at 32.
		{token.ADD, 0x7fffffff, 1, ctype.IntType, 0x80000000},
		{token.ADD, 0xffffffff, 1, ctype.UIntType, 0x100000000},
		{token.DIV, -1, 2, ctype.UIntType, 0x7fffffffffffffff},
		{token.DIV, -1, 2, ctype.ULongType, 0x7fffffffffffffff},
		{token.SHL, 1, 40, ctype.LongType, 1 << 40},
		{token.SHR, -8, 1, ctype.IntType, -4},
		{token.LSS, -1, 1, ctype.ULongType, 0},
		{token.LSS, -1, 1, ctype.IntType, 1},
		{token.LXOR, 3, 0, ctype.IntType, 1},
	}
	for _, tt := range tests {
		got, err := foldBinary(tt.op, tt.a, tt.b, tt.t)
		if err != nil || got != tt.want {
			t.Errorf("%d %s %d (%v) = %d, %v; want %d", tt.a, tt.op, tt.b, tt.t, got, err, tt.want)
		}
	}
	if _, err := foldBinary(token.DIV, 1, 0, ctype.IntType); err == nil || err.Error() != "[D_DIV_ZERO] expression contains division by zero" {
		t.Errorf("1/0: %v", err)
	}
}

func TestFoldOperands(t *testing.T) {
	ti := func(v int64, typ *ctype.Type) *TypeInfo { return &TypeInfo{Type: typ, Const: true, Value: v} }
	tests := []struct {
		op     token.Kind
		x, y   *TypeInfo
		t      *ctype.Type
		wx, wy int64
	}{
		// An int operand of an int operation keeps its 64-bit value...
		{token.DIV, ti(0x80000000, ctype.IntType), ti(2, ctype.IntType), ctype.IntType, 0x80000000, 2},
		// ...and wraps as an int when it widens, or is compared.
		{token.ADD, ti(0x80000000, ctype.IntType), ti(0, ctype.LongType), ctype.LongType, -0x80000000, 0},
		{token.GTR, ti(0x80000001, ctype.IntType), ti(0, ctype.IntType), ctype.IntType, -0x7fffffff, 0},
		// The usual arithmetic conversions: -1 as an unsigned int.
		{token.EQL, ti(-1, ctype.IntType), ti(0xffffffff, ctype.UIntType), ctype.UIntType, 0xffffffff, 0xffffffff},
		{token.DIV, ti(-6, ctype.IntType), ti(4, ctype.UIntType), ctype.UIntType, 0xfffffffa, 4},
		// A right shift shifts within the type; a left one as it comes.
		{token.SHR, ti(0x80000000, ctype.IntType), ti(1, ctype.IntType), ctype.IntType, -0x80000000, 1},
		{token.SHL, ti(0x80000000, ctype.IntType), ti(1, ctype.IntType), ctype.IntType, 0x80000000, 1},
	}
	for _, tt := range tests {
		x, y := foldOperands(tt.op, tt.x, tt.y, tt.t)
		if x != tt.wx || y != tt.wy {
			t.Errorf("%#x %s %#x (%v): operands %#x, %#x; want %#x, %#x", tt.x.Value, tt.op, tt.y.Value, tt.t, x, y, tt.wx, tt.wy)
		}
	}
}

func TestFoldUnary(t *testing.T) {
	if got := foldUnary(token.BNEG, 0, ctype.UIntType); got != -1 {
		t.Errorf("~0u = %#x, want all 64 bits set", got)
	}
	if got := foldUnary(token.SUB, -0x80000000, ctype.IntType); got != 0x80000000 {
		t.Errorf("-INT_MIN = %d", got)
	}
	if got := foldUnary(token.SUB, 1, ctype.UIntType); got != 0xffffffff {
		t.Errorf("-1u = %#x, want 0xffffffff", got)
	}
}

func TestIntLiteralType(t *testing.T) {
	tests := []struct {
		v      uint64
		dec, u bool
		longs  int
		want   *ctype.Type
	}{
		{1, true, false, 0, ctype.IntType},
		{0x80000000, true, false, 0, ctype.LongType},
		{0x80000000, false, false, 0, ctype.UIntType},
		{1, true, true, 0, ctype.UIntType},
		{1, true, false, 1, ctype.LongType},
		{1, true, true, 2, ctype.ULongLongType},
		{0xffffffffffffffff, false, false, 0, ctype.ULongType},
	}
	for _, tt := range tests {
		if got := intLiteralType(tt.v, tt.dec, tt.u, tt.longs); got != tt.want {
			t.Errorf("intLiteralType(%#x, dec=%v, u=%v, l=%d) = %v, want %v", tt.v, tt.dec, tt.u, tt.longs, got, tt.want)
		}
	}
}
