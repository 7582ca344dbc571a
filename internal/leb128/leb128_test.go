package leb128

import "testing"

func TestUint(t *testing.T) {
	for _, c := range []struct {
		in []byte
		v  uint64
		n  int
	}{
		{[]byte{0x02}, 2, 1},
		{[]byte{0x7f, 0xff}, 127, 1},
		{[]byte{0x80, 0x01}, 128, 2},
		{[]byte{0xe5, 0x8e, 0x26}, 624485, 3},
		{[]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, 1<<64 - 1, 10},
		// Bits past the 64th are dropped, the bytes still consumed.
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, 0, 12},
		{[]byte{0x80}, 0, 0},
		{nil, 0, 0},
	} {
		if v, n := Uint(c.in); v != c.v || n != c.n {
			t.Errorf("Uint(% x) = %d, %d; want %d, %d", c.in, v, n, c.v, c.n)
		}
	}
}

func TestInt(t *testing.T) {
	for _, c := range []struct {
		in []byte
		v  int64
		n  int
	}{
		{[]byte{0x02}, 2, 1},
		{[]byte{0x7e}, -2, 1},
		{[]byte{0xff, 0x00}, 127, 2},
		{[]byte{0x81, 0x7f}, -127, 2},
		{[]byte{0x80, 0x7f}, -128, 2},
		{[]byte{0xc0, 0xbb, 0x78}, -123456, 3},
		{[]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f}, -1 << 63, 10},
		{[]byte{0xff}, 0, 0},
		{nil, 0, 0},
	} {
		if v, n := Int(c.in); v != c.v || n != c.n {
			t.Errorf("Int(% x) = %d, %d; want %d, %d", c.in, v, n, c.v, c.n)
		}
	}
}
