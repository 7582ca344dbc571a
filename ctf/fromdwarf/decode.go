package fromdwarf

import (
	"debug/dwarf"
	"strings"

	"github.com/godtrace/godtrace/ctf"
)

// node is one type entry of a compilation unit, as read from DWARF.
type node struct {
	off      dwarf.Offset
	tag      dwarf.Tag
	name     string
	size     int64 // -1 when DWARF gives none
	bitSize  int64
	enc      int64 // DW_ATE_*
	ref      dwarf.Offset
	hasRef   bool
	decl     bool
	members  []dmember
	params   []dwarf.Offset
	variadic bool
	enums    []ctf.Enumerator
	dims     []uint32
	index    dwarf.Offset
	hasIndex bool

	state [2]uint8 // per context: 0 not seen, 1 in progress, 2 done
	memo  [2]edge
}

type dmember struct {
	name                        string
	ref                         dwarf.Offset
	byteOff, dataBitOff, oldBit int64 // -1 when absent
	bitSize, byteSize           int64
}

// variable is a global variable found in an input: defined there, or
// (decl) only declared, as are the kernel's variables that the linker
// script defines (jiffies).
type variable struct {
	name string
	ref  edge
	pos  uint64
	decl bool
}

// cuDecoder turns the entries of one compilation unit into canonical
// types, handing each to the merge.
type cuDecoder struct {
	m     *merge
	input int32
	nodes []node
	// idx maps an entry's offset from the unit's start to its node plus
	// one: a unit's entries are dense, so an array beats a map, and only
	// the slots of the unit's nodes need clearing for the next unit.
	idx   []int32
	start dwarf.Offset
	decls map[dwarf.Offset]vdecl // variable declarations a definition may complete
	stack []int32                // per open entry: its node, or -1
	out   *chunkOut
	// pendingVars wait for the unit's end: their types may come later.
	pendingVars []pendingVar
	// scratch holds one canonical form per recursion depth: most forms
	// are already known, so they are built here and copied only when new.
	scratch []canon
}

type vdecl struct {
	name   string
	ref    dwarf.Offset
	hasRef bool
}

// chunkOut collects what one chunk of units found, merged into its input
// once the chunk is done.
type chunkOut struct {
	used  map[uint64]struct{}
	names map[uint64]nameKey
	vars  []variable
}

const (
	ctxValue = 0
	ctxPtr   = 1
	maxDepth = 256
)

// attrs are the attributes the decoder reads, gathered in one pass over
// an entry's fields.
type attrs struct {
	name                             string
	ref, spec                        dwarf.Offset
	hasRef, hasSpec, decl, location  bool
	external                         bool
	size, bitSize, enc               int64
	memberLoc, dataBitOff, oldBitOff int64
	upper, count                     int64
	hasUpper, hasCount               bool
	constVal                         int64
}

// readAttrs decodes the current entry's attributes, keeping the values
// of the classes the converter uses, as debug/dwarf would present them:
// an attribute of an unexpected form reads as absent.
func readAttrs(r *dieReader) attrs {
	a := attrs{size: -1, memberLoc: -1, dataBitOff: -1, oldBitOff: -1}
	r.consumed = true
	for _, f := range r.ab.fields {
		switch f.attr {
		case dwarf.AttrName:
			a.name = r.readString(f.form)
		case dwarf.AttrType:
			a.ref, a.hasRef = r.readRef(f.form)
		case dwarf.AttrSpecification:
			a.spec, a.hasSpec = r.readRef(f.form)
		case dwarf.AttrDeclaration:
			a.decl = r.readFlag(f.form)
		case dwarf.AttrExternal:
			a.external = r.readFlag(f.form)
		case dwarf.AttrLocation:
			a.location = true
			r.skipForm(f.form)
		case dwarf.AttrByteSize:
			a.size = intVal(r.readInt(f.form, f.implicit), -1)
		case dwarf.AttrBitSize:
			a.bitSize = intVal(r.readInt(f.form, f.implicit), 0)
		case dwarf.AttrEncoding:
			a.enc = intVal(r.readInt(f.form, f.implicit), 0)
		case dwarf.AttrDataMemberLoc:
			a.memberLoc = r.memberLocation(f.form, f.implicit)
		case dwarf.AttrDataBitOffset:
			a.dataBitOff = intVal(r.readInt(f.form, f.implicit), -1)
		case dwarf.AttrBitOffset:
			a.oldBitOff = intVal(r.readInt(f.form, f.implicit), -1)
		case dwarf.AttrUpperBound:
			v := r.readInt(f.form, f.implicit)
			a.upper, a.hasUpper = v.i, v.kind != valNone
		case dwarf.AttrCount:
			v := r.readInt(f.form, f.implicit)
			a.count, a.hasCount = v.i, v.kind == valInt
		case dwarf.AttrConstValue:
			a.constVal = intVal(r.readInt(f.form, f.implicit), 0)
		default:
			r.skipForm(f.form)
		}
	}
	return a
}

func intVal(v intValue, def int64) int64 {
	if v.kind == valNone {
		return def
	}
	return v.i
}

// memberLocation decodes DW_AT_data_member_location: a constant, or
// (DWARF 2) an expression DW_OP_plus_uconst n.
func (r *dieReader) memberLocation(form uint32, implicit int64) int64 {
	var x []byte
	switch form {
	case formBlock1, formBlock2, formBlock4, formBlock, formExprloc, formData16:
		x = r.readBlock(form)
	default:
		if v := r.readInt(form, implicit); v.kind == valInt {
			return v.i
		}
		return -1
	}
	if len(x) > 1 && x[0] == 0x23 { // DW_OP_plus_uconst
		var n uint64
		for i, shift := 1, 0; i < len(x) && shift < 64; i, shift = i+1, shift+7 {
			n |= uint64(x[i]&0x7f) << shift
			if x[i]&0x80 == 0 {
				return int64(n)
			}
		}
	}
	return -1
}

func (c *cuDecoder) top() *node {
	if len(c.stack) == 0 || c.stack[len(c.stack)-1] < 0 {
		return nil
	}
	return &c.nodes[c.stack[len(c.stack)-1]]
}

// entry takes the next entry of the unit, in DWARF's depth-first order.
func (c *cuDecoder) entry(r *dieReader) {
	tag := r.tag()
	if tag == 0 {
		if len(c.stack) > 0 {
			c.stack = c.stack[:len(c.stack)-1]
		}
		return
	}
	parent := c.top()
	depth := len(c.stack)
	self := int32(-1)
	switch tag {
	case dwarf.TagMember:
		if parent != nil && isAggregate(parent.tag) {
			a := readAttrs(r)
			parent.members = append(parent.members, dmember{name: a.name, ref: a.ref,
				byteOff: a.memberLoc, dataBitOff: a.dataBitOff, oldBit: a.oldBitOff,
				bitSize: a.bitSize, byteSize: a.size})
		}
	case dwarf.TagEnumerator:
		if parent != nil && parent.tag == dwarf.TagEnumerationType {
			a := readAttrs(r)
			parent.enums = append(parent.enums, ctf.Enumerator{Name: a.name, Value: int32(a.constVal)})
		}
	case dwarf.TagFormalParameter:
		if parent != nil && parent.tag == dwarf.TagSubroutineType {
			a := readAttrs(r)
			parent.params = append(parent.params, a.ref)
		}
	case dwarf.TagUnspecifiedParameters:
		if parent != nil && parent.tag == dwarf.TagSubroutineType {
			parent.variadic = true
		}
	case dwarf.TagSubrangeType:
		if parent != nil && parent.tag == dwarf.TagArrayType {
			a := readAttrs(r)
			n := uint32(0)
			switch {
			case a.hasCount && a.count >= 0 && a.count <= 0xffffffff:
				n = uint32(a.count)
			case a.hasUpper && a.upper >= 0 && a.upper < 0xffffffff:
				n = uint32(a.upper + 1)
			}
			parent.dims = append(parent.dims, n)
			if !parent.hasIndex && a.hasRef {
				parent.index, parent.hasIndex = a.ref, true
			}
		}
	case dwarf.TagVariable:
		if depth == 1 {
			c.variable(r)
		}
	case dwarf.TagBaseType, dwarf.TagPointerType, dwarf.TagReferenceType,
		dwarf.TagRvalueReferenceType, dwarf.TagPtrToMemberType, dwarf.TagConstType,
		dwarf.TagVolatileType, dwarf.TagRestrictType, dwarf.TagAtomicType,
		dwarf.TagTypedef, dwarf.TagStructType, dwarf.TagClassType, dwarf.TagUnionType,
		dwarf.TagEnumerationType, dwarf.TagArrayType, dwarf.TagSubroutineType,
		dwarf.TagUnspecifiedType:
		a := readAttrs(r)
		self = int32(len(c.nodes))
		var old node
		if len(c.nodes) < cap(c.nodes) {
			// reuse the slot's slices, which the previous unit is done with
			old = c.nodes[:len(c.nodes)+1][self]
		}
		c.nodes = append(c.nodes, node{off: r.off, tag: tag, name: a.name, size: a.size,
			bitSize: a.bitSize, enc: a.enc, ref: a.ref, hasRef: a.hasRef, decl: a.decl,
			members: old.members[:0], params: old.params[:0], enums: old.enums[:0], dims: old.dims[:0]})
		c.setIdx(r.off, self)
	}
	if r.children() {
		c.stack = append(c.stack, self)
	}
}

// reset readies the decoder for the unit whose entries start at first.
func (c *cuDecoder) reset(first dwarf.Offset) {
	for i := range c.nodes {
		c.idx[c.nodes[i].off-c.start] = 0
	}
	c.nodes, c.stack, c.pendingVars = c.nodes[:0], c.stack[:0], c.pendingVars[:0]
	clear(c.decls)
	c.start = first
}

func (c *cuDecoder) setIdx(off dwarf.Offset, i int32) {
	rel := int(off - c.start)
	if rel >= len(c.idx) {
		c.idx = append(c.idx, make([]int32, max(rel+1, 2*len(c.idx))-len(c.idx))...)
	}
	c.idx[rel] = i + 1
}

func (c *cuDecoder) lookup(off dwarf.Offset) (int32, bool) {
	if off < c.start || int(off-c.start) >= len(c.idx) {
		return 0, false
	}
	i := c.idx[off-c.start]
	return i - 1, i != 0
}

func isAggregate(t dwarf.Tag) bool {
	return t == dwarf.TagStructType || t == dwarf.TagUnionType || t == dwarf.TagClassType
}

func (c *cuDecoder) variable(r *dieReader) {
	a := readAttrs(r)
	if a.hasSpec {
		if d, ok := c.decls[a.spec]; ok {
			if a.name == "" {
				a.name = d.name
			}
			if !a.hasRef {
				a.ref, a.hasRef = d.ref, d.hasRef
			}
		}
	}
	if a.decl {
		c.decls[r.off] = vdecl{a.name, a.ref, a.hasRef}
		if a.external && a.name != "" {
			c.pendingVars = append(c.pendingVars, pendingVar{a.name, a.ref, a.hasRef, r.off, true})
		}
		return
	}
	if a.name == "" || !a.location {
		return
	}
	c.pendingVars = append(c.pendingVars, pendingVar{a.name, a.ref, a.hasRef, r.off, false})
}

type pendingVar struct {
	name   string
	ref    dwarf.Offset
	hasRef bool
	off    dwarf.Offset
	decl   bool
}

// finish hashes every type of the unit, hands the canonical forms to the
// merge and resolves the unit's variables.
func (c *cuDecoder) finish() {
	for i := range c.nodes {
		c.edgeTo(c.nodes[i].off, true, ctxValue, 0)
	}
	for _, v := range c.pendingVars {
		c.out.vars = append(c.out.vars, variable{strings.Clone(v.name), c.edgeTo(v.ref, v.hasRef, ctxValue, 0), c.pos(v.off), v.decl})
	}
}

func (c *cuDecoder) pos(off dwarf.Offset) uint64 { return uint64(c.input)<<40 | uint64(off) }

// cycleEdge stands for a reference that loops back without passing a
// named type, which only malformed DWARF can express.
var cycleEdge = edge{h: 0xc1c1e}

func (c *cuDecoder) void() edge {
	c.register(voidEdge.h, voidCanon, 0)
	return voidEdge
}

// register records that this chunk's input uses the type cn (scratch
// space) found at off.
func (c *cuDecoder) register(h uint64, cn *canon, off dwarf.Offset) {
	if _, ok := c.out.used[h]; ok {
		// already merged from this chunk, whose units come in order, so
		// the recorded position is already the smallest
		return
	}
	c.out.used[h] = struct{}{}
	c.m.add(h, cn, c.pos(off), c.input)
}

func (c *cuDecoder) nameEdge(k nameKey) edge {
	h := k.hash()
	if _, ok := c.out.names[h]; !ok {
		c.out.names[h] = nameKey{k.kind, strings.Clone(k.name)}
	}
	return edge{h: h, byName: true}
}

// edgeTo computes the edge to the type at off in context ctx: under a
// pointer, named types are referenced by name.
func (c *cuDecoder) edgeTo(off dwarf.Offset, has bool, ctx int, depth int) edge {
	if !has {
		return c.void()
	}
	i, ok := c.lookup(off)
	if !ok || depth > maxDepth {
		return c.void()
	}
	n := &c.nodes[i]
	switch n.tag {
	case dwarf.TagAtomicType:
		return c.edgeTo(n.ref, n.hasRef, ctx, depth+1)
	case dwarf.TagUnspecifiedType:
		return c.void()
	case dwarf.TagStructType, dwarf.TagClassType, dwarf.TagUnionType, dwarf.TagEnumerationType:
		if n.decl || (ctx == ctxPtr && n.name != "") {
			return c.nameEdge(nameKey{tagKind(n.tag), n.name})
		}
	case dwarf.TagTypedef:
		if ctx == ctxPtr {
			return c.nameEdge(nameKey{ctf.KindTypedef, n.name})
		}
	case dwarf.TagPointerType, dwarf.TagReferenceType, dwarf.TagRvalueReferenceType, dwarf.TagPtrToMemberType:
		ctx = ctxValue // a pointer's form does not depend on how it is reached
	}
	switch n.state[ctx] {
	case 1:
		return cycleEdge
	case 2:
		return n.memo[ctx]
	}
	n.state[ctx] = 1
	for len(c.scratch) <= depth {
		c.scratch = append(c.scratch, canon{})
	}
	cn := &c.scratch[depth]
	c.build(cn, n, ctx, depth)
	e := edge{h: cn.hash()}
	c.register(e.h, cn, n.off)
	n = &c.nodes[i]
	n.state[ctx], n.memo[ctx] = 2, e
	return e
}

func tagKind(t dwarf.Tag) ctf.Kind {
	switch t {
	case dwarf.TagUnionType:
		return ctf.KindUnion
	case dwarf.TagEnumerationType:
		return ctf.KindEnum
	}
	return ctf.KindStruct
}

// DW_ATE_* base type encodings.
const (
	ateBoolean      = 0x2
	ateComplexFloat = 0x3
	ateFloat        = 0x4
	ateSigned       = 0x5
	ateSignedChar   = 0x6
	ateUnsigned     = 0x7
	ateUnsignedChar = 0x8
	ateImaginary    = 0x9
	ateUTF          = 0x10
)

// build fills cn, reusing its slices, with the canonical form of n.
func (c *cuDecoder) build(cn *canon, n *node, ctx int, depth int) {
	*cn = canon{name: n.name, members: cn.members[:0], params: cn.params[:0]}
	size := uint64(max(n.size, 0))
	switch n.tag {
	case dwarf.TagBaseType:
		cn.kind, cn.size, cn.bits = ctf.KindInteger, size, uint16(size*8)
		if n.bitSize > 0 {
			cn.bits = uint16(n.bitSize)
		}
		switch n.enc {
		case ateFloat, ateComplexFloat, ateImaginary:
			cn.kind, cn.enc = ctf.KindFloat, floatEncoding(n.enc, size)
		case ateBoolean:
			cn.enc = ctf.IntBool
		case ateSigned:
			cn.enc = ctf.IntSigned
		case ateSignedChar:
			cn.enc = ctf.IntSigned | ctf.IntChar
		case ateUnsignedChar, ateUTF:
			cn.enc = ctf.IntChar
		}
	case dwarf.TagPointerType, dwarf.TagReferenceType, dwarf.TagRvalueReferenceType, dwarf.TagPtrToMemberType:
		cn.kind, cn.name = ctf.KindPointer, ""
		cn.ref = c.edgeTo(n.ref, n.hasRef, ctxPtr, depth+1)
	case dwarf.TagConstType, dwarf.TagVolatileType, dwarf.TagRestrictType:
		cn.kind = map[dwarf.Tag]ctf.Kind{dwarf.TagConstType: ctf.KindConst,
			dwarf.TagVolatileType: ctf.KindVolatile, dwarf.TagRestrictType: ctf.KindRestrict}[n.tag]
		cn.name = ""
		cn.ref = c.edgeTo(n.ref, n.hasRef, ctx, depth+1)
	case dwarf.TagTypedef:
		cn.kind = ctf.KindTypedef
		cn.ref = c.edgeTo(n.ref, n.hasRef, ctx, depth+1)
	case dwarf.TagStructType, dwarf.TagClassType, dwarf.TagUnionType:
		cn.kind, cn.size = tagKind(n.tag), size
		for _, m := range n.members {
			cn.members = append(cn.members, cmember{name: m.name, off: c.bitOffset(m), bitSize: uint16(m.bitSize),
				ref: c.edgeTo(m.ref, true, ctx, depth+1)})
		}
	case dwarf.TagEnumerationType:
		cn.kind, cn.size, cn.enums = ctf.KindEnum, size, n.enums
		if n.size < 0 {
			cn.size = 4
		}
	case dwarf.TagArrayType:
		cn.kind, cn.dims = ctf.KindArray, n.dims
		if len(cn.dims) == 0 {
			cn.dims = []uint32{0}
		}
		cn.ref = c.edgeTo(n.ref, n.hasRef, ctx, depth+1)
		cn.index = c.edgeTo(n.index, n.hasIndex, ctx, depth+1)
	case dwarf.TagSubroutineType:
		cn.kind, cn.name, cn.variadic = ctf.KindFunction, "", n.variadic
		cn.ref = c.edgeTo(n.ref, n.hasRef, ctx, depth+1)
		for _, p := range n.params {
			cn.params = append(cn.params, c.edgeTo(p, true, ctx, depth+1))
		}
	}
}

// bitOffset places a member in bits, from whichever of DWARF's three
// encodings the producer used.
func (c *cuDecoder) bitOffset(m dmember) uint64 {
	switch {
	case m.dataBitOff >= 0:
		return uint64(m.dataBitOff)
	case m.byteOff < 0:
		return 0
	case m.oldBit >= 0 && m.bitSize > 0:
		// DWARF 2/3 count the bit offset from the most significant bit
		// of the member's storage unit (little-endian targets).
		storage := m.byteSize
		if storage <= 0 {
			storage = c.sizeOf(m.ref)
		}
		if b := m.byteOff*8 + storage*8 - m.oldBit - m.bitSize; b >= 0 {
			return uint64(b)
		}
	}
	return uint64(m.byteOff) * 8
}

// sizeOf follows typedefs and qualifiers to a sized type.
func (c *cuDecoder) sizeOf(off dwarf.Offset) int64 {
	for range maxDepth {
		i, ok := c.lookup(off)
		if !ok {
			return 0
		}
		n := &c.nodes[i]
		if n.size >= 0 {
			return n.size
		}
		if !n.hasRef {
			return 0
		}
		off = n.ref
	}
	return 0
}

func floatEncoding(ate int64, size uint64) uint8 {
	switch ate {
	case ateComplexFloat:
		switch size {
		case 8:
			return ctf.FloatCplx
		case 16:
			return ctf.FloatDCplx
		}
		return ctf.FloatLDCplx
	case ateImaginary:
		switch size {
		case 4:
			return ctf.FloatImagry
		case 8:
			return ctf.FloatDImagry
		}
		return ctf.FloatLDImagr
	}
	switch size {
	case 4:
		return ctf.FloatSingle
	case 8:
		return ctf.FloatDouble
	}
	return ctf.FloatLDouble
}
