package uelf

import (
	"debug/elf"
	"reflect"
	"testing"
)

// TestProbeFuncsAliases: a pattern probes a function once, under the
// first of its names in libproc's order; versioned and compiler-made
// names and functions of size 0 are passed over; an exact name is the
// name libproc gives its address.
func TestProbeFuncsAliases(t *testing.T) {
	f := &File{}
	f.index([]Symbol{
		{Name: "mmap64", Value: 0x100, Size: 0x20, Type: elf.STT_FUNC, Bind: elf.STB_WEAK},
		{Name: "mmap", Value: 0x100, Size: 0x20, Type: elf.STT_FUNC, Bind: elf.STB_WEAK},
		{Name: "__mmap", Value: 0x100, Size: 0x20, Type: elf.STT_FUNC, Bind: elf.STB_GLOBAL},
		{Name: "memcpy@@GLIBC_2.14", Value: 0x200, Size: 0x10, Type: elf.STT_GNU_IFUNC, Bind: elf.STB_GLOBAL},
		{Name: "memcpy", Value: 0x200, Size: 0x10, Type: elf.STT_GNU_IFUNC, Bind: elf.STB_GLOBAL},
		{Name: "memcpy@GLIBC_2.2.5", Value: 0x300, Size: 0x10, Type: elf.STT_FUNC, Bind: elf.STB_GLOBAL},
		{Name: "memmove", Value: 0x300, Size: 0x10, Type: elf.STT_FUNC, Bind: elf.STB_GLOBAL},
		{Name: "main.cold", Value: 0x400, Size: 0x8, Type: elf.STT_FUNC, Bind: elf.STB_LOCAL},
		{Name: "empty", Value: 0x500, Size: 0, Type: elf.STT_FUNC, Bind: elf.STB_GLOBAL},
		{Name: "local_m", Value: 0x600, Size: 0x8, Type: elf.STT_FUNC, Bind: elf.STB_LOCAL},
		{Name: "mglobal", Value: 0x600, Size: 0x8, Type: elf.STT_FUNC, Bind: elf.STB_GLOBAL},
	})
	names := func(pattern string) []string {
		t.Helper()
		fs, err := f.ProbeFuncs(pattern)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, s := range fs {
			out = append(out, s.Name)
		}
		return out
	}
	for _, c := range []struct {
		pattern string
		want    []string
	}{
		// mmap: fewer leading underscores than __mmap, shorter than
		// mmap64 (libproc ignores weak against global).
		{"*", []string{"memcpy", "memmove", "mglobal", "mmap"}},
		{"mmap*", []string{"mmap"}},
		// The first name does not match: the next alias is tried.
		{"__mm*", []string{"__mmap"}},
		{"m*64", []string{"mmap64"}},
		{"mem*", []string{"memcpy", "memmove"}},
		{"loc*", []string{"local_m"}},
		// An exact name is renamed as libproc names the address,
		// as DTrace does.
		{"mmap64", []string{"mmap"}},
		{"__mmap", []string{"mmap"}},
		{"memcpy@@GLIBC_2.14", []string{"memcpy"}},
		{"memcpy@GLIBC_2.2.5", []string{"memcpy@GLIBC_2.2.5"}},
		{"local_m", []string{"mglobal"}},
		{"main.cold", []string{"main.cold"}},
		{"*.cold", nil},
	} {
		if got := names(c.pattern); !reflect.DeepEqual(got, c.want) {
			t.Errorf("ProbeFuncs(%q) = %q, want %q", c.pattern, got, c.want)
		}
	}
}
