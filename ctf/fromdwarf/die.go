package fromdwarf

import (
	"bytes"
	"debug/dwarf"
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"

	"github.com/godtrace/godtrace/internal/leb128"
)

// The decoder reads .debug_info itself rather than through debug/dwarf,
// which builds an Entry with a boxed value for every attribute of every
// entry, function bodies included, and a fresh string for every name:
// that was half of a kernel's conversion time. Here an entry's attributes
// are decoded only when the converter asks for them, skipped by their
// forms otherwise, and names point into the string sections until a
// type that keeps them is new.

// DW_FORM_* values (DWARF 2-5 and the GNU extensions gcc emits).
const (
	formAddr          = 0x01
	formBlock2        = 0x03
	formBlock4        = 0x04
	formData2         = 0x05
	formData4         = 0x06
	formData8         = 0x07
	formString        = 0x08
	formBlock         = 0x09
	formBlock1        = 0x0a
	formData1         = 0x0b
	formFlag          = 0x0c
	formSdata         = 0x0d
	formStrp          = 0x0e
	formUdata         = 0x0f
	formRefAddr       = 0x10
	formRef1          = 0x11
	formRef2          = 0x12
	formRef4          = 0x13
	formRef8          = 0x14
	formRefUdata      = 0x15
	formIndirect      = 0x16
	formSecOffset     = 0x17
	formExprloc       = 0x18
	formFlagPresent   = 0x19
	formStrx          = 0x1a
	formAddrx         = 0x1b
	formRefSup4       = 0x1c
	formStrpSup       = 0x1d
	formData16        = 0x1e
	formLineStrp      = 0x1f
	formRefSig8       = 0x20
	formImplicitConst = 0x21
	formLoclistx      = 0x22
	formRnglistx      = 0x23
	formRefSup8       = 0x24
	formStrx1         = 0x25
	formStrx2         = 0x26
	formStrx3         = 0x27
	formStrx4         = 0x28
	formAddrx1        = 0x29
	formAddrx2        = 0x2a
	formAddrx3        = 0x2b
	formAddrx4        = 0x2c
	formGNUAddrIndex  = 0x1f01
	formGNUStrIndex   = 0x1f02
	formGNURefAlt     = 0x1f20
	formGNUStrpAlt    = 0x1f21
)

// abbrev is one abbreviation: an entry's tag and the forms of its
// attributes.
type abbrev struct {
	tag      dwarf.Tag
	children bool
	fields   []afield
	sibling  bool // has DW_AT_sibling
}

type afield struct {
	attr     dwarf.Attr
	form     uint32
	implicit int64
}

// abbrevTable is one unit's abbreviations by code; gcc numbers them from
// 1 without gaps, so most live in the slice.
type abbrevTable struct {
	dense  []abbrev
	sparse map[uint64]*abbrev
}

func (t *abbrevTable) get(code uint64) *abbrev {
	if code < uint64(len(t.dense)) && t.dense[code].fields != nil {
		return &t.dense[code]
	}
	return t.sparse[code]
}

var errTruncated = errors.New("truncated DWARF")

// buf is a cursor over a section; a read past the end sets err and
// yields zeros, so callers check err once per entry.
type buf struct {
	b   []byte
	off int
	be  bool
	err error
}

func (b *buf) fail() {
	if b.err == nil {
		b.err = fmt.Errorf("%w at %#x", errTruncated, b.off)
	}
	b.off = len(b.b)
}

func (b *buf) bytes(n uint64) []byte {
	if n > uint64(len(b.b)-b.off) {
		b.fail()
		return nil
	}
	s := b.b[b.off : b.off+int(n)]
	b.off += int(n)
	return s
}

func (b *buf) skip(n uint64) {
	if n > uint64(len(b.b)-b.off) {
		b.fail()
		return
	}
	b.off += int(n)
}

func (b *buf) u8() uint8 {
	if b.off >= len(b.b) {
		b.fail()
		return 0
	}
	v := b.b[b.off]
	b.off++
	return v
}

func (b *buf) u16() uint16 {
	s := b.bytes(2)
	if s == nil {
		return 0
	}
	if b.be {
		return binary.BigEndian.Uint16(s)
	}
	return binary.LittleEndian.Uint16(s)
}

func (b *buf) u32() uint32 {
	s := b.bytes(4)
	if s == nil {
		return 0
	}
	if b.be {
		return binary.BigEndian.Uint32(s)
	}
	return binary.LittleEndian.Uint32(s)
}

func (b *buf) u64() uint64 {
	s := b.bytes(8)
	if s == nil {
		return 0
	}
	if b.be {
		return binary.BigEndian.Uint64(s)
	}
	return binary.LittleEndian.Uint64(s)
}

// uint reads an n-byte unsigned value (n is 1, 2, 3, 4 or 8).
func (b *buf) uint(n int) uint64 {
	switch n {
	case 1:
		return uint64(b.u8())
	case 2:
		return uint64(b.u16())
	case 4:
		return uint64(b.u32())
	case 8:
		return b.u64()
	}
	s := b.bytes(uint64(n))
	var v uint64
	for i := range s {
		if b.be {
			v = v<<8 | uint64(s[i])
		} else {
			v |= uint64(s[i]) << (8 * i)
		}
	}
	return v
}

func (b *buf) uleb() uint64 {
	v, n := leb128.Uint(b.b[b.off:])
	b.skipLEB(n)
	return v
}

func (b *buf) sleb() int64 {
	v, n := leb128.Int(b.b[b.off:])
	b.skipLEB(n)
	return v
}

// skipLEB moves past a LEB128 number of n bytes; a truncated one (n 0)
// fails at the section's end, where the read ran out.
func (b *buf) skipLEB(n int) {
	if n == 0 {
		b.off = len(b.b)
		b.fail()
	}
	b.off += n
}

// skipString skips a NUL-terminated string.
func (b *buf) skipString() {
	for i := b.off; i < len(b.b); i++ {
		if b.b[i] == 0 {
			b.off = i + 1
			return
		}
	}
	b.fail()
}

// readAbbrevs parses the abbreviation table at off.
func readAbbrevs(sec []byte, off uint64, be bool) (*abbrevTable, error) {
	if off >= uint64(len(sec)) {
		return nil, fmt.Errorf("abbreviations at %#x out of range", off)
	}
	b := &buf{b: sec, off: int(off), be: be}
	t := &abbrevTable{}
	for {
		code := b.uleb()
		if code == 0 || b.err != nil {
			break
		}
		a := abbrev{tag: dwarf.Tag(b.uleb()), children: b.u8() != 0, fields: []afield{}}
		for {
			attr, form := b.uleb(), b.uleb()
			if b.err != nil || attr == 0 && form == 0 {
				break
			}
			f := afield{attr: dwarf.Attr(attr), form: uint32(form)}
			if form == formImplicitConst {
				f.implicit = b.sleb()
			}
			a.sibling = a.sibling || f.attr == dwarf.AttrSibling
			a.fields = append(a.fields, f)
		}
		switch {
		case code < 1<<16:
			for uint64(len(t.dense)) <= code {
				t.dense = append(t.dense, abbrev{})
			}
			t.dense[code] = a
		default:
			if t.sparse == nil {
				t.sparse = map[uint64]*abbrev{}
			}
			t.sparse[code] = &a
		}
	}
	if b.err != nil {
		return nil, fmt.Errorf("abbreviations at %#x: %w", off, b.err)
	}
	return t, nil
}

// dieReader walks the entries of the units of one source.
type dieReader struct {
	src     *source
	b       buf
	u       *unit
	abbrevs *abbrevTable
	strBase uint64
	tables  map[uint64]*abbrevTable

	// the current entry, until its attributes are read or skipped
	off      dwarf.Offset
	ab       *abbrev
	consumed bool
}

func newDieReader(src *source) *dieReader {
	return &dieReader{src: src, b: buf{b: src.info, be: src.be},
		tables: map[uint64]*abbrevTable{}}
}

// seekUnit starts reading u's entries.
func (r *dieReader) seekUnit(u *unit) error {
	r.u = u
	t := r.tables[u.abbrevOff]
	if t == nil {
		var err error
		if t, err = readAbbrevs(r.src.abbrev, u.abbrevOff, r.src.be); err != nil {
			return err
		}
		r.tables[u.abbrevOff] = t
	}
	r.abbrevs, r.strBase = t, 0
	r.b.off, r.b.err = int(u.first), nil
	r.ab, r.consumed = nil, true
	return nil
}

// next reads the next entry's header; it returns false at the unit's
// end. The entry's attributes must then be read by attrs or skipped by
// next itself, which does so when they were not read.
func (r *dieReader) next() (bool, error) {
	if !r.consumed {
		r.skipAttrs()
	}
	if r.b.err != nil {
		return false, r.b.err
	}
	if r.b.off >= int(r.u.end) {
		return false, nil
	}
	r.off = dwarf.Offset(r.b.off)
	code := r.b.uleb()
	if code == 0 {
		r.ab, r.consumed = nil, true
		return true, r.b.err
	}
	r.ab = r.abbrevs.get(code)
	if r.ab == nil {
		return false, fmt.Errorf("entry at %#x: unknown abbreviation %d", r.off, code)
	}
	r.consumed = false
	if r.ab.tag == dwarf.TagCompileUnit || r.ab.tag == dwarf.TagPartialUnit {
		r.unitBase()
	}
	return true, r.b.err
}

// tag is the current entry's tag; 0 for the null entry that ends a list
// of children.
func (r *dieReader) tag() dwarf.Tag {
	if r.ab == nil {
		return 0
	}
	return r.ab.tag
}

func (r *dieReader) children() bool { return r.ab != nil && r.ab.children }

// unitBase reads the unit entry's DW_AT_str_offsets_base, which the
// unit's strx forms (its own name among them) count from.
func (r *dieReader) unitBase() {
	start := r.b.off
	for _, f := range r.ab.fields {
		if f.attr == dwarf.AttrStrOffsetsBase {
			r.strBase = r.readUint(f.form, f.implicit)
			break
		}
		r.skipForm(f.form)
	}
	r.b.off = start
}

// skipAttrs moves past the current entry's attributes and returns its
// DW_AT_sibling, if any.
func (r *dieReader) skipAttrs() (sibling dwarf.Offset, ok bool) {
	r.consumed = true
	if r.ab == nil {
		return 0, false
	}
	for _, f := range r.ab.fields {
		if f.attr == dwarf.AttrSibling && r.ab.sibling {
			if o, isRef := r.readRef(f.form); isRef {
				sibling, ok = o, true
			}
			continue
		}
		r.skipForm(f.form)
	}
	return sibling, ok
}

// skipChildren moves past the current entry's children: straight to its
// sibling when it names one, else entry by entry without decoding them.
func (r *dieReader) skipChildren() error {
	sib, ok := r.skipAttrs()
	if !r.children() {
		return r.b.err
	}
	if ok && int(sib) >= r.b.off && sib <= r.u.end {
		r.b.off = int(sib)
		return nil
	}
	for depth := 1; depth > 0; {
		more, err := r.next()
		if err != nil || !more {
			return err
		}
		switch {
		case r.ab == nil:
			depth--
		case r.ab.children:
			depth++
		}
		r.skipAttrs()
	}
	return r.b.err
}

func (r *dieReader) offSize() int {
	if r.u.dwarf64 {
		return 8
	}
	return 4
}

func (r *dieReader) skipForm(form uint32) {
	b := &r.b
	switch form {
	case formFlagPresent, formImplicitConst:
	case formData1, formRef1, formFlag, formStrx1, formAddrx1:
		b.skip(1)
	case formData2, formRef2, formStrx2, formAddrx2:
		b.skip(2)
	case formStrx3, formAddrx3:
		b.skip(3)
	case formData4, formRef4, formRefSup4, formStrx4, formAddrx4:
		b.skip(4)
	case formData8, formRef8, formRefSig8, formRefSup8:
		b.skip(8)
	case formData16:
		b.skip(16)
	case formAddr:
		b.skip(uint64(r.u.addrSize))
	case formRefAddr:
		if r.u.version == 2 {
			b.skip(uint64(r.u.addrSize))
		} else {
			b.skip(uint64(r.offSize()))
		}
	case formStrp, formLineStrp, formSecOffset, formStrpSup, formGNURefAlt, formGNUStrpAlt:
		b.skip(uint64(r.offSize()))
	case formUdata, formSdata, formRefUdata, formStrx, formAddrx, formLoclistx, formRnglistx,
		formGNUAddrIndex, formGNUStrIndex:
		b.uleb()
	case formString:
		b.skipString()
	case formBlock1:
		b.skip(uint64(b.u8()))
	case formBlock2:
		b.skip(uint64(b.u16()))
	case formBlock4:
		b.skip(uint64(b.u32()))
	case formBlock, formExprloc:
		b.skip(b.uleb())
	case formIndirect:
		f := b.uleb()
		if f == formIndirect || f == formImplicitConst {
			b.fail() // an indirect form cannot itself be indirect or need the abbreviation
			return
		}
		r.skipForm(uint32(f))
	default:
		if b.err == nil {
			b.err = fmt.Errorf("entry at %#x: unknown attribute form %#x", r.off, form)
		}
		b.off = len(b.b)
	}
}

// intValue is a constant attribute's value and whether debug/dwarf
// would present it as an int64 (valInt) or a uint64 (valUint).
type intValue struct {
	i    int64
	kind uint8
}

const (
	valNone = iota
	valInt
	valUint
)

// readInt decodes a constant (or an address or section offset, which
// debug/dwarf presents as numbers too).
func (r *dieReader) readInt(form uint32, implicit int64) intValue {
	b := &r.b
	switch form {
	case formData1:
		return intValue{int64(b.u8()), valInt}
	case formData2:
		return intValue{int64(b.u16()), valInt}
	case formData4:
		return intValue{int64(b.u32()), valInt}
	case formData8:
		return intValue{int64(b.u64()), valInt}
	case formUdata:
		return intValue{int64(b.uleb()), valInt}
	case formSdata:
		return intValue{b.sleb(), valInt}
	case formImplicitConst:
		return intValue{implicit, valInt}
	case formSecOffset, formGNURefAlt, formGNUStrpAlt:
		return intValue{int64(b.uint(r.offSize())), valInt}
	case formAddr:
		return intValue{int64(b.uint(int(r.u.addrSize))), valUint}
	case formRefSig8, formRefSup8:
		return intValue{int64(b.u64()), valUint}
	case formLoclistx:
		return intValue{int64(b.uleb()), valUint}
	case formStrpSup:
		if r.u.dwarf64 {
			return intValue{int64(b.u64()), valUint}
		}
	}
	r.skipForm(form)
	return intValue{}
}

func (r *dieReader) readFlag(form uint32) bool {
	switch form {
	case formFlag:
		return r.b.u8() == 1
	case formFlagPresent:
		return true
	}
	r.skipForm(form)
	return false
}

func (r *dieReader) readString(form uint32) string {
	b := &r.b
	switch form {
	case formString:
		start := b.off
		b.skipString()
		if b.err != nil {
			return ""
		}
		return str(b.b[start:b.off], 0)
	case formStrp:
		return str(r.src.str, b.uint(r.offSize()))
	case formLineStrp:
		return str(r.src.lineStr, b.uint(r.offSize()))
	case formStrx, formStrx1, formStrx2, formStrx3, formStrx4:
		var idx uint64
		switch form {
		case formStrx:
			idx = b.uleb()
		default:
			idx = b.uint(int(form-formStrx1) + 1)
		}
		return r.strx(idx)
	}
	r.skipForm(form)
	return ""
}

func (r *dieReader) readBlock(form uint32) []byte {
	b := &r.b
	switch form {
	case formBlock1:
		return b.bytes(uint64(b.u8()))
	case formBlock2:
		return b.bytes(uint64(b.u16()))
	case formBlock4:
		return b.bytes(uint64(b.u32()))
	case formBlock, formExprloc:
		return b.bytes(b.uleb())
	case formData16:
		return b.bytes(16)
	}
	r.skipForm(form)
	return nil
}

// readRef decodes a reference to an entry of the same .debug_info.
func (r *dieReader) readRef(form uint32) (dwarf.Offset, bool) {
	b := &r.b
	var v uint64
	switch form {
	case formRef1:
		v = uint64(b.u8())
	case formRef2:
		v = uint64(b.u16())
	case formRef4:
		v = uint64(b.u32())
	case formRef8:
		v = b.u64()
	case formRefUdata:
		v = b.uleb()
	case formRefAddr:
		if r.u.version == 2 {
			return dwarf.Offset(b.uint(int(r.u.addrSize))), true
		}
		return dwarf.Offset(b.uint(r.offSize())), true
	default:
		r.skipForm(form)
		return 0, false
	}
	return r.u.base + dwarf.Offset(v), true
}

func (r *dieReader) readUint(form uint32, implicit int64) uint64 {
	if v := r.readInt(form, implicit); v.kind == valInt {
		return uint64(v.i)
	}
	return 0
}

// str is the NUL-terminated string at off of sec. It points into the
// section, which may be mapped and unmapped once the input is read:
// whatever keeps a name beyond its unit (a new canonical type, a name
// key, a variable) clones it.
func str(sec []byte, off uint64) string {
	if off >= uint64(len(sec)) {
		return ""
	}
	n := bytes.IndexByte(sec[off:], 0)
	if n < 0 {
		n = len(sec) - int(off)
	}
	if n == 0 {
		return ""
	}
	return unsafe.String(&sec[off], n)
}

func (r *dieReader) strx(idx uint64) string {
	n := uint64(r.offSize())
	at := r.strBase + idx*n
	if at+n > uint64(len(r.src.strOffsets)) || at < r.strBase {
		return ""
	}
	sb := buf{b: r.src.strOffsets, off: int(at), be: r.src.be}
	return str(r.src.str, sb.uint(int(n)))
}
