package ksym

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// genObject is one object file's part of a vmlinux section, as the kernel
// build's linker maps list it, with the built-in modules it belongs to.
type genObject struct {
	off, size uint64
	modules   []string // nil for the core kernel
}

// genSection is a section of vmlinux with its anchor symbol and objects in
// address order.
type genSection struct {
	name, anchor string
	anchorOff    uint64
	objects      []genObject
}

// genBuiltinRanges writes modules.builtin.ranges as the kernel's
// scripts/generate_builtin_ranges.awk does: per section the anchor line
// first, then one range per run of objects of the same module(s), a run
// ending at an object of the core kernel or of other modules, each line
// printed as "%s %08x-%08x %s".
func genBuiltinRanges(secs []genSection) string {
	var b strings.Builder
	for _, s := range secs {
		fmt.Fprintf(&b, "%s %08x-%08x = %s\n", s.name, s.anchorOff, s.anchorOff, s.anchor)
		var cur []string
		var start, end uint64
		flush := func() {
			if cur != nil {
				fmt.Fprintf(&b, "%s %08x-%08x %s\n", s.name, start, end, strings.Join(cur, " "))
			}
			cur = nil
		}
		for _, o := range s.objects {
			switch {
			case o.modules == nil:
				flush()
			case slices.Equal(o.modules, cur):
				end = o.off + o.size
			default:
				flush()
				cur, start, end = o.modules, o.off, o.off+o.size
			}
		}
		flush()
	}
	return b.String()
}

// fixtureObjects lays the fixture vmlinux's symbols out as one object each,
// assigning modules by symbol, as a kernel build would by object file.
func fixtureObjects(t *testing.T) []genSection {
	es, err := ReadELFSymbols(openFixture(t, "vmlinux"))
	if err != nil {
		t.Fatal(err)
	}
	const text, data = 0xffffffff81000000, 0xffffffff81200000
	module := func(e Entry) []string {
		switch {
		case strings.HasPrefix(e.Name, "ext4_") || e.Name == "dup_name" && e.Addr == text+0x1010:
			return []string{"ext4"}
		case e.Name == "crc_shared":
			return []string{"crc32c_generic", "libcrc32c"}
		}
		return nil
	}
	secs := []genSection{{name: ".text", anchor: "_text"}, {name: ".data", anchor: "_sdata"}}
	for _, e := range es {
		if e.Size == 0 {
			continue
		}
		switch e.Type | 0x20 {
		case 't', 'w':
			secs[0].objects = append(secs[0].objects, genObject{e.Addr - text, e.Size, module(e)})
		case 'd':
			secs[1].objects = append(secs[1].objects, genObject{e.Addr - data, e.Size, module(e)})
		}
	}
	for i := range secs {
		slices.SortFunc(secs[i].objects, func(a, b genObject) int { return int(a.off) - int(b.off) })
	}
	return secs
}

// TestGeneratedRanges generates modules.builtin.ranges for the fixture
// kernel: it must be the fixture file, and parse back to what was put in.
func TestGeneratedRanges(t *testing.T) {
	got := genBuiltinRanges(fixtureObjects(t))
	want, err := os.ReadFile(filepath.Join("testdata", "modules.builtin.ranges"))
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("generated\n%s\nfixture\n%s", got, want)
	}

	// A larger layout with an anchor not at offset 0, a run spanning
	// padding, and shared objects between runs of their modules.
	secs := []genSection{{name: ".text", anchor: "_stext", anchorOff: 0x10, objects: []genObject{
		{0x10, 0x20, nil},
		{0x30, 0x10, []string{"a"}},
		{0x48, 0x08, []string{"a"}},
		{0x50, 0x10, []string{"a", "b"}},
		{0x60, 0x10, []string{"b"}},
		{0x70, 0x10, nil},
		{0x80, 0x10, []string{"a"}},
	}}}
	text := genBuiltinRanges(secs)
	wantText := `.text 00000010-00000010 = _stext
.text 00000030-00000050 a
.text 00000050-00000060 a b
.text 00000060-00000070 b
.text 00000080-00000090 a
`
	if text != wantText {
		t.Errorf("generated\n%s\nwant\n%s", text, wantText)
	}
	br, err := ParseBuiltinRanges(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	es := []Entry{
		{Addr: 0x1010, Type: 'T', Name: "_stext"},
		{Addr: 0x1030, Type: 'T', Name: "a_one"},
		{Addr: 0x1048, Type: 't', Name: "a_two"},
		{Addr: 0x1050, Type: 't', Name: "shared"},
		{Addr: 0x1060, Type: 'T', Name: "b_one"},
		{Addr: 0x1070, Type: 'T', Name: "core"},
		{Addr: 0x1080, Type: 'T', Name: "a_three"},
		{Addr: 0x1090, Type: 'T', Name: "_etext"},
	}
	tb, err := Build(&Sources{Kallsyms: es, Ranges: br})
	if err != nil {
		t.Fatal(err)
	}
	var mods []string
	for i := range tb.Len() {
		s := tb.At(i)
		mods = append(mods, s.Name+":"+strings.Join(s.Modules, ","))
	}
	wantMods := []string{"_stext:", "a_one:a", "a_two:a", "shared:a,b", "b_one:b", "core:", "a_three:a", "_etext:"}
	if !slices.Equal(mods, wantMods) {
		t.Errorf("modules %q, want %q", mods, wantMods)
	}
}
