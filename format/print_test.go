package format

import (
	"encoding/binary"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/ctype"
)

// TestAppendPrintLocal lays out the struct of Oracle DTrace's
// test/unittest/print/tst.print.local.d as that test's result shows it:
// char arrays stop at their NUL, unions and anonymous structs nest one
// column deeper, typedef names and enumerator names are kept.
func TestAppendPrintLocal(t *testing.T) {
	i32 := ctype.NewInt("int", 4, ctype.Signed)
	char := ctype.NewInt("char", 1, ctype.Signed|ctype.Char)
	u8 := ctype.NewTypedef("__u8", ctype.NewInt("unsigned char", 1, ctype.Char))
	u64 := ctype.NewTypedef("__u64", ctype.NewInt("unsigned long long", 8, 0))
	uint64t := ctype.NewTypedef("uint64_t", ctype.NewInt("unsigned long", 8, 0))
	boolT := ctype.NewInt("bool", 1, ctype.Bool)
	void := &ctype.Type{Kind: ctype.Void}
	enum := &ctype.Type{Kind: ctype.Enum, Name: "eh", Size: 4, Enumerators: []ctype.Enumerator{{Name: "FIRSTVAL", Value: 0}, {Name: "SECONDVAL", Value: 1}, {Name: "THIRDVAL", Value: 3}}}
	u := &ctype.Type{Kind: ctype.Union, Size: 8}
	u.SetMembers([]ctype.Member{{Name: "c", Type: u8}, {Name: "d", Type: u64}})
	s := &ctype.Type{Kind: ctype.Struct, Size: 16}
	s.SetMembers([]ctype.Member{{Name: "e", Type: ctype.NewPointer(void)}, {Name: "f", Type: uint64t, Offset: 64}})
	ts := &ctype.Type{Kind: ctype.Struct, Name: "test_struct", Size: 48}
	ts.SetMembers([]ctype.Member{
		{Name: "a", Type: i32},
		{Name: "b", Type: ctype.NewArray(char, 5), Offset: 32},
		{Name: "u", Type: u, Offset: 128},
		{Name: "s", Type: s, Offset: 192},
		{Name: "g", Type: boolT, Offset: 320},
		{Name: "h", Type: enum, Offset: 352},
	})
	data := make([]byte, 48)
	binary.NativeEndian.PutUint32(data[0:], 1)
	copy(data[4:], "test\x00")
	binary.NativeEndian.PutUint64(data[16:], 123456789)
	binary.NativeEndian.PutUint64(data[24:], 0xffff9b7aca7e0000)
	binary.NativeEndian.PutUint64(data[32:], 987654321)
	data[40] = 1
	binary.NativeEndian.PutUint32(data[44:], 1)
	pad := strings.Repeat(" ", PrintIndent)
	want := "0xffffe8ffffd06278 = *\n" +
		pad + "(struct test_struct) {\n" +
		pad + " .a = (int)1,\n" +
		pad + " .b = (char [5]) [\n" +
		pad + "  (char)'t',\n" + pad + "  (char)'e',\n" + pad + "  (char)'s',\n" + pad + "  (char)'t',\n" +
		pad + " ],\n" +
		pad + " .u = (union) {\n" +
		pad + "  .c = (__u8)21,\n" +
		pad + "  .d = (__u64)123456789,\n" +
		pad + " },\n" +
		pad + " .s = (struct) {\n" +
		pad + "  .e = (void *)0xffff9b7aca7e0000,\n" +
		pad + "  .f = (uint64_t)987654321,\n" +
		pad + " },\n" +
		pad + " .g = (bool)1,\n" +
		pad + " .h = (enum eh)SECONDVAL,\n" +
		pad + "}\n"
	got := string(AppendPrint(nil, ctype.NewPointer(ts), 0xffffe8ffffd06278, true, data, 8192))
	if got != want {
		t.Errorf("AppendPrint:\n%s\nwant:\n%s", got, want)
	}

	// Zero members are left out, but a char array whose first byte is
	// NUL still shows, empty, when bytes after it are not zero.
	zero := make([]byte, 48)
	copy(zero[4:], "\x00est")
	zero[40] = 1
	zero[44] = 1
	want = pad + "(struct test_struct) {\n" +
		pad + " .b = (char [5]) [\n" +
		pad + " ],\n" +
		pad + " .g = (bool)1,\n" +
		pad + " .h = (enum eh)SECONDVAL,\n" +
		pad + "}\n"
	if got := string(AppendPrint(nil, ts, 0, false, zero, 8192)); got != want {
		t.Errorf("AppendPrint of zeroed struct:\n%s\nwant:\n%s", got, want)
	}
}

// TestAppendPrintScalars covers bitfields, unknown enum values and a
// bare scalar.
func TestAppendPrintScalars(t *testing.T) {
	ui := ctype.NewInt("unsigned int", 4, 0)
	i32 := ctype.NewInt("int", 4, ctype.Signed)
	enum := &ctype.Type{Kind: ctype.Enum, Name: "e", Size: 4, Enc: ctype.Signed, Enumerators: []ctype.Enumerator{{Name: "A", Value: 1}}}
	bf := &ctype.Type{Kind: ctype.Struct, Name: "bf", Size: 8}
	bf.SetMembers([]ctype.Member{
		{Name: "lo", Type: ui, Bits: 3},
		{Name: "mid", Type: i32, Offset: 3, Bits: 5},
		{Name: "hi", Type: ui, Offset: 8, Bits: 4},
		{Name: "en", Type: enum, Offset: 32},
	})
	data := make([]byte, 8)
	// lo = 5, mid = -2 (0b11110), hi = 0, en = 7.
	binary.NativeEndian.PutUint32(data, 5|0x1e<<3)
	binary.NativeEndian.PutUint32(data[4:], 7)
	pad := strings.Repeat(" ", PrintIndent)
	want := pad + "(struct bf) {\n" +
		pad + " .lo = (unsigned int)5,\n" +
		pad + " .mid = (int)-2,\n" +
		pad + " .en = (enum e)7,\n" +
		pad + "}\n"
	if got := string(AppendPrint(nil, bf, 0, false, data, 8192)); got != want {
		t.Errorf("AppendPrint of bitfields:\n%s\nwant:\n%s", got, want)
	}
	if got, want := string(AppendPrint(nil, i32, 0, false, []byte{0xd6, 0xff, 0xff, 0xff}, 8192)), pad+"(int)-42\n"; got != want {
		t.Errorf("AppendPrint(int) = %q; want %q", got, want)
	}
	// Short data never panics: members beyond it are left out.
	if got := string(AppendPrint(nil, bf, 0, false, data[:2], 8192)); !strings.HasPrefix(got, pad+"(struct bf) {\n") {
		t.Errorf("AppendPrint of short data = %q", got)
	}
}

// TestAppendPrintString: a D string member prints as DTrace's string
// type is, a typedef of char[strsize]: its characters up to the NUL.
func TestAppendPrintString(t *testing.T) {
	st := &ctype.Type{Kind: ctype.Struct, Name: "s", Size: 16}
	st.SetMembers([]ctype.Member{{Name: "name", Type: ctype.NewString(8)}, {Name: "empty", Type: ctype.NewString(8), Offset: 64}})
	data := make([]byte, 16)
	copy(data, "ab\x00z")
	pad := strings.Repeat(" ", PrintIndent)
	want := pad + "(struct s) {\n" +
		pad + " .name = (string) [\n" +
		pad + "  (char)'a',\n" + pad + "  (char)'b',\n" +
		pad + " ],\n" +
		pad + "}\n"
	if got := string(AppendPrint(nil, st, 0, false, data, 8192)); got != want {
		t.Errorf("AppendPrint of strings:\n%s\nwant:\n%s", got, want)
	}
}
