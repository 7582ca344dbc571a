package ctfsrc

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/godtrace/godtrace/ctf"
	"github.com/godtrace/godtrace/ctf/fromdwarf"
	"github.com/godtrace/godtrace/ctype"
)

// sameDeep compares two types field by field, members included, walking
// cycles once.
func sameDeep(t *testing.T, path string, a, b *ctype.Type, seen map[[2]*ctype.Type]bool) {
	t.Helper()
	if a == nil || b == nil {
		if a != b {
			t.Errorf("%s: %v vs %v", path, a, b)
		}
		return
	}
	if seen[[2]*ctype.Type{a, b}] {
		return
	}
	seen[[2]*ctype.Type{a, b}] = true
	ra := fmt.Sprint(a.Kind, a.Name, a.Size, a.Enc, a.Bits, a.BitOffset, a.Len, a.Variadic, a.FwdKind, a.Enumerators, len(a.Params), len(a.Members()))
	rb := fmt.Sprint(b.Kind, b.Name, b.Size, b.Enc, b.Bits, b.BitOffset, b.Len, b.Variadic, b.FwdKind, b.Enumerators, len(b.Params), len(b.Members()))
	if ra != rb {
		t.Errorf("%s:\n got  %s\n want %s", path, rb, ra)
		return
	}
	sameDeep(t, path+".elem", a.Elem, b.Elem, seen)
	for i := range a.Params {
		sameDeep(t, fmt.Sprintf("%s.param%d", path, i), a.Params[i], b.Params[i], seen)
	}
	for i, m := range a.Members() {
		n := b.Members()[i]
		if m.Name != n.Name || m.Offset != n.Offset || m.Bits != n.Bits {
			t.Errorf("%s.%s: got %s at %d bits %d, want at %d bits %d", path, m.Name, n.Name, n.Offset, n.Bits, m.Offset, m.Bits)
		}
		sameDeep(t, path+"."+m.Name, m.Type, n.Type, seen)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	i32 := ctype.NewInt("int", 4, ctype.Signed)
	u32 := ctype.NewInt("unsigned int", 4, 0)
	char := ctype.NewInt("char", 1, ctype.Signed|ctype.Char)
	boolT := ctype.NewInt("_Bool", 1, ctype.Bool)
	narrow := &ctype.Type{Kind: ctype.Int, Name: "unsigned int", Size: 4, Bits: 5, BitOffset: 0}
	dbl := &ctype.Type{Kind: ctype.Float, Name: "double", Size: 8}
	cplx := &ctype.Type{Kind: ctype.Float, Name: "complex double", Size: 16}
	void := &ctype.Type{Kind: ctype.Void, Name: "void"}
	node := &ctype.Type{Kind: ctype.Struct, Name: "node", Size: 40}
	nodep := ctype.NewTypedef("nodep", ctype.NewPointer(node))
	color := &ctype.Type{Kind: ctype.Enum, Name: "color", Size: 4, Enc: ctype.Signed,
		Enumerators: []ctype.Enumerator{{Name: "RED", Value: -1}, {Name: "BLUE", Value: 1<<31 - 1}}}
	fn := &ctype.Type{Kind: ctype.Func, Elem: i32, Params: []*ctype.Type{ctype.NewPointer(ctype.NewQualified(ctype.Const, char))}, Variadic: true}
	u := &ctype.Type{Kind: ctype.Union, Name: "", Size: 8}
	u.SetMembers([]ctype.Member{{Name: "d", Type: dbl}, {Name: "p", Type: ctype.NewPointer(void)}})
	fwd := &ctype.Type{Kind: ctype.Forward, Name: "opaque", FwdKind: ctype.Union}
	node.SetMembers([]ctype.Member{
		{Name: "next", Type: nodep, Offset: 0},
		{Name: "flags", Type: u32, Offset: 64, Bits: 3},
		{Name: "mode", Type: narrow, Offset: 67, Bits: 5},
		{Name: "ok", Type: boolT, Offset: 72},
		{Name: "c", Type: color, Offset: 96},
		{Name: "cb", Type: ctype.NewPointer(fn), Offset: 128},
		{Name: "", Type: u, Offset: 192},
		{Name: "names", Type: ctype.NewArray(ctype.NewQualified(ctype.Volatile, char), 0), Offset: 256},
		{Name: "o", Type: ctype.NewPointer(ctype.NewQualified(ctype.Restrict, fwd)), Offset: 256},
		{Name: "z", Type: ctype.NewArray(cplx, 0), Offset: 320},
	})
	str := ctype.NewString(256)
	named := map[string]*ctype.Type{"struct node": node, "nodep": nodep, "enum color": color,
		"union opaque": fwd, "int": i32, "string": str, "_Bool": boolT}

	e := NewEncoder(&ctf.Dict{CUName: "test"})
	for _, n := range []string{"struct node", "nodep", "enum color", "union opaque", "int", "string", "_Bool"} {
		if _, err := e.Add(named[n]); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.AddVar("root", node); err != nil {
		t.Fatal(err)
	}
	if err := e.AddVar("handler", fn); err != nil {
		t.Fatal(err)
	}
	raw, err := ctf.Marshal(e.Dict(), false)
	if err != nil {
		t.Fatal(err)
	}
	d, err := ctf.Parse(raw, nil)
	if err != nil {
		t.Fatal(err)
	}
	src := New("test", d)
	for n, want := range named {
		got, err := src.LookupType(n)
		if err != nil {
			t.Fatal(err)
		}
		sameDeep(t, n, want, got, map[[2]*ctype.Type]bool{})
		if !ctype.Same(want, got) {
			t.Errorf("%s: not ctype.Same", n)
		}
	}
	for v, want := range map[string]*ctype.Type{"root": node, "handler": fn} {
		got, err := src.LookupVar(v)
		if err != nil {
			t.Fatal(err)
		}
		sameDeep(t, v, want, got, map[[2]*ctype.Type]bool{})
	}
	if _, err := src.LookupType("struct nosuch"); !errors.Is(err, ctype.ErrNotFound) {
		t.Errorf("struct nosuch: %v", err)
	}
	// the self-reference came back as a cycle, not a copy
	got, _ := src.LookupType("struct node")
	next, _ := got.Member("next")
	if ctype.Resolve(next.Type).Elem != got {
		t.Error("node.next does not point back to struct node")
	}
}

func TestEncodeLimits(t *testing.T) {
	big := &ctype.Type{Kind: ctype.Enum, Name: "big", Size: 8, Enumerators: []ctype.Enumerator{{Name: "X", Value: 1 << 40}}}
	if _, err := NewEncoder(&ctf.Dict{}).Add(big); err == nil {
		t.Error("a 64-bit enumerator encoded without error")
	}
	if _, err := NewEncoder(&ctf.Dict{}).Add(&ctype.Type{Kind: ctype.Invalid}); err == nil {
		t.Error("an invalid type encoded without error")
	}
}

func needTool(t *testing.T, name string, args ...string) {
	t.Helper()
	if out, err := exec.Command(name, args...).CombinedOutput(); err != nil {
		t.Skipf("%s cannot do what this test needs: %v: %s", name, err, out)
	}
}

// TestGCCTypes reads what gcc -gctf wrote through the type model.
func TestGCCTypes(t *testing.T) {
	needTool(t, "gcc", "-gctf", "-c", "-x", "c", "-o", filepath.Join(t.TempDir(), "p.o"), "/dev/null")
	obj := filepath.Join(t.TempDir(), "kinds.o")
	if out, err := exec.Command("gcc", "-gctf", "-c", "-o", obj, "../testdata/kinds.c").CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	a, err := ctf.OpenArchive(obj)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	d, err := a.Dict(ctf.DefaultMember)
	if err != nil {
		t.Fatal(err)
	}
	src := New("kinds", d)
	node, err := src.LookupType("struct node")
	if err != nil {
		t.Fatal(err)
	}
	if node.Sizeof() != 208 || node.String() != "struct node" {
		t.Errorf("struct node: %q size %d", node, node.Sizeof())
	}
	for name, want := range map[string]string{"key": "int@0/0", "flag": "unsigned int@32/1", "mode": "unsigned int@33/3",
		"next": "nodep@64/0", "name": "const char *@128/0", "c": "enum color@1152/0", "b": "_Bool@1536/0"} {
		m, ok := node.Member(name)
		if !ok {
			t.Errorf("no member %s", name)
			continue
		}
		if got := fmt.Sprintf("%s@%d/%d", m.Type, m.Offset, m.Bits); got != want {
			t.Errorf("member %s: %s, want %s", name, got, want)
		}
	}
	if v, err := src.LookupVar("root"); err != nil || v != node {
		t.Errorf("variable root: %v %v", v, err)
	}
	if c, err := src.LookupType("enum color"); err != nil || c.Enc != ctype.Signed || len(c.Enumerators) != 3 {
		t.Errorf("enum color: %+v %v", c, err)
	}
}

// TestArchiveModules resolves a module's types through its parent: the
// parent only declares struct conf, each module defines its own.
func TestArchiveModules(t *testing.T) {
	needTool(t, "gcc", "--version")
	dir := t.TempDir()
	var in []fromdwarf.Input
	for _, m := range []string{"mod_a", "mod_b"} {
		o := filepath.Join(dir, m+".ko")
		if out, err := exec.Command("gcc", "-g", "-c", "-o", o, "../fromdwarf/testdata/"+m+".c").CombinedOutput(); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		in = append(in, fromdwarf.Input{Path: o})
	}
	members, err := fromdwarf.Convert(in, nil)
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
	u := ctype.NewUniverse(Loader(a))
	for mod, size := range map[string]int64{"mod_a": 4, "mod_b": 24} {
		s, err := u.Module(mod)
		if err != nil {
			t.Fatal(err)
		}
		dev, err := s.LookupType("struct device")
		if err != nil {
			t.Fatal(err)
		}
		cfg, ok := dev.Member("cfg")
		if !ok {
			t.Fatal("no device.cfg")
		}
		conf := cfg.Type.Elem
		if conf.Kind != ctype.Struct || conf.Sizeof() != size {
			t.Errorf("%s: device.cfg points to %v %q of size %d, want struct conf of %d", mod, conf.Kind, conf, conf.Sizeof(), size)
		}
	}
	if _, err := u.Module("nosuch"); !errors.Is(err, ctype.ErrNotFound) {
		t.Errorf("module nosuch: %v", err)
	}
}
