package ksym

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func addFixture(f *testing.F, name string) {
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data))
}

// checkTable checks what must hold of any table: a symbol Lookup returns
// contains the address, and the formatters and the kallmodsyms writer do
// not fail.
func checkTable(t *testing.T, tb *Table) {
	for i := range min(tb.Len(), 64) {
		s := tb.At(i)
		for _, a := range []uint64{s.Addr, s.Addr + s.Size/2, s.Addr - 1, s.Addr + s.Size} {
			if got, off, ok := tb.Lookup(a); ok && (a < got.Addr || off != a-got.Addr || (got.Size != 0 && off >= got.Size)) {
				t.Fatalf("Lookup(%#x) = %+v +%#x", a, got, off)
			}
			tb.AppendAddr(nil, a)
			tb.AppendMod(nil, a)
		}
		tb.Symbols(s.Name)
	}
	if err := tb.WriteKallmodsyms(io.Discard); err != nil {
		t.Fatal(err)
	}
}

func FuzzParseKallsyms(f *testing.F) {
	addFixture(f, "kallsyms")
	addFixture(f, "System.map")
	f.Add("ffffffff81000000 T a\nffffffff81000000 t b\t[m]\n0 A c\n")
	linked, err := ParseSystemMap(openFixture(f, "System.map"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in string) {
		es, err := ParseKallsyms(strings.NewReader(in))
		if err != nil {
			return
		}
		tb, err := Build(&Sources{Kallsyms: es})
		if err != nil {
			t.Fatal(err)
		}
		if tb.Len() != len(es) {
			t.Fatalf("%d entries, %d symbols", len(es), tb.Len())
		}
		checkTable(t, tb)
		// Merged with a System.map, relocated by whatever _text says.
		if tb, err = Build(&Sources{Kallsyms: es, SystemMap: linked}); err == nil {
			checkTable(t, tb)
		}
	})
}

func FuzzParseBuiltinRanges(f *testing.F) {
	addFixture(f, "modules.builtin.ranges")
	f.Add(".text 00000010-00000010 = _stext\n.text 00000030-00000050 a\n.text 00000050-00000060 a b\n")
	es, err := ParseKallsyms(openFixture(f, "kallsyms"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in string) {
		br, err := ParseBuiltinRanges(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, s := range br.Sections {
			if len(s.Ranges) > 0 && s.Anchor == "" {
				t.Fatalf("section %s without anchor", s.Name)
			}
		}
		tb, err := Build(&Sources{Kallsyms: es, Ranges: br})
		if err != nil {
			t.Fatal(err)
		}
		checkTable(t, tb)
	})
}

func FuzzParseProcModules(f *testing.F) {
	addFixture(f, "proc-modules")
	f.Add("x 1 - - Loading 0x0\n")
	f.Fuzz(func(t *testing.T, in string) {
		ms, err := ParseProcModules(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, m := range ms {
			if m.Name == "" || m.Kind != Loadable {
				t.Fatalf("bad module %+v", m)
			}
		}
	})
}

func FuzzParseModulesBuiltin(f *testing.F) {
	addFixture(f, "modules.builtin")
	f.Fuzz(func(t *testing.T, in string) {
		names, err := ParseModulesBuiltin(strings.NewReader(in))
		if err != nil {
			return
		}
		for _, n := range names {
			if n == "" || strings.ContainsAny(n, "-/ ") {
				t.Fatalf("bad name %q", n)
			}
		}
	})
}
