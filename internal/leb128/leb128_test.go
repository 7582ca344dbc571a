package leb128

import "testing"

// check decodes in with decode and compares the value and length.
func check[T comparable](t *testing.T, name string, decode func([]byte) (T, int), in []byte, v T, n int) {
	t.Helper()
	if gv, gn := decode(in); gv != v || gn != n {
		t.Errorf("%s(% x) = %v, %d; want %v, %d", name, in, gv, gn, v, n)
	}
}

func TestUint(t *testing.T) {
	check(t, "Uint", Uint, []byte{0x02}, 2, 1)
	check(t, "Uint", Uint, []byte{0x7f, 0xff}, 127, 1)
	check(t, "Uint", Uint, []byte{0x80, 0x01}, 128, 2)
	check(t, "Uint", Uint, []byte{0xe5, 0x8e, 0x26}, 624485, 3)
	check(t, "Uint", Uint, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, 1<<64-1, 10)
	// Bits past the 64th are dropped, the bytes still consumed.
	check(t, "Uint", Uint, []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, 0, 12)
	// Truncated: no number.
	check(t, "Uint", Uint, []byte{0x80}, 0, 0)
	check(t, "Uint", Uint, nil, 0, 0)
}

func TestInt(t *testing.T) {
	check(t, "Int", Int, []byte{0x02}, 2, 1)
	check(t, "Int", Int, []byte{0x7e}, -2, 1)
	check(t, "Int", Int, []byte{0xff, 0x00}, 127, 2)
	check(t, "Int", Int, []byte{0x81, 0x7f}, -127, 2)
	check(t, "Int", Int, []byte{0x80, 0x7f}, -128, 2)
	check(t, "Int", Int, []byte{0xc0, 0xbb, 0x78}, -123456, 3)
	check(t, "Int", Int, []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x7f}, -1<<63, 10)
	check(t, "Int", Int, []byte{0xff}, 0, 0)
	check(t, "Int", Int, nil, 0, 0)
}
