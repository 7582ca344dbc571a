package ctf

import (
	"bytes"
	"testing"
)

func FuzzParse(f *testing.F) {
	for _, z := range []bool{false, true} {
		raw, err := Marshal(sample(), z)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, err := Parse(b, b)
		if err != nil {
			return
		}
		for i := range d.Types {
			d.Type(d.ID(i))
		}
		d.LookupType("struct s")
		raw, err := Marshal(d, false)
		if err != nil {
			return
		}
		// what we accept and can encode again must decode to the same
		again, err := Parse(raw, nil)
		if err != nil {
			t.Fatalf("re-reading our own encoding: %v", err)
		}
		if raw2, _ := Marshal(again, false); !bytes.Equal(raw, raw2) {
			t.Fatalf("encoding is not stable")
		}
	})
}

func FuzzArchive(f *testing.F) {
	parent := sample()
	child := &Dict{ParentName: "p", Types: []Type{{Kind: KindPointer, Root: true, Ref: 1}}}
	var buf bytes.Buffer
	if err := WriteArchive(&buf, []ArchiveMember{{"p", parent}, {"c", child}}, &ArchiveOptions{CompressAbove: 100}); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := NewArchive(b)
		if err != nil {
			return
		}
		for _, n := range a.Names() {
			a.Dict(n)
		}
		a.LookupType("struct s")
		a.LookupVar("v")
	})
}
