package ksym

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// base is where the fixture kernel's _text runs (link address + KASLR).
const base = 0xffffffff82e00000

func openFixture(t testing.TB, name string) *os.File {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// fixtureSysModule is testdata/sys-module: a /sys/module with nf_tables
// loaded, its sections, and two built-in modules that have parameters.
func fixtureSysModule() fstest.MapFS {
	fsys := fstest.MapFS{}
	root := filepath.Join("testdata", "sys-module")
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		fsys[filepath.ToSlash(rel)] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		panic(err)
	}
	return fsys
}

// fixtureSources parses every fixture.
func fixtureSources(t *testing.T, withSections bool) *Sources {
	t.Helper()
	var src Sources
	var err error
	if src.Kallsyms, err = ParseKallsyms(openFixture(t, "kallsyms")); err != nil {
		t.Fatal(err)
	}
	if src.SystemMap, err = ParseSystemMap(openFixture(t, "System.map")); err != nil {
		t.Fatal(err)
	}
	if src.VMLinux, err = ReadELFSymbols(openFixture(t, "vmlinux")); err != nil {
		t.Fatal(err)
	}
	if src.Ranges, err = ParseBuiltinRanges(openFixture(t, "modules.builtin.ranges")); err != nil {
		t.Fatal(err)
	}
	if src.Builtin, err = ParseModulesBuiltin(openFixture(t, "modules.builtin")); err != nil {
		t.Fatal(err)
	}
	proc, err := ParseProcModules(openFixture(t, "proc-modules"))
	if err != nil {
		t.Fatal(err)
	}
	var sys []Module
	if withSections {
		if sys, err = ReadSysModules(fixtureSysModule()); err != nil {
			t.Fatal(err)
		}
	}
	src.Modules = MergeModules(proc, sys)
	return &src
}

func TestParseKallsyms(t *testing.T) {
	es, err := ParseKallsyms(openFixture(t, "kallsyms"))
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 17 {
		t.Fatalf("%d entries, want 17", len(es))
	}
	want := map[int]Entry{
		0:  {Addr: base, Type: 'T', Name: "startup_64"},
		7:  {Addr: base + 0x280, Type: 't', Name: "dup_name"},
		8:  {Addr: base + 0x2a0, Type: 'W', Name: "w_hook"},
		12: {Addr: 0xffffffffc0a00000, Type: 't', Name: "nft_do_chain", Module: "nf_tables"},
		16: {Addr: 0xffffffffc0b10000, Type: 't', Name: "bpf_prog_6deef7357e7b4530_sd_fw_ingress", Module: "bpf"},
	}
	for i, w := range want {
		if es[i] != w {
			t.Errorf("entry %d = %+v, want %+v", i, es[i], w)
		}
	}
}

func TestParseKallsymsHidden(t *testing.T) {
	in := "0000000000000000 T _stext\n0000000000000000 t foo\t[mod]\n"
	if _, err := ParseKallsyms(strings.NewReader(in)); !errors.Is(err, ErrAddressesHidden) {
		t.Fatalf("err = %v, want ErrAddressesHidden", err)
	}
	if got := ErrAddressesHidden.Error(); got != "ksym: kallsyms addresses are hidden (kptr_restrict)" {
		t.Errorf("message %q", got)
	}
	// An empty file is no table, but it is not hidden addresses either.
	if es, err := ParseKallsyms(strings.NewReader("")); err != nil || len(es) != 0 {
		t.Errorf("empty: %v, %v", es, err)
	}
}

func TestParseKallsymsErrors(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"ffffffff81000000 T", "kallsyms line 1: want ADDR TYPE NAME"},
		{"ffffffff81000000 TT foo", "want ADDR TYPE NAME"},
		{"xyz T foo", `address "xyz"`},
		{"ffffffff81000000 T foo bar", `unexpected "bar" after the name`},
		{"ffffffff81000000 T foo\t[mod] x", `unexpected "x" at the end`},
		{"ffffffff81000000 T foo\n\n1 T bar\tmod", `line 3: unexpected "mod"`},
	} {
		_, err := ParseKallsyms(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: err = %v, want %q", tc.in, err, tc.err)
		}
	}
	// System.map never names modules.
	if _, err := ParseSystemMap(strings.NewReader("ffffffff81000000 T foo\t[mod]\n")); err == nil {
		t.Error("System.map with a module: no error")
	}
}

func TestParseBuiltinRanges(t *testing.T) {
	br, err := ParseBuiltinRanges(openFixture(t, "modules.builtin.ranges"))
	if err != nil {
		t.Fatal(err)
	}
	want := []RangeSection{
		{Name: ".text", Anchor: "_text", Ranges: []Range{
			{0x80, 0x200, []string{"ext4"}},
			{0x200, 0x240, []string{"crc32c_generic", "libcrc32c"}},
			{0x1010, 0x1030, []string{"ext4"}},
		}},
		{Name: ".data", Anchor: "_sdata", Ranges: []Range{{0x8, 0x20, []string{"ext4"}}}},
	}
	if !rangesEqual(br.Sections, want) {
		t.Errorf("got %+v\nwant %+v", br.Sections, want)
	}
}

func rangesEqual(a, b []RangeSection) bool {
	return slices.EqualFunc(a, b, func(x, y RangeSection) bool {
		return x.Name == y.Name && x.Anchor == y.Anchor && x.AnchorOff == y.AnchorOff &&
			slices.EqualFunc(x.Ranges, y.Ranges, func(r, s Range) bool {
				return r.Start == s.Start && r.End == s.End && slices.Equal(r.Modules, s.Modules)
			})
	})
}

func TestParseBuiltinRangesErrors(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{".text 0-0", "want SECTION START-END MODULE"},
		{".text 10 = _text", `bad range "10"`},
		{".text 20-10 ext4", `bad range "20-10"`},
		{".text 0-0 = _text\n.text 0-0 = _stext", "bad anchor"},
		{".text 0-0 = _text\n.text 10-20 a\n.text 18-30 b", "overlaps"},
		{".text 10-20 ext4", "section .text has no anchor"},
	} {
		_, err := ParseBuiltinRanges(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: err = %v, want %q", tc.in, err, tc.err)
		}
	}
}

func TestParseModulesBuiltin(t *testing.T) {
	names, err := ParseModulesBuiltin(openFixture(t, "modules.builtin"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"ext4", "crc32c_generic", "libcrc32c", "dummy"}; !slices.Equal(names, want) {
		t.Errorf("got %q, want %q", names, want)
	}
	if _, err := ParseModulesBuiltin(strings.NewReader("kernel/fs/ext4/ext4.o\n")); err == nil {
		t.Error("a .o path: no error")
	}
}

func TestReadELFSymbols(t *testing.T) {
	es, err := ReadELFSymbols(openFixture(t, "vmlinux"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Entry{}
	for _, e := range es {
		got[e.Name+"@"+hexs(e.Addr)] = e
	}
	for _, w := range []Entry{
		{Addr: 0xffffffff81000000, Size: 0x40, Type: 'T', Name: "startup_64"},
		{Addr: 0xffffffff81000000, Size: 0, Type: 'T', Name: "_text"},
		{Addr: 0xffffffff81000280, Size: 0x20, Type: 't', Name: "dup_name"},
		{Addr: 0xffffffff81001010, Size: 0x20, Type: 't', Name: "dup_name"},
		{Addr: 0xffffffff810002a0, Size: 0x20, Type: 'W', Name: "w_hook"},
		{Addr: 0xffffffff81200008, Size: 0x18, Type: 'd', Name: "ext4_var"},
		{Addr: 0xffffffff81300000, Size: 8, Type: 'b', Name: "counter"},
	} {
		w.Sized = true
		if g := got[w.Name+"@"+hexs(w.Addr)]; g != w {
			t.Errorf("%s: got %+v, want %+v", w.Name, g, w)
		}
	}
	if _, err := ReadELFSymbols(strings.NewReader("\x7fELF not really")); err == nil {
		t.Error("bad ELF: no error")
	}
}

func hexs(v uint64) string { return string(appendHex(nil, v)) }

func TestParseProcModules(t *testing.T) {
	ms, err := ParseProcModules(openFixture(t, "proc-modules"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 2 {
		t.Fatalf("%d modules, want 2", len(ms))
	}
	m := ms[0]
	if m.Name != "nf_tables" || m.Size != 16384 || m.Refs != 2 || m.State != "Live" ||
		m.Addr != 0xffffffffc0a00000 || m.Taint != "E" || !slices.Equal(m.Deps, []string{"nft_ct", "nft_chain_nat"}) {
		t.Errorf("got %+v", m)
	}
	if ms[1].Deps != nil || ms[1].Taint != "" {
		t.Errorf("nft_ct: %+v", ms[1])
	}
	for _, bad := range []string{"x 1 0 - Live", "x y 0 - Live 0x0", "x 1 0 - Live 0xzz", "x 1 0 - Live 0x0 E"} {
		if _, err := ParseProcModules(strings.NewReader(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestReadSysModules(t *testing.T) {
	ms, err := ReadSysModules(fixtureSysModule())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.String())
	}
	want := []string{"dummy (builtin)", "ext4 (builtin)", "nf_tables (loadable at 0xffffffffc0a00000 size 0x4000)"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	nf := ms[2]
	if nf.Sections[".rodata"] != 0xffffffffc0a02000 || nf.State != "live" || nf.Refs != 2 || nf.Taint != "E" {
		t.Errorf("nf_tables: %+v", nf)
	}
	// Without privilege, section addresses read 0: no sections then.
	fsys := fixtureSysModule()
	fsys["nf_tables/sections/.text"] = &fstest.MapFile{Data: []byte("0x0000000000000000\n")}
	fsys["nf_tables/sections/.rodata"] = &fstest.MapFile{Data: []byte("0\n")}
	fsys["nf_tables/sections/.data"] = &fstest.MapFile{Data: []byte("0\n")}
	if ms, err = ReadSysModules(fsys); err != nil || ms[2].Sections != nil || ms[2].Addr != 0 {
		t.Errorf("hidden sections: %+v, %v", ms[2], err)
	}
}

// TestBuild checks the table built from every fixture: KASLR relocation,
// sizes from vmlinux, built-in modules from the ranges, aliases, duplicate
// names, gaps, and a loadable module bounded by its sections.
func TestBuild(t *testing.T) {
	tb, err := Build(fixtureSources(t, true))
	if err != nil {
		t.Fatal(err)
	}
	if tb.Len() != 25 {
		t.Errorf("%d symbols, want 25", tb.Len())
	}
	for _, tc := range []struct {
		addr            uint64
		addr2, sym, mod string
	}{
		{base, "vmlinux`startup_64", "vmlinux`startup_64", "vmlinux"},
		{base + 0x44, "vmlinux`do_one+0x4", "vmlinux`do_one", "vmlinux"},
		// do_one is 0x30 bytes (vmlinux says), then a gap up to ext4.
		{base + 0x75, "0xffffffff82e00075", "0xffffffff82e00075", "0xffffffff82e00075"},
		{base + 0x90, "ext4`ext4_read+0x10", "ext4`ext4_read", "ext4"},
		{base + 0x210, "crc32c_generic`crc_shared+0x10", "crc32c_generic`crc_shared", "crc32c_generic"},
		{base + 0x250, "0xffffffff82e00250", "0xffffffff82e00250", "0xffffffff82e00250"},
		{base + 0x290, "vmlinux`dup_name+0x10", "vmlinux`dup_name", "vmlinux"},
		// Between w_hook and after_gap, both core kernel.
		{base + 0x2c0, "vmlinux`0xffffffff82e002c0", "vmlinux`0xffffffff82e002c0", "vmlinux"},
		{base + 0x1018, "ext4`dup_name+0x8", "ext4`dup_name", "ext4"},
		// _etext: a marker of size 0 covers nothing.
		{base + 0x1030, "0xffffffff82e01030", "0xffffffff82e01030", "0xffffffff82e01030"},
		// Data: from System.map and vmlinux; ext4_var's .data range is
		// anchored at _sdata, which kallsyms lacks.
		{0xffffffff83000000, "vmlinux`some_var", "vmlinux`some_var", "vmlinux"},
		{0xffffffff8300000c, "ext4`ext4_var+0x4", "ext4`ext4_var", "ext4"},
		{0xffffffff83000030, "vmlinux`table_big+0x10", "vmlinux`table_big", "vmlinux"},
		{0xffffffff83100004, "vmlinux`counter+0x4", "vmlinux`counter", "vmlinux"},
		// nf_tables: sizes inferred, bounded by its sections.
		{0xffffffffc0a00100, "nf_tables`nft_do_chain+0x100", "nf_tables`nft_do_chain", "nf_tables"},
		{0xffffffffc0a01fff, "nf_tables`nft_register_expr+0x1e7f", "nf_tables`nft_register_expr", "nf_tables"},
		{0xffffffffc0a02010, "nf_tables`nft_rule_policy+0x10", "nf_tables`nft_rule_policy", "nf_tables"},
		{0xffffffffc0a03ff0, "nf_tables`nft_net_ops+0xff0", "nf_tables`nft_net_ops", "nf_tables"},
		// A BPF program of unknown size; nft_ct, loaded but without symbols.
		{0xffffffffc0b10000, "0xffffffffc0b10000", "0xffffffffc0b10000", "0xffffffffc0b10000"},
		{0xffffffffc0c00010, "nft_ct`0xffffffffc0c00010", "nft_ct`0xffffffffc0c00010", "nft_ct"},
		{0x1000, "0x1000", "0x1000", "0x1000"},
	} {
		if got := tb.FormatAddr(tc.addr); got != tc.addr2 {
			t.Errorf("%#x: AppendAddr %q, want %q", tc.addr, got, tc.addr2)
		}
		if got := string(tb.AppendSym(nil, tc.addr)); got != tc.sym {
			t.Errorf("%#x: AppendSym %q, want %q", tc.addr, got, tc.sym)
		}
		if got := string(tb.AppendMod(nil, tc.addr)); got != tc.mod {
			t.Errorf("%#x: AppendMod %q, want %q", tc.addr, got, tc.mod)
		}
	}

	s, off, ok := tb.Lookup(base + 0x220)
	if !ok || s.Name != "crc_shared" || off != 0x20 || s.Size != 0x40 || s.Kind != Builtin ||
		!slices.Equal(s.Modules, []string{"crc32c_generic", "libcrc32c"}) {
		t.Errorf("crc_shared: %+v +%#x %v", s, off, ok)
	}

	dups := tb.Symbols("dup_name")
	if len(dups) != 2 || dups[0].Module != "vmlinux" || dups[1].Module != "ext4" || dups[1].Addr != base+0x1010 {
		t.Errorf("dup_name: %+v", dups)
	}
	if s, ok := tb.ModuleSymbol("ext4", "dup_name"); !ok || s.Addr != base+0x1010 {
		t.Errorf("ext4`dup_name: %+v %v", s, ok)
	}
	if s, ok := tb.ModuleSymbol("vmlinux", "dup_name"); !ok || s.Addr != base+0x280 {
		t.Errorf("vmlinux`dup_name: %+v %v", s, ok)
	}
	if s, ok := tb.ModuleSymbol("libcrc32c", "crc_shared"); !ok || s.Addr != base+0x200 {
		t.Errorf("libcrc32c`crc_shared: %+v %v", s, ok)
	}
	if _, ok := tb.ModuleSymbol("ext4", "do_one"); ok {
		t.Error("ext4`do_one found")
	}
	if got := tb.Symbols("no_such_symbol"); got != nil {
		t.Errorf("no_such_symbol: %v", got)
	}
	// Aliases at _text: all listed, in kallsyms order; the sized one names it.
	var aliases []string
	for _, s := range tb.Symbols("_text") {
		for i := range tb.Len() {
			if a := tb.At(i); a.Addr == s.Addr {
				aliases = append(aliases, a.Name)
			}
		}
	}
	if want := []string{"startup_64", "_stext", "_text"}; !slices.Equal(aliases, want) {
		t.Errorf("aliases %q, want %q", aliases, want)
	}

	var ext4 []string
	for _, s := range tb.ModuleSymbols("ext4") {
		ext4 = append(ext4, s.Name)
	}
	if want := []string{"ext4_read", "ext4_write", "dup_name", "ext4_var"}; !slices.Equal(ext4, want) {
		t.Errorf("ext4 symbols %q, want %q", ext4, want)
	}

	var mods []string
	for _, m := range tb.Modules() {
		mods = append(mods, m.String())
	}
	want := []string{"bpf (loadable)", "crc32c_generic (builtin)", "dummy (builtin)", "ext4 (builtin)",
		"libcrc32c (builtin)", "nf_tables (loadable at 0xffffffffc0a00000 size 0x4000)",
		"nft_ct (loadable at 0xffffffffc0c00000 size 0x1000)"}
	if !slices.Equal(mods, want) {
		t.Errorf("modules\n%q\nwant\n%q", mods, want)
	}
}

// TestBuildKallsymsOnly checks the sizes inferred when kallsyms is all
// there is; without /sys/module's sections, nf_tables's symbols before a
// change of class extend to the end of its core layout.
func TestBuildKallsymsOnly(t *testing.T) {
	src := fixtureSources(t, false)
	tb, err := Build(&Sources{Kallsyms: src.Kallsyms, Modules: src.Modules})
	if err != nil {
		t.Fatal(err)
	}
	sizes := map[string]uint64{}
	for i := range tb.Len() {
		s := tb.At(i)
		sizes[s.Name+"@"+hexs(s.Addr)] = s.Size
	}
	for name, want := range map[string]uint64{
		"_text@0xffffffff82e00000":                                   0x40, // aliases share the size
		"do_one@0xffffffff82e00040":                                  0x40, // up to ext4_read
		"crc_shared@0xffffffff82e00200":                              0x80,
		"w_hook@0xffffffff82e002a0":                                  0xd60, // up to after_gap
		"_etext@0xffffffff82e01030":                                  0,     // next is another module's
		"nft_register_expr@0xffffffffc0a00180":                       0x3e80,
		"nft_rule_policy@0xffffffffc0a02000":                         0x2000,
		"nft_net_ops@0xffffffffc0a03000":                             0x1000, // to the module's end
		"bpf_prog_6deef7357e7b4530_sd_fw_ingress@0xffffffffc0b10000": 0,
	} {
		if got, ok := sizes[name]; !ok || got != want {
			t.Errorf("%s: size %#x (listed %v), want %#x", name, got, ok, want)
		}
	}
	// Aliases of one size: the lexically first name, as DTrace picks.
	if got := tb.FormatAddr(base + 4); got != "vmlinux`_stext+0x4" {
		t.Errorf("at _text: %q", got)
	}
	// No built-in modules without the ranges.
	if got := tb.FormatAddr(base + 0x90); got != "vmlinux`ext4_read+0x10" {
		t.Errorf("ext4_read: %q", got)
	}
}

// TestInferBoundaries checks that inferred sizes stop at a change of class
// and, at the end of the symbol's page, at huge gaps, and that nested sized
// symbols resolve innermost first.
func TestInferBoundaries(t *testing.T) {
	es, err := ParseKallsyms(strings.NewReader(`ffffffff81000000 T a
ffffffff81000100 T padded_before_hole
ffffffff81100000 T after_hole
ffffffff81100020 T _etext
ffffffff81200000 D _sdata
ffffffff81200010 A abs_sym
ffffffff81200040 d last
`))
	if err != nil {
		t.Fatal(err)
	}
	tb, err := Build(&Sources{Kallsyms: es})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i := range tb.Len() {
		s := tb.At(i)
		got = append(got, s.Name+"="+hexs(s.Size))
	}
	want := []string{"a=0x100", "padded_before_hole=0xf00", "after_hole=0x20", "_etext=0x0",
		"_sdata=0x40", "abs_sym=0x0", "last=0x0"}
	if !slices.Equal(got, want) {
		t.Errorf("sizes %q, want %q", got, want)
	}
	if got := tb.FormatAddr(0xffffffff81000200); got != "vmlinux`padded_before_hole+0x100" {
		t.Errorf("before the hole: %q", got)
	}
	if got := tb.FormatAddr(0xffffffff81001000); got != "vmlinux`0xffffffff81001000" {
		t.Errorf("in the hole: %q", got)
	}
	if got := tb.FormatAddr(0xffffffff81200010); got != "vmlinux`_sdata+0x10" {
		t.Errorf("at the absolute symbol: %q", got)
	}

	// A weak alias loses to a non-weak one, whatever the names.
	es, err = ParseKallsyms(strings.NewReader("ffffffff81000000 W a_weak\nffffffff81000000 t z_local\nffffffff81000010 T next\n"))
	if err != nil {
		t.Fatal(err)
	}
	if tb, err = Build(&Sources{Kallsyms: es}); err != nil {
		t.Fatal(err)
	}
	if got := tb.FormatAddr(0xffffffff81000000); got != "vmlinux`z_local" {
		t.Errorf("weak alias: %q", got)
	}

	// A sized object holding a sized label and a zero-size one.
	tb, err = Build(&Sources{VMLinux: []Entry{
		{Addr: 0x1000, Size: 0x100, Sized: true, Type: 'D', Name: "outer"},
		{Addr: 0x1010, Size: 0x10, Sized: true, Type: 'd', Name: "inner"},
		{Addr: 0x1080, Size: 0, Sized: true, Type: 'd', Name: "label"},
		{Addr: 0x2000, Size: 0x10, Sized: true, Type: 'D', Name: "next"},
	}})
	if err != nil {
		t.Fatal(err)
	}
	for addr, want := range map[uint64]string{
		0x1008: "vmlinux`outer+0x8",
		0x1018: "vmlinux`inner+0x8",
		0x1020: "vmlinux`outer+0x20",
		0x1080: "vmlinux`outer+0x80",
		0x1100: "vmlinux`0x1100",
		0x2010: "0x2010",
		0xfff:  "0xfff",
	} {
		if got := tb.FormatAddr(addr); got != want {
			t.Errorf("%#x: %q, want %q", addr, got, want)
		}
	}
}

// TestBuildMismatch refuses a System.map of another kernel build.
func TestBuildMismatch(t *testing.T) {
	src := fixtureSources(t, false)
	other, err := ParseSystemMap(strings.NewReader("ffffffff81000000 T _text\nffffffff81000100 T other_build\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = Build(&Sources{Kallsyms: src.Kallsyms, SystemMap: other})
	if err == nil || err.Error() != "ksym: System.map does not match the running kernel: 1 of 12 kallsyms symbols found in it" {
		t.Errorf("err = %v", err)
	}
}

// TestConcurrent uses one table from many goroutines, the first name
// lookup among them building the name index (run with -race).
func TestConcurrent(t *testing.T) {
	tb, err := Build(fixtureSources(t, true))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				if s := tb.Symbols("ext4_read"); len(s) != 1 {
					t.Errorf("ext4_read: %v", s)
					return
				}
				if got := tb.FormatAddr(base + 0x90); got != "ext4`ext4_read+0x10" {
					t.Errorf("got %q", got)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestFind checks the two-level address search against a plain binary
// search, around every segment boundary of a table of many symbols.
func TestFind(t *testing.T) {
	var es []Entry
	for i := range 1000 {
		es = append(es, Entry{Addr: 0x1000 + uint64(i*i%7+i*0x40), Type: 'T', Name: "f" + hexs(uint64(i))})
	}
	slices.SortFunc(es, func(a, b Entry) int { return int(a.Addr) - int(b.Addr) })
	tb, err := Build(&Sources{Kallsyms: es})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range tb.segStart {
		for _, a := range []uint64{s - 1, s, s + 1} {
			want, _ := slices.BinarySearch(tb.segStart, a+1)
			if got := tb.find(a); got != want-1 {
				t.Fatalf("find(%#x) = %d, want %d", a, got, want-1)
			}
		}
	}
}
