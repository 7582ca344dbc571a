package pid

import (
	"slices"
	"testing"
)

func TestDecode(t *testing.T) {
	code := []byte{
		0x55,             // push %rbp
		0x48, 0x89, 0xe5, // mov %rsp,%rbp
		0x48, 0x89, 0x7d, 0xf8, // mov %rdi,-0x8(%rbp)
		0xb8, 0x2a, 0x00, 0x00, 0x00, // mov $42,%eax
		0x5d, // pop %rbp
		0xc3, // ret
		0x0f, // a truncated instruction: padding is not probed
	}
	got, err := decodeAMD64(code)
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint64{0, 1, 4, 8, 13, 14}; !slices.Equal(got, want) {
		t.Errorf("offsets %v, want %v", got, want)
	}
	if _, err := decodeAMD64([]byte{0x0f}); err == nil {
		t.Error("a function without one instruction decoded")
	}
}

func TestDecodeARM64(t *testing.T) {
	code := []byte{
		0xfd, 0x7b, 0xbf, 0xa9, // stp x29, x30, [sp, #-16]!
		0xfd, 0x03, 0x00, 0x91, // mov x29, sp
		0x40, 0x05, 0x80, 0x52, // mov w0, #42
		0xfd, 0x7b, 0xc1, 0xa8, // ldp x29, x30, [sp], #16
		0xc0, 0x03, 0x5f, 0xd6, // ret
		0x00, 0x00, 0x00, 0x00, // udf: padding is not probed
		0x1f, 0x20, 0x03, 0xd5, // nop past the padding
	}
	got, err := decodeARM64(code)
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint64{0, 4, 8, 12, 16}; !slices.Equal(got, want) {
		t.Errorf("offsets %v, want %v", got, want)
	}
	if _, err := decodeARM64([]byte{0, 0, 0, 0}); err == nil {
		t.Error("a function without one instruction decoded")
	}
	if _, err := decodeARM64([]byte{0xc0, 0x03}); err == nil {
		t.Error("half an instruction decoded")
	}
}
