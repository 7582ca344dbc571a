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
	got, err := decode(code)
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint64{0, 1, 4, 8, 13, 14}; !slices.Equal(got, want) {
		t.Errorf("offsets %v, want %v", got, want)
	}
	if _, err := decode([]byte{0x0f}); err == nil {
		t.Error("a function without one instruction decoded")
	}
}
