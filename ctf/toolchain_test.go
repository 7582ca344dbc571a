package ctf

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var gcc struct {
	once sync.Once
	err  error
}

// needToolchainCTF skips the test when the installed gcc cannot emit CTF
// (-gctf) or binutils cannot dump it; it is the only place a toolchain
// test may skip.
func needToolchainCTF(t *testing.T) {
	t.Helper()
	gcc.once.Do(func() {
		dir, err := os.MkdirTemp("", "ctfprobe")
		if err != nil {
			gcc.err = err
			return
		}
		defer os.RemoveAll(dir)
		src := filepath.Join(dir, "p.c")
		os.WriteFile(src, []byte("int probe;\n"), 0o644)
		if out, err := exec.Command("gcc", "-gctf", "-c", src, "-o", filepath.Join(dir, "p.o")).CombinedOutput(); err != nil {
			gcc.err = fmt.Errorf("gcc -gctf: %v: %s", err, out)
			return
		}
		if out, err := exec.Command("objdump", "--ctf", filepath.Join(dir, "p.o")).CombinedOutput(); err != nil {
			gcc.err = fmt.Errorf("objdump --ctf: %v: %s", err, out)
		}
	})
	if gcc.err != nil {
		t.Skipf("toolchain cannot produce CTF: %v", gcc.err)
	}
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// dumped is what objdump --ctf printed about one dict.
type dumped struct {
	types map[TypeID]*dumpedType
	syms  map[string]map[string]TypeID // section -> name -> type
}

type dumpedType struct {
	kind    Kind
	decl    string // the declaration objdump printed, up to the first " ("
	size    int64  // -1 when not printed
	format  int64  // -1 when not printed
	bits    int64  // -1 when not a slice
	members []Member
	enums   []Enumerator
}

var (
	reType   = regexp.MustCompile(`^(\s+)0x([0-9a-f]+): \(kind (\d+)\) (.*)$`)
	reMember = regexp.MustCompile(`^(\s+)\[0x([0-9a-f]+)\] (\S*): ID 0x([0-9a-f]+):`)
	reEnum   = regexp.MustCompile(`^\s+(\S+): (-?\d+)$`)
	reSym    = regexp.MustCompile(`^\s+(\S+) -> 0x([0-9a-f]+):`)
	reSize   = regexp.MustCompile(`\(size 0x([0-9a-f]+)\)`)
	reFormat = regexp.MustCompile(`\(format 0x([0-9a-f]+)\)`)
	reSlice  = regexp.MustCompile(`\[slice 0x([0-9a-f]+):0x([0-9a-f]+)\]`)
)

// parseObjdump reads objdump --ctf output into one dumped per member; the
// unnamed first dict of a section is DefaultMember.
func parseObjdump(t *testing.T, out string) map[string]*dumped {
	t.Helper()
	res := map[string]*dumped{}
	var cur *dumped
	var last *dumpedType
	section, memberIndent := "", ""
	hex := func(s string) int64 { v, _ := strconv.ParseInt(s, 16, 64); return v }
	for _, line := range strings.Split(out, "\n") {
		trim := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "Contents of CTF section"):
			cur = &dumped{types: map[TypeID]*dumpedType{}, syms: map[string]map[string]TypeID{}}
			res[DefaultMember] = cur
			continue
		case strings.HasPrefix(line, "CTF archive member: "):
			cur = &dumped{types: map[TypeID]*dumpedType{}, syms: map[string]map[string]TypeID{}}
			res[strings.TrimSuffix(strings.TrimPrefix(line, "CTF archive member: "), ":")] = cur
			continue
		case cur == nil:
			continue
		case strings.HasSuffix(trim, ":") && !strings.Contains(trim, " ") || trim == "Data objects:" || trim == "Function objects:":
			section = strings.TrimSuffix(trim, ":")
			last = nil
			continue
		}
		switch section {
		case "Types":
			if m := reType.FindStringSubmatch(line); m != nil && len(m[1]) == 4 {
				k, _ := strconv.Atoi(m[3])
				decl, _, _ := strings.Cut(m[4], " -> ")
				dt := &dumpedType{kind: Kind(k), size: -1, format: -1, bits: -1}
				name := decl
				if i := strings.Index(name, " ("); i >= 0 && Kind(k) != KindFunction {
					name = name[:i]
				}
				if i := strings.Index(name, " [slice"); i >= 0 {
					name = name[:i]
				}
				dt.decl = name
				if s := reSize.FindStringSubmatch(decl); s != nil {
					dt.size = hex(s[1])
				}
				if s := reFormat.FindStringSubmatch(decl); s != nil {
					dt.format = hex(s[1])
				}
				if s := reSlice.FindStringSubmatch(decl); s != nil {
					dt.bits = hex(s[2])
				}
				cur.types[TypeID(hex(m[2]))] = dt
				last, memberIndent = dt, ""
			} else if m := reMember.FindStringSubmatch(line); m != nil && last != nil {
				if memberIndent == "" {
					memberIndent = m[1]
				}
				if m[1] == memberIndent {
					last.members = append(last.members, Member{Name: m[3], Offset: uint64(hex(m[2])), Type: TypeID(hex(m[4]))})
				}
			} else if m := reEnum.FindStringSubmatch(line); m != nil && last != nil {
				v, _ := strconv.Atoi(m[2])
				last.enums = append(last.enums, Enumerator{m[1], int32(v)})
			}
		case "Variables", "Data objects", "Function objects":
			if m := reSym.FindStringSubmatch(line); m != nil {
				if cur.syms[section] == nil {
					cur.syms[section] = map[string]TypeID{}
				}
				cur.syms[section][m[1]] = TypeID(hex(m[2]))
			}
		}
	}
	return res
}

// compareDump checks every type and symbol of d against objdump's view.
func compareDump(t *testing.T, member string, d *Dict, dd *dumped) {
	t.Helper()
	if dd == nil {
		t.Fatalf("%s: objdump printed nothing", member)
	}
	if len(dd.types) != len(d.Types) {
		t.Errorf("%s: objdump shows %d types, we read %d", member, len(dd.types), len(d.Types))
	}
	for i := range d.Types {
		id, ty := d.ID(i), &d.Types[i]
		o := dd.types[id]
		if o == nil {
			t.Errorf("%s: type %#x missing from objdump", member, id)
			continue
		}
		kind := ty.Kind
		if kind == KindSlice {
			// libctf reports a slice as the kind of what it slices
			if base, _, err := d.Type(ty.Ref); err == nil {
				kind = base.Kind
			}
		}
		if o.kind != kind {
			t.Errorf("%s: type %#x kind %v, objdump %v", member, id, ty.Kind, o.kind)
		}
		switch ty.Kind {
		case KindStruct, KindUnion, KindEnum, KindForward, KindTypedef, KindInteger, KindFloat:
			if want := strings.TrimSpace(qualifiedName(ty)); strings.TrimSpace(o.decl) != want {
				t.Errorf("%s: type %#x name %q, objdump %q", member, id, want, o.decl)
			}
		}
		switch ty.Kind {
		case KindStruct, KindUnion, KindEnum:
			if o.size != int64(ty.Size) {
				t.Errorf("%s: type %#x size %d, objdump %d", member, id, ty.Size, o.size)
			}
		case KindInteger, KindFloat, KindSlice:
			if ty.Kind != KindSlice && o.format != int64(ty.Encoding) {
				t.Errorf("%s: type %#x encoding %d, objdump %d", member, id, ty.Encoding, o.format)
			}
			if o.bits >= 0 && o.bits != int64(ty.Bits) {
				t.Errorf("%s: type %#x bits %d, objdump %d", member, id, ty.Bits, o.bits)
			}
		}
		if fmt.Sprint(o.members) != fmt.Sprint(ty.Members) && len(o.members)+len(ty.Members) > 0 {
			t.Errorf("%s: type %#x members\n ours    %v\n objdump %v", member, id, ty.Members, o.members)
		}
		if fmt.Sprint(o.enums) != fmt.Sprint(ty.Enumerators) && len(o.enums)+len(ty.Enumerators) > 0 {
			t.Errorf("%s: type %#x enumerators %v, objdump %v", member, id, ty.Enumerators, o.enums)
		}
	}
	for sec, list := range map[string][]Symbol{"Variables": d.Vars, "Data objects": d.Objects, "Function objects": d.Funcs} {
		if len(dd.syms[sec]) != len(list) {
			t.Errorf("%s: %s: objdump shows %d, we read %d", member, sec, len(dd.syms[sec]), len(list))
		}
		for _, s := range list {
			if got, ok := dd.syms[sec][s.Name]; !ok || got != s.Type {
				t.Errorf("%s: %s %q type %#x, objdump %#x", member, sec, s.Name, s.Type, got)
			}
		}
	}
}

// compile builds C sources from testdata into out with gcc -gctf; extra
// arguments go to the link (or -c for an object).
func compile(t *testing.T, out string, args ...string) {
	t.Helper()
	run(t, "gcc", append([]string{"-gctf", "-O0", "-o", out}, args...)...)
}

func openArchive(t *testing.T, path string) *Archive {
	t.Helper()
	a, err := OpenArchive(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// readKinds compiles testdata/kinds.c into the file name with args, and
// checks the CTF read from it against objdump's dump of it and against
// what kinds.c declares; it returns the dictionary.
func readKinds(t *testing.T, name string, args ...string) *Dict {
	t.Helper()
	needToolchainCTF(t)
	out := filepath.Join(t.TempDir(), name)
	compile(t, out, args...)
	a := openArchive(t, out)
	d, err := a.Dict(DefaultMember)
	if err != nil {
		t.Fatal(err)
	}
	compareDump(t, out, d, parseObjdump(t, run(t, "objdump", "--ctf", out))[DefaultMember])
	checkKinds(t, d)
	return d
}

func TestReadGCCObject(t *testing.T) {
	d := readKinds(t, "kinds.o", "-c", "testdata/kinds.c")
	if !strings.HasSuffix(d.CUName, "kinds.c") {
		t.Errorf("CU name %q", d.CUName)
	}
}

func TestReadLinkedExecutable(t *testing.T) {
	readKinds(t, "kinds", "testdata/kinds.c", "-Wl,--ctf-variables")
}

func TestReadSharedLibrary(t *testing.T) {
	readKinds(t, "libkinds.so", "-shared", "-fPIC", "testdata/kinds.c")
}

// checkKinds asserts what kinds.c declares, independent of objdump.
func checkKinds(t *testing.T, d *Dict) {
	t.Helper()
	mustType := func(name string) *Type {
		id, err := d.LookupType(name)
		if err != nil {
			t.Fatal(err)
		}
		ty, _, err := d.Type(id)
		if err != nil {
			t.Fatal(err)
		}
		return ty
	}
	node := mustType("struct node")
	if node.Kind != KindStruct || node.Size != 208 {
		t.Fatalf("struct node: %v size %d", node.Kind, node.Size)
	}
	want := map[string]uint64{"key": 0, "flag": 32, "mode": 33, "next": 64, "weights": 320, "tail": 1544}
	for _, m := range node.Members {
		if off, ok := want[m.Name]; ok && off != m.Offset {
			t.Errorf("node.%s at bit %d, want %d", m.Name, m.Offset, off)
		}
		if m.Name == "mode" {
			mt, _, _ := d.Type(m.Type)
			if mt.Kind != KindSlice || mt.Bits != 3 || mt.BitOffset != 0 {
				t.Errorf("node.mode: %v with %d bits", mt.Kind, mt.Bits)
			}
		}
	}
	if e := mustType("enum color"); fmt.Sprint(e.Enumerators) != "[{RED 0} {GREEN 5} {BLUE -3}]" {
		t.Errorf("enum color: %v", e.Enumerators)
	}
	if big := mustType("struct big"); big.Size != 1<<20+4 || big.Members[1].Offset != 8<<20 {
		t.Errorf("struct big: size %d, after at %d", big.Size, big.Members[1].Offset)
	}
	if f := mustType("struct opaque"); f.Kind != KindForward || f.FwdKind != KindStruct {
		t.Errorf("struct opaque: %v of %v", f.Kind, f.FwdKind)
	}
	if td := mustType("ulong_t"); td.Kind != KindTypedef {
		t.Errorf("ulong_t: %v", td.Kind)
	}
}

func TestReadLinkedConflicts(t *testing.T) {
	needToolchainCTF(t)
	exe := filepath.Join(t.TempDir(), "conf")
	compile(t, exe, "testdata/conf_a.c", "testdata/conf_b.c", "-Wl,--ctf-variables")
	a := openArchive(t, exe)
	names := a.Names()
	if len(names) != 3 || names[0] != DefaultMember {
		t.Fatalf("members %q", names)
	}
	dump := parseObjdump(t, run(t, "objdump", "--ctf", exe))
	for _, n := range names {
		d, err := a.Dict(n)
		if err != nil {
			t.Fatal(err)
		}
		compareDump(t, n, d, dump[n])
	}
	_, id, err := a.LookupType("struct shared")
	if err != nil || id >= ChildBase {
		t.Fatalf("struct shared: %#x %v", id, err)
	}
	sizes := map[string]uint64{"conf_a.c": 4, "conf_b.c": 16}
	for _, n := range names[1:] {
		d, id, err := a.LookupType(n + "`struct conf")
		if err != nil {
			t.Fatal(err)
		}
		ty, _, _ := d.Type(id)
		if want := sizes[filepath.Base(n)]; ty.Size != want || d.ParentName != DefaultMember {
			t.Errorf("%s: struct conf size %d (want %d), parent %q", n, ty.Size, want, d.ParentName)
		}
	}
	if _, _, err := a.LookupVar("ca"); err != nil {
		t.Error(err)
	}
}

// TestObjdumpReadsOurs writes what we read from gcc back out, as a lone
// dict and as an archive (compressed and not), wraps each in an ELF
// section and has objdump dump it.
func TestObjdumpReadsOurs(t *testing.T) {
	needToolchainCTF(t)
	dir := t.TempDir()
	exe := filepath.Join(dir, "conf")
	compile(t, exe, "testdata/conf_a.c", "testdata/conf_b.c", "-Wl,--ctf-variables")
	kinds := filepath.Join(dir, "kinds.o")
	compile(t, kinds, "-c", "testdata/kinds.c")
	src := openArchive(t, exe)
	var members []ArchiveMember
	for _, n := range src.Names() {
		d, _ := src.Dict(n)
		members = append(members, ArchiveMember{n, d})
	}
	kd, err := openArchive(t, kinds).Dict(DefaultMember)
	if err != nil {
		t.Fatal(err)
	}
	host := filepath.Join(dir, "host.o")
	os.WriteFile(filepath.Join(dir, "host.c"), []byte("int host;\n"), 0o644)
	run(t, "gcc", "-c", "-o", host, filepath.Join(dir, "host.c"))

	for _, tc := range []struct {
		name  string
		write func(*bytes.Buffer) error
		want  map[string]*Dict
	}{
		{"dict", func(b *bytes.Buffer) error { raw, err := Marshal(kd, false); b.Write(raw); return err }, map[string]*Dict{DefaultMember: kd}},
		{"zdict", func(b *bytes.Buffer) error { raw, err := Marshal(kd, true); b.Write(raw); return err }, map[string]*Dict{DefaultMember: kd}},
		{"archive", func(b *bytes.Buffer) error { return WriteArchive(b, members, nil) }, nil},
		{"zarchive", func(b *bytes.Buffer) error { return WriteArchive(b, members, &ArchiveOptions{CompressAbove: 1}) }, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := tc.write(&buf); err != nil {
				t.Fatal(err)
			}
			raw := filepath.Join(dir, tc.name+".ctf")
			os.WriteFile(raw, buf.Bytes(), 0o644)
			elfFile := filepath.Join(dir, tc.name+".o")
			run(t, "objcopy", "--add-section", ".ctf="+raw, host, elfFile)
			dump := parseObjdump(t, run(t, "objdump", "--ctf", elfFile))
			want := tc.want
			if want == nil {
				want = map[string]*Dict{}
				for _, m := range members {
					want[m.Name] = m.Dict
				}
			}
			for n, d := range want {
				compareDump(t, n, d, dump[n])
			}
			// and we read back exactly what we wrote
			a := openArchive(t, raw)
			for n, d := range want {
				got, err := a.Dict(n)
				if err != nil {
					t.Fatal(err)
				}
				assertSameDict(t, d, got)
			}
		})
	}
}
