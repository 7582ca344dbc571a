package ctf

import (
	"bytes"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// assertSameDict compares the encoded content of two dicts; variables
// and named symbols compare in sorted order, as they are written.
func assertSameDict(t *testing.T, want, got *Dict) {
	t.Helper()
	if want.ParentName != got.ParentName || want.ParentLabel != got.ParentLabel || want.CUName != got.CUName {
		t.Errorf("names: got %q/%q/%q, want %q/%q/%q", got.ParentName, got.ParentLabel, got.CUName,
			want.ParentName, want.ParentLabel, want.CUName)
	}
	norm := func(s []Symbol) []Symbol {
		s = slices.Clone(s)
		slices.SortStableFunc(s, func(a, b Symbol) int { return strings.Compare(a.Name, b.Name) })
		if len(s) == 0 {
			return nil
		}
		return s
	}
	for _, p := range [][2][]Symbol{{want.Vars, got.Vars}, {want.Objects, got.Objects}, {want.Funcs, got.Funcs}} {
		if !reflect.DeepEqual(norm(p[0]), norm(p[1])) {
			t.Errorf("symbols: got %v, want %v", p[1], p[0])
		}
	}
	if len(want.Labels)+len(got.Labels) > 0 && !reflect.DeepEqual(want.Labels, got.Labels) {
		t.Errorf("labels: got %v, want %v", got.Labels, want.Labels)
	}
	if len(want.Types) != len(got.Types) {
		t.Fatalf("%d types, want %d", len(got.Types), len(want.Types))
	}
	for i := range want.Types {
		w, g := want.Types[i], got.Types[i]
		if !reflect.DeepEqual(normType(w), normType(g)) {
			t.Errorf("type %#x:\n got  %+v\n want %+v", want.ID(i), g, w)
		}
	}
}

// normType makes empty and nil slices equal.
func normType(t Type) Type {
	if len(t.Params) == 0 {
		t.Params = nil
	}
	if len(t.Members) == 0 {
		t.Members = nil
	}
	if len(t.Enumerators) == 0 {
		t.Enumerators = nil
	}
	return t
}

// sample is a dict using every kind and every size-dependent encoding.
func sample() *Dict {
	return &Dict{
		CUName: "sample.c",
		Labels: []Label{{"L1", 3}},
		Types: []Type{
			{Kind: KindInteger, Name: "int", Root: true, Size: 4, Encoding: IntSigned, Bits: 32},
			{Kind: KindFloat, Name: "double", Root: true, Size: 8, Encoding: FloatDouble, Bits: 64},
			{Kind: KindPointer, Root: true, Ref: 1},
			{Kind: KindArray, Root: true, Ref: 1, Index: 1, NElems: 10},
			{Kind: KindFunction, Root: true, Ref: 1, Params: []TypeID{1, 3}, Variadic: true},
			{Kind: KindFunction, Root: true, Ref: 1, Params: []TypeID{2}},
			{Kind: KindStruct, Name: "s", Root: true, Size: 16, Members: []Member{{"a", 1, 0}, {"b", 2, 64}}},
			{Kind: KindUnion, Name: "u", Root: true, Size: 8, Members: []Member{{"i", 1, 0}, {"d", 2, 0}}},
			{Kind: KindEnum, Name: "e", Root: true, Size: 4, Enumerators: []Enumerator{{"A", -1}, {"B", 1 << 30}}},
			{Kind: KindForward, Name: "fwd", Root: true, FwdKind: KindUnion},
			{Kind: KindTypedef, Name: "t", Root: true, Ref: 7},
			{Kind: KindVolatile, Ref: 1},
			{Kind: KindConst, Ref: 12},
			{Kind: KindRestrict, Ref: 3},
			{Kind: KindSlice, Size: 1, Ref: 1, BitOffset: 3, Bits: 5},
			{Kind: KindStruct, Name: "huge", Root: true, Size: 1 << 40, Members: []Member{{"x", 1, 1 << 42}}},
			{Kind: KindStruct, Name: "s", Size: 4, Members: []Member{{"other", 1, 0}}},
			{Kind: KindUnknown, Name: "mystery", Size: 0},
		},
		Vars:    []Symbol{{"zvar", 1}, {"avar", 7}},
		Objects: []Symbol{{"obj", 2}},
		Funcs:   []Symbol{{"fn", 5}, {"afn", 6}},
	}
}

func TestRoundTrip(t *testing.T) {
	child := &Dict{ParentName: "parent", ParentLabel: "L1", CUName: "child.c", Types: []Type{
		{Kind: KindPointer, Root: true, Ref: ChildBase + 2},
		{Kind: KindStruct, Name: "s", Root: true, Size: 8, Members: []Member{{"p", ChildBase + 1, 0}}},
	}, Vars: []Symbol{{"cv", ChildBase + 2}}}
	for _, d := range []*Dict{sample(), child, {}} {
		for _, z := range []bool{false, true} {
			raw, err := Marshal(d, z)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Read(bytes.NewReader(raw))
			if err != nil {
				t.Fatal(err)
			}
			assertSameDict(t, d, got)
			again, _ := Marshal(got, z)
			if !bytes.Equal(raw, again) {
				t.Errorf("second encoding differs from the first")
			}
		}
	}
}

func TestArchiveRoundTrip(t *testing.T) {
	parent := sample()
	child := &Dict{ParentName: "parent", CUName: "mod", Types: []Type{
		{Kind: KindStruct, Name: "s", Root: true, Size: 4, Members: []Member{{"x", 1, 0}}},
		{Kind: KindPointer, Root: true, Ref: 3},
	}, Vars: []Symbol{{"modvar", ChildBase + 1}}}
	var buf bytes.Buffer
	err := WriteArchive(&buf, []ArchiveMember{{"mod", child}, {"parent", parent}}, &ArchiveOptions{CompressAbove: 64})
	if err != nil {
		t.Fatal(err)
	}
	a, err := NewArchive(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Names(); !slices.Equal(got, []string{"mod", "parent"}) {
		t.Fatalf("names %q", got)
	}
	c, err := a.Dict("mod")
	if err != nil {
		t.Fatal(err)
	}
	assertSameDict(t, child, c)
	if c.Parent() == nil {
		t.Fatal("parent not attached")
	}
	// a child resolves parent IDs through the parent
	ty, owner, err := c.Type(1)
	if err != nil || ty.Name != "int" || owner != c.Parent() {
		t.Fatalf("type 1 from child: %+v %v", ty, err)
	}
	d, id, err := a.LookupType("struct s")
	if err != nil || d.CUName != "sample.c" || id != 7 {
		t.Errorf("struct s: %v %#x %v", d, id, err)
	}
	d, id, err = a.LookupType("mod`struct s")
	if err != nil || d != c || id != ChildBase+1 {
		t.Errorf("mod`struct s: %#x %v", id, err)
	}
	if _, id, err = a.LookupType("t"); err != nil || id != 11 {
		t.Errorf("typedef t: %#x %v", id, err)
	}
	if _, id, err = a.LookupVar("modvar"); err != nil || id != ChildBase+1 {
		t.Errorf("modvar: %#x %v", id, err)
	}
	if _, _, err = a.LookupType("struct nosuch"); !errors.Is(err, ErrNotFound) {
		t.Errorf("struct nosuch: %v", err)
	}
	if _, err = c.LookupType("union fwd"); err != nil {
		t.Errorf("union fwd through parent: %v", err)
	}
}

func TestCorrupt(t *testing.T) {
	raw, err := Marshal(sample(), false)
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(raw) {
		if _, err := Parse(raw[:n], nil); !errors.Is(err, ErrFormat) {
			t.Fatalf("truncated to %d bytes: %v", n, err)
		}
	}
	bad := bytes.Clone(raw)
	bad[2] = 3
	if _, err := Parse(bad, nil); err == nil || !strings.Contains(err.Error(), "version") {
		t.Errorf("old version: %v", err)
	}
}
