package fromdwarf

import (
	"math/bits"

	"github.com/godtrace/godtrace/ctf"
)

// builder turns a list of canonical types into one dict.
type builder struct {
	m      *merge
	parent *builder
	d      *ctf.Dict
	ids    map[uint64]ctf.TypeID
	names  map[nameKey]ctf.TypeID // the root definition of each name
	fwds   map[nameKey]ctf.TypeID
	arrays map[[3]ctf.TypeID]ctf.TypeID
	slices map[[2]ctf.TypeID]ctf.TypeID
	// forwardOnly names are defined differently in different inputs: the
	// parent's pointers to them point to a forward, which each child
	// resolves to its own definition (or the parent's, if it has none).
	forwardOnly map[nameKey]bool
}

func newBuilder(m *merge, parent *builder, d *ctf.Dict, list []*entry, forwardOnly map[nameKey]bool) *builder {
	b := &builder{m: m, parent: parent, d: d, forwardOnly: forwardOnly, ids: map[uint64]ctf.TypeID{},
		names: map[nameKey]ctf.TypeID{}, fwds: map[nameKey]ctf.TypeID{},
		arrays: map[[3]ctf.TypeID]ctf.TypeID{}, slices: map[[2]ctf.TypeID]ctf.TypeID{}}
	d.Types = make([]ctf.Type, len(list), len(list)+len(list)/8)
	roots := map[[2]string]bool{}
	for i, e := range list {
		id := d.ID(i)
		b.ids[e.h] = id
		t := &d.Types[i]
		t.Kind, t.Name, t.Root = e.c.kind, e.c.name, true
		if e.c.name != "" {
			// a second definition of a name in one dict is reachable
			// only by ID
			key := [2]string{e.c.kind.String(), e.c.name}
			t.Root = !roots[key]
			roots[key] = true
			if k, ok := e.c.nameKey(); ok && t.Root {
				b.names[k] = id
			}
		}
	}
	for i, e := range list {
		b.fill(&d.Types[i], e.c)
	}
	return b
}

func (b *builder) add(t ctf.Type) ctf.TypeID {
	b.d.Types = append(b.d.Types, t)
	return b.d.ID(len(b.d.Types) - 1)
}

// resolve gives the ID an edge stands for in this dict: its own types
// first, then the parent's; a name nobody defines becomes a forward.
func (b *builder) resolve(e edge) ctf.TypeID {
	if !e.byName {
		for x := b; x != nil; x = x.parent {
			if id, ok := x.ids[e.h]; ok {
				return id
			}
		}
		return 0
	}
	k := b.m.names[e.h]
	for x := b; x != nil && !b.forwardOnly[k]; x = x.parent {
		if id, ok := x.names[k]; ok {
			return id
		}
	}
	for x := b; x != nil; x = x.parent {
		if id, ok := x.fwds[k]; ok {
			return id
		}
	}
	if k.kind == ctf.KindTypedef {
		return 0
	}
	id := b.add(ctf.Type{Kind: ctf.KindForward, Name: k.name, Root: true, FwdKind: k.kind})
	b.fwds[k] = id
	return id
}

func (b *builder) fill(t *ctf.Type, c *canon) {
	switch c.kind {
	case ctf.KindInteger, ctf.KindFloat:
		t.Size, t.Encoding, t.Bits = c.size, c.enc, c.bits
	case ctf.KindPointer, ctf.KindConst, ctf.KindVolatile, ctf.KindRestrict, ctf.KindTypedef:
		t.Ref = b.resolve(c.ref)
	case ctf.KindStruct, ctf.KindUnion:
		t.Size = c.size
		t.Members = make([]ctf.Member, len(c.members))
		for i, m := range c.members {
			id := b.resolve(m.ref)
			if m.bitSize > 0 {
				id = b.slice(id, m.bitSize)
			}
			t.Members[i] = ctf.Member{Name: m.name, Type: id, Offset: m.off}
		}
	case ctf.KindEnum:
		t.Size, t.Enumerators = c.size, c.enums
	case ctf.KindArray:
		elem, index := b.resolve(c.ref), b.resolve(c.index)
		for k := len(c.dims) - 1; k >= 1; k-- {
			elem = b.array(elem, c.dims[k], index)
		}
		t.Ref, t.Index, t.NElems = elem, index, c.dims[0]
	case ctf.KindFunction:
		t.Ref, t.Variadic = b.resolve(c.ref), c.variadic
		t.Params = make([]ctf.TypeID, len(c.params))
		for i, p := range c.params {
			t.Params[i] = b.resolve(p)
		}
	}
}

// array is the inner dimension of a multi-dimensional array.
func (b *builder) array(elem ctf.TypeID, n uint32, index ctf.TypeID) ctf.TypeID {
	key := [3]ctf.TypeID{elem, ctf.TypeID(n), index}
	if id, ok := b.arrays[key]; ok {
		return id
	}
	id := b.add(ctf.Type{Kind: ctf.KindArray, Root: true, Ref: elem, Index: index, NElems: n})
	b.arrays[key] = id
	return id
}

// slice is the type of a bitfield: bits bits of base, sized as libctf
// sizes slices (the bytes they span, rounded up to a power of two).
func (b *builder) slice(base ctf.TypeID, nbits uint16) ctf.TypeID {
	key := [2]ctf.TypeID{base, ctf.TypeID(nbits)}
	if id, ok := b.slices[key]; ok {
		return id
	}
	bytes := (uint64(nbits) + 7) / 8
	size := uint64(1) << bits.Len64(bytes-1)
	id := b.add(ctf.Type{Kind: ctf.KindSlice, Root: true, Ref: base, Bits: nbits, Size: size})
	b.slices[key] = id
	return id
}
