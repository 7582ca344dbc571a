package fromdwarf

import (
	"bytes"
	"debug/dwarf"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/ctf"
)

// build compiles the test "kernel": a linked executable and three
// relocatable "modules", all with the debug flag g (-g: DWARF 5 here).
func build(t testing.TB, g string) []Input {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc to build DWARF test inputs")
	}
	dir := t.TempDir()
	cc := func(args ...string) {
		args = append([]string{g, "-O0"}, args...)
		if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
			t.Fatalf("gcc %v: %v\n%s", args, err, out)
		}
	}
	in := []Input{{Path: filepath.Join(dir, "main")}}
	cc("-o", in[0].Path, "testdata/main.c")
	for _, m := range []string{"mod_a", "mod_b", "mod_c"} {
		p := filepath.Join(dir, m+".ko")
		cc("-c", "-o", p, "testdata/"+m+".c")
		in = append(in, Input{Path: p})
	}
	return in
}

func convert(t testing.TB, in []Input, opts *Options) (*ctf.Archive, []byte) {
	t.Helper()
	members, err := Convert(in, opts)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := ctf.WriteArchive(&buf, members, nil); err != nil {
		t.Fatal(err)
	}
	a, err := ctf.NewArchive(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return a, buf.Bytes()
}

func lookup(t *testing.T, a *ctf.Archive, name string) (*ctf.Type, *ctf.Dict) {
	t.Helper()
	d, id, err := a.LookupType(name)
	if err != nil {
		t.Fatal(err)
	}
	ty, owner, err := d.Type(id)
	if err != nil {
		t.Fatal(err)
	}
	return ty, owner
}

func TestSharedAndConflicting(t *testing.T) {
	for _, g := range []string{"-gdwarf-5", "-gdwarf-4"} {
		t.Run(g, func(t *testing.T) {
			in := build(t, g)
			a, _ := convert(t, in, nil)
			if got := strings.Join(a.Names(), " "); got != "main mod_a mod_b mod_c shared_ctf" {
				t.Fatalf("members %q", got)
			}
			parent, err := a.Dict(DefaultParent)
			if err != nil {
				t.Fatal(err)
			}
			// shared types are in the parent, once
			for _, n := range []string{"struct device", "struct list_head", "list_head_t", "probe_fn", "enum state", "int"} {
				if _, owner := lookup(t, a, n); owner != parent {
					t.Errorf("%s is not in the parent", n)
				}
			}
			// struct conf differs: a and c share the definition most
			// inputs use, which goes to the parent; b has its own
			for mod, want := range map[string]string{"mod_a": "4 shared_ctf", "mod_b": "24 mod_b", "mod_c": "4 shared_ctf"} {
				ty, owner := lookup(t, a, mod+"`struct conf")
				if got := fmt.Sprint(ty.Size, " ", owner.CUName); got != want {
					t.Errorf("%s`struct conf: size and dict %s, want %s", mod, got, want)
				}
			}
			// what embeds the shared definition is shared, what embeds
			// b's is b's
			for n, want := range map[string]string{"mod_c`struct a_private": "shared_ctf", "mod_b`struct b_private": "mod_b"} {
				if _, owner := lookup(t, a, n); owner.CUName != want {
					t.Errorf("%s in %s, want %s", n, owner.CUName, want)
				}
			}
			// the parent's pointer to the conflicting struct points to a forward
			dev, _ := lookup(t, a, "struct device")
			for _, m := range dev.Members {
				if m.Name != "cfg" {
					continue
				}
				p, _, _ := parent.Type(m.Type)
				f, _, _ := parent.Type(p.Ref)
				if p.Kind != ctf.KindPointer || f.Kind != ctf.KindForward || f.Name != "conf" {
					t.Errorf("device.cfg: %v to %v %q", p.Kind, f.Kind, f.Name)
				}
			}
			// variables live in their module's child, typed there
			for mod, v := range map[string]string{"mod_a": "conf_a", "mod_b": "conf_b", "main": "shared_dev"} {
				d, id, err := a.LookupVar(mod + "`" + v)
				if err != nil {
					t.Fatal(err)
				}
				ty, _, _ := d.Type(id)
				if want := map[string]uint64{"conf_a": 4, "conf_b": 24, "shared_dev": dev.Size}[v]; ty.Size != want {
					t.Errorf("%s: size %d, want %d", v, ty.Size, want)
				}
			}
			// a variable only declared is recorded once, by the first
			// input that declares it
			if d, id, err := a.LookupVar("mod_a`jiffies_like"); err != nil {
				t.Error(err)
			} else if ty, _, _ := d.Type(id); ty.Kind != ctf.KindVolatile {
				t.Errorf("jiffies_like: %v", ty.Kind)
			}
			if _, _, err := a.LookupVar("mod_b`jiffies_like"); err == nil {
				t.Error("jiffies_like recorded twice")
			}
			if _, _, err := a.LookupType("main`struct main_only"); err != nil {
				t.Error(err)
			}
			for _, in := range in {
				compareWithDWARF(t, a, in)
			}
		})
	}
}

// compareWithDWARF checks every complete named struct and union of an
// input, as the standard library's DWARF reader sees it, against the
// type its archive member resolves that name to.
func compareWithDWARF(t *testing.T, a *ctf.Archive, in Input) {
	ef, err := elf.Open(in.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer ef.Close()
	dw, err := ef.DWARF()
	if err != nil {
		t.Fatal(err)
	}
	r := dw.Reader()
	checked := 0
	for {
		e, err := r.Next()
		if err != nil || e == nil {
			break
		}
		if e.Tag != dwarf.TagStructType && e.Tag != dwarf.TagUnionType {
			continue
		}
		typ, err := dw.Type(e.Offset)
		if err != nil {
			t.Fatal(err)
		}
		st := typ.(*dwarf.StructType)
		if st.StructName == "" || st.Incomplete {
			continue
		}
		name := memberName(in.Path) + "`" + st.Kind + " " + st.StructName
		d, id, err := a.LookupType(name)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		ct, _, _ := d.Type(id)
		if ct.Size != uint64(st.ByteSize) || len(ct.Members) != len(st.Field) {
			t.Errorf("%s: size %d with %d members, DWARF %d with %d", name, ct.Size, len(ct.Members), st.ByteSize, len(st.Field))
			continue
		}
		for i, f := range st.Field {
			m := ct.Members[i]
			off := uint64(f.ByteOffset) * 8
			switch {
			case f.BitSize != 0 && f.ByteSize != 0: // DWARF 4: counted from the top bit
				off += uint64(f.ByteSize*8 - f.BitOffset - f.BitSize)
			case f.BitSize != 0:
				off = uint64(f.DataBitOffset)
			}
			mt, _, _ := d.Type(m.Type)
			if m.Name != f.Name || m.Offset != off {
				t.Errorf("%s.%s at %d, DWARF %s at %d", name, m.Name, m.Offset, f.Name, off)
			}
			if f.BitSize != 0 && (mt.Kind != ctf.KindSlice || int64(mt.Bits) != f.BitSize) {
				t.Errorf("%s.%s: %v of %d bits, DWARF %d bits", name, m.Name, mt.Kind, mt.Bits, f.BitSize)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Errorf("%s: no structs compared", in.Path)
	}
}

func TestDeterministic(t *testing.T) {
	in := build(t, "-g")
	_, want := convert(t, in, nil)
	for _, o := range []*Options{{Workers: 1}, {Workers: 2, ChunkBytes: 1}, {Workers: 7, ChunkBytes: 100}} {
		if _, got := convert(t, in, o); !bytes.Equal(got, want) {
			t.Errorf("options %+v: output differs", *o)
		}
	}
}

// TestObjdumpReadsArchive has binutils dump the archive dwarf2ctf writes.
func TestObjdumpReadsArchive(t *testing.T) {
	if _, err := exec.LookPath("objdump"); err != nil {
		t.Skip("no objdump")
	}
	in := build(t, "-g")
	_, raw := convert(t, in, nil)
	dir := t.TempDir()
	arc := filepath.Join(dir, "t.ctfa")
	os.WriteFile(arc, raw, 0o644)
	host := filepath.Join(dir, "host.o")
	if out, err := exec.Command("gcc", "-c", "-o", host, "testdata/mod_a.c").CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	wrapped := filepath.Join(dir, "wrapped.o")
	if out, err := exec.Command("objcopy", "--add-section", ".ctf="+arc, host, wrapped).CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	out, err := exec.Command("objdump", "--ctf", "--ctf-parent="+DefaultParent, wrapped).CombinedOutput()
	if err != nil {
		t.Fatalf("objdump: %v\n%s", err, out)
	}
	for _, want := range []string{
		"CTF archive member: mod_b:",
		"conf_b -> 0x80000001: (kind 6) struct conf (size 0x18)",
		"(kind 6) struct device (size 0xb0)",
		"(kind 4) int64_t [3][2] (size 0x30)", // binutils 2.40 prints dimensions innermost first
		"[0xd4] flags: ID",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("objdump output lacks %q", want)
		}
	}
	if t.Failed() {
		t.Logf("%s", out)
	}
}

func TestMemberName(t *testing.T) {
	for path, want := range map[string]string{
		"/usr/lib/debug/boot/vmlinux-6.1.0-57-amd64": "vmlinux",
		"build/vmlinux": "vmlinux",
		"/lib/modules/x/kernel/sound/snd-hda-intel.ko": "snd_hda_intel",
		"prog": "prog",
		"/lib/modules/x/kernel/drivers/net/e1000/e1000.ko": "e1000",
	} {
		if got := memberName(path); got != want {
			t.Errorf("%s: %q, want %q", path, got, want)
		}
	}
}
