package ksym

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkLoadKallsyms measures loading the running kernel's table:
// reading /proc/kallsyms (the kernel formats it on every read), parsing
// it and building the table.
func BenchmarkLoadKallsyms(b *testing.B) {
	requireKallsyms(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Load(&Paths{Kallsyms: "/proc/kallsyms"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildKallsyms is BenchmarkLoadKallsyms without the kernel's
// share: parsing and building from a copy in memory.
func BenchmarkBuildKallsyms(b *testing.B) {
	requireKallsyms(b)
	data, err := os.ReadFile("/proc/kallsyms")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		es, err := ParseKallsyms(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Build(&Sources{Kallsyms: es}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkLookup symbolizes the addresses of every symbol of the running
// kernel, each at an offset inside it, in a scattered order as stack
// frames come.
func BenchmarkLookup(b *testing.B) {
	requireKallsyms(b)
	t, err := Load(&Paths{Kallsyms: "/proc/kallsyms"})
	if err != nil {
		b.Fatal(err)
	}
	addrs := make([]uint64, 0, t.Len())
	for i := range t.Len() {
		s := t.At(i)
		addrs = append(addrs, s.Addr+s.Size/2)
	}
	// A fixed stride permutation: neighbouring lookups hit distant symbols.
	perm := make([]uint64, len(addrs))
	for i := range addrs {
		perm[i] = addrs[(i*7919)%len(addrs)]
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if _, _, ok := t.Lookup(perm[i]); !ok && perm[i] == 0 {
			b.Fatal("no symbol")
		}
		if i++; i == len(perm) {
			i = 0
		}
	}
}

// BenchmarkAppendAddr formats stack frames as DTrace prints them.
func BenchmarkAppendAddr(b *testing.B) {
	requireKallsyms(b)
	t, err := Load(&Paths{Kallsyms: "/proc/kallsyms"})
	if err != nil {
		b.Fatal(err)
	}
	s := t.Symbols("do_sys_openat2")
	if len(s) == 0 {
		b.Fatal("no do_sys_openat2")
	}
	buf := make([]byte, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		buf = t.AppendAddr(buf[:0], s[0].Addr+0x4c)
	}
}
