package fromdwarf

import (
	"debug/dwarf"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// refAttrs is what readAttrs must return, computed from debug/dwarf's
// decoding of the same entry: the decoder replaced it and must agree.
func refAttrs(e *dwarf.Entry) attrs {
	a := attrs{size: -1, memberLoc: -1, dataBitOff: -1, oldBitOff: -1}
	num := func(v any, def int64) int64 {
		switch x := v.(type) {
		case int64:
			return x
		case uint64:
			return int64(x)
		}
		return def
	}
	for _, f := range e.Field {
		switch f.Attr {
		case dwarf.AttrName:
			a.name, _ = f.Val.(string)
		case dwarf.AttrType:
			a.ref, a.hasRef = f.Val.(dwarf.Offset)
		case dwarf.AttrSpecification:
			a.spec, a.hasSpec = f.Val.(dwarf.Offset)
		case dwarf.AttrDeclaration:
			a.decl, _ = f.Val.(bool)
		case dwarf.AttrLocation:
			a.location = true
		case dwarf.AttrExternal:
			a.external, _ = f.Val.(bool)
		case dwarf.AttrByteSize:
			a.size = num(f.Val, -1)
		case dwarf.AttrBitSize:
			a.bitSize = num(f.Val, 0)
		case dwarf.AttrEncoding:
			a.enc = num(f.Val, 0)
		case dwarf.AttrDataMemberLoc:
			switch x := f.Val.(type) {
			case int64:
				a.memberLoc = x
			case []byte:
				if len(x) > 1 && x[0] == 0x23 { // DW_OP_plus_uconst, ULEB128 operand
					var n uint64
					for i, shift := 1, 0; i < len(x) && shift < 64; i, shift = i+1, shift+7 {
						n |= uint64(x[i]&0x7f) << shift
						if x[i]&0x80 == 0 {
							a.memberLoc = int64(n)
							break
						}
					}
				}
			}
		case dwarf.AttrDataBitOffset:
			a.dataBitOff = num(f.Val, -1)
		case dwarf.AttrBitOffset:
			a.oldBitOff = num(f.Val, -1)
		case dwarf.AttrUpperBound:
			switch x := f.Val.(type) {
			case int64:
				a.upper, a.hasUpper = x, true
			case uint64:
				a.upper, a.hasUpper = int64(x), true
			}
		case dwarf.AttrCount:
			a.count, a.hasCount = f.Val.(int64)
		case dwarf.AttrConstValue:
			a.constVal = num(f.Val, 0)
		}
	}
	return a
}

// TestDecoderMatchesDebugDwarf walks every entry of executables and
// relocatable objects of each DWARF version with both decoders: the same
// entries, in the same order, with the same attribute values (for the
// objects, after the relocations both apply).
func TestDecoderMatchesDebugDwarf(t *testing.T) {
	for _, g := range []string{"-gdwarf-5", "-gdwarf-4", "-gdwarf-2"} {
		// the system headers add bitfields, enums, arrays, unions and
		// function pointers of every kind
		hdrs := filepath.Join(t.TempDir(), "headers.o")
		var src strings.Builder
		for _, h := range benchHeaders {
			fmt.Fprintf(&src, "#include <%s>\n", h)
		}
		cmd := exec.Command("gcc", g, "-O0", "-fno-eliminate-unused-debug-types", "-c", "-o", hdrs, "-x", "c", "-")
		cmd.Stdin = strings.NewReader(src.String())
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
		inputs := append(build(t, g), Input{Path: hdrs})
		// i386 objects carry REL relocations (addends in place)
		m32 := filepath.Join(t.TempDir(), "mod_a32.o")
		if exec.Command("gcc", "-m32", "-ffreestanding", g, "-O0", "-c", "-o", m32, "testdata/mod_a.c").Run() == nil {
			inputs = append(inputs, Input{Path: m32})
		} else {
			t.Logf("gcc -m32 fails: no i386 object compared")
		}
		for _, in := range inputs {
			ef, err := elf.Open(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			d, err := ef.DWARF()
			ef.Close()
			if err != nil {
				t.Fatal(err)
			}
			src, err := openSource(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			want := d.Reader()
			r := newDieReader(src)
			entries := 0
			for i := range src.units {
				if err := r.seekUnit(&src.units[i]); err != nil {
					t.Fatal(err)
				}
				for {
					more, err := r.next()
					if err != nil {
						t.Fatalf("%s %s: %v", g, in.Path, err)
					}
					if !more {
						break
					}
					e, err := want.Next()
					if err != nil || e == nil {
						t.Fatalf("%s %s: debug/dwarf ends (%v) where the decoder reads %#x", g, in.Path, err, r.off)
					}
					// debug/dwarf leaves the offset of a null entry 0
					if (e.Tag != 0 && e.Offset != r.off) || e.Tag != r.tag() || e.Children != r.children() {
						t.Fatalf("%s %s: entry %#x %v children=%v, debug/dwarf %#x %v children=%v",
							g, in.Path, r.off, r.tag(), r.children(), e.Offset, e.Tag, e.Children)
					}
					if e.Tag != 0 {
						if got, want := readAttrs(r), refAttrs(e); got != want {
							t.Fatalf("%s %s: entry %#x: attrs %+v, debug/dwarf %+v", g, in.Path, e.Offset, got, want)
						}
					}
					entries++
				}
			}
			src.close()
			if e, _ := want.Next(); e != nil {
				t.Errorf("%s %s: the decoder ends before debug/dwarf's entry %#x", g, in.Path, e.Offset)
			}
			if entries < 20 {
				t.Errorf("%s %s: only %d entries compared", g, in.Path, entries)
			}
		}
	}
}

// TestCorruptDWARF converts a module whose sections are cut short or
// have bytes flipped: the decoder must report errors, never panic or
// read out of bounds.
func TestCorruptDWARF(t *testing.T) {
	in := build(t, "-g")[1]
	src, err := openSource(in.Path)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	try := func(info, abbrev []byte) {
		units, err := listUnits(info, binary.LittleEndian)
		if err != nil {
			return
		}
		s := *src
		s.info, s.abbrev, s.units = info, abbrev, units
		m := newMerge(1)
		_ = m.runUnits(&s, units, 0, nil)
	}
	for cut := 0; cut < len(src.info); cut += 1 + len(src.info)/300 {
		try(src.info[:cut], src.abbrev)
	}
	for cut := 0; cut < len(src.abbrev); cut += 1 + len(src.abbrev)/100 {
		try(src.info, src.abbrev[:cut])
	}
	for range 300 {
		info := append([]byte(nil), src.info...)
		abbrev := append([]byte(nil), src.abbrev...)
		for range 4 {
			info[rng.IntN(len(info))] = byte(rng.Uint32())
		}
		abbrev[rng.IntN(len(abbrev))] = byte(rng.Uint32())
		try(info, abbrev)
	}
}
