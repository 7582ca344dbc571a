package fromdwarf

import (
	"slices"
	"strings"

	"github.com/godtrace/godtrace/ctf"
)

// edge is a reference from one canonical type to another: by hash of the
// target's canonical form, or, for byName, by the hash of its tag and name
// (a struct, union, enum or typedef found by name where it is emitted).
type edge struct {
	h      uint64
	byName bool
}

// canon is the canonical form of a type: everything CTF records about
// it, with references as edges, so equal forms have equal hashes.
type canon struct {
	kind     ctf.Kind
	name     string
	size     uint64
	enc      uint8
	bits     uint16
	ref      edge // pointer, qualifier and typedef target, return, element
	index    edge // array index type
	dims     []uint32
	members  []cmember
	params   []edge
	variadic bool
	enums    []ctf.Enumerator
}

type cmember struct {
	name    string
	off     uint64 // bits
	bitSize uint16 // 0 unless a bitfield
	ref     edge
}

// hasher is FNV-1a over 64-bit words and strings: cheap, deterministic
// and good enough that the collision odds over a kernel's types are
// negligible.
type hasher uint64

const fnvOffset, fnvPrime = 14695981039346656037, 1099511628211

func newHasher() hasher { return fnvOffset }

func (h *hasher) u64(v uint64) {
	x := uint64(*h)
	for range 8 {
		x = (x ^ (v & 0xff)) * fnvPrime
		v >>= 8
	}
	*h = hasher(x)
}

func (h *hasher) str(s string) {
	x := uint64(*h)
	for i := 0; i < len(s); i++ {
		x = (x ^ uint64(s[i])) * fnvPrime
	}
	*h = hasher(x ^ 0xff)
	h.u64(uint64(len(s)))
}

func (h *hasher) edge(e edge) {
	h.u64(e.h)
	if e.byName {
		h.u64(1)
	} else {
		h.u64(0)
	}
}

// clone copies c with slices and names of its own: scratch forms point
// into the input's sections.
func (c *canon) clone() *canon {
	n := *c
	n.name = strings.Clone(c.name)
	n.dims = slices.Clone(c.dims)
	n.members = slices.Clone(c.members)
	for i := range n.members {
		n.members[i].name = strings.Clone(n.members[i].name)
	}
	n.params = slices.Clone(c.params)
	n.enums = slices.Clone(c.enums)
	for i := range n.enums {
		n.enums[i].Name = strings.Clone(n.enums[i].Name)
	}
	return &n
}

func (c *canon) hash() uint64 {
	h := newHasher()
	h.u64(uint64(c.kind))
	h.str(c.name)
	h.u64(c.size)
	h.u64(uint64(c.enc)<<16 | uint64(c.bits))
	h.edge(c.ref)
	h.edge(c.index)
	h.u64(uint64(len(c.dims)))
	for _, d := range c.dims {
		h.u64(uint64(d))
	}
	h.u64(uint64(len(c.members)))
	for _, m := range c.members {
		h.str(m.name)
		h.u64(m.off)
		h.u64(uint64(m.bitSize))
		h.edge(m.ref)
	}
	h.u64(uint64(len(c.params)))
	for _, p := range c.params {
		h.edge(p)
	}
	if c.variadic {
		h.u64(1)
	}
	h.u64(uint64(len(c.enums)))
	for _, e := range c.enums {
		h.str(e.Name)
		h.u64(uint64(e.Value))
	}
	return uint64(h)
}

// nameKey is the identity of a name-referenced type: its namespace
// (struct, union, enum or typedef) and name.
type nameKey struct {
	kind ctf.Kind // KindStruct, KindUnion, KindEnum or KindTypedef
	name string
}

func (k nameKey) hash() uint64 {
	h := newHasher()
	h.u64(0x6e616d65 + uint64(k.kind))
	h.str(k.name)
	return uint64(h)
}

// voidCanon is the one void type, an integer of size 0 as gcc -gctf
// writes it.
var voidCanon = &canon{kind: ctf.KindInteger, name: "void", enc: ctf.IntSigned}
var voidEdge = edge{h: voidCanon.hash()}

// nameKey is the name c is found by when pointed to, if it has one.
func (c *canon) nameKey() (nameKey, bool) {
	switch c.kind {
	case ctf.KindStruct, ctf.KindUnion, ctf.KindEnum, ctf.KindTypedef:
		if c.name != "" {
			return nameKey{c.kind, c.name}, true
		}
	}
	return nameKey{}, false
}
