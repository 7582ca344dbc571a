package ctf

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"io"
)

// maxBody bounds the decompressed size of one dict, so a hostile header
// cannot make the reader allocate without limit.
const maxBody = 1 << 30

// header is the decoded CTF v3 header; offsets are relative to the body
// that follows it.
type header struct {
	flags                                uint8
	parLabel, parName, cuName            uint32
	lblOff, objtOff, funcOff, objtIdxOff uint32
	funcIdxOff, varOff, typeOff, strOff  uint32
	strLen                               uint32
}

// Read decodes one dict from r.
func Read(r io.Reader) (*Dict, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxBody+1))
	if err != nil {
		return nil, fmt.Errorf("ctf: reading dict: %w", err)
	}
	return Parse(b, nil)
}

// Parse decodes one dict. ext is the external string table (the ELF
// string table the dict's stid-1 names refer to), or nil. The dict keeps
// no reference to b.
func Parse(b []byte, ext []byte) (*Dict, error) {
	if len(b) < 4 {
		return nil, formatErr("%d bytes is too short for a CTF preamble", len(b))
	}
	var bo binary.ByteOrder
	switch {
	case binary.LittleEndian.Uint16(b) == magic:
		bo = binary.LittleEndian
	case binary.BigEndian.Uint16(b) == magic:
		bo = binary.BigEndian
	default:
		return nil, formatErr("bad magic %#04x", binary.LittleEndian.Uint16(b))
	}
	if b[2] != version3 {
		return nil, formatErr("CTF format version %d is not supported (only version %d, CTF_VERSION_3)", b[2], version3)
	}
	if len(b) < headerSize {
		return nil, formatErr("%d bytes is too short for a CTF v3 header", len(b))
	}
	var h header
	h.flags = b[3]
	f := []*uint32{&h.parLabel, &h.parName, &h.cuName, &h.lblOff, &h.objtOff,
		&h.funcOff, &h.objtIdxOff, &h.funcIdxOff, &h.varOff, &h.typeOff,
		&h.strOff, &h.strLen}
	for i, p := range f {
		*p = bo.Uint32(b[4+4*i:])
	}
	offs := []uint32{h.lblOff, h.objtOff, h.funcOff, h.objtIdxOff, h.funcIdxOff, h.varOff, h.typeOff, h.strOff}
	for i, o := range offs {
		if i < len(offs)-1 && o&3 != 0 {
			return nil, formatErr("section offset %#x is not 4-byte aligned", o)
		}
		if i > 0 && o < offs[i-1] {
			return nil, formatErr("section offsets are not in order")
		}
	}
	bodyLen := uint64(h.strOff) + uint64(h.strLen)
	if bodyLen > maxBody {
		return nil, formatErr("dict body of %d bytes is too large", bodyLen)
	}
	body := b[headerSize:]
	if h.flags&flagCompress != 0 {
		var err error
		if body, err = inflate(body, int(bodyLen)); err != nil {
			return nil, err
		}
	}
	if uint64(len(body)) < bodyLen {
		return nil, formatErr("dict body is %d bytes, header needs %d", len(body), bodyLen)
	}
	p := parser{bo: bo, body: body[:bodyLen], str: body[h.strOff:bodyLen], ext: ext}
	return p.dict(&h)
}

// inflate decompresses a zlib body of exactly want bytes.
func inflate(b []byte, want int) ([]byte, error) {
	zr, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, formatErr("compressed dict: %v", err)
	}
	defer zr.Close()
	// Grow as data arrives rather than trusting want up front: a small
	// hostile file may claim a huge body.
	var out bytes.Buffer
	n, err := io.Copy(&out, io.LimitReader(zr, int64(want)))
	if err != nil {
		return nil, formatErr("compressed dict: %v", err)
	}
	if n != int64(want) {
		return nil, formatErr("compressed dict inflates to %d bytes, header says %d", n, want)
	}
	return out.Bytes(), nil
}

func formatErr(f string, args ...any) error {
	return fmt.Errorf("ctf: %s: %w", fmt.Sprintf(f, args...), ErrFormat)
}

type parser struct {
	bo   binary.ByteOrder
	body []byte
	str  []byte
	ext  []byte
	err  error
}

func (p *parser) u32(off uint64) uint32 {
	if off+4 > uint64(len(p.body)) {
		p.fail(formatErr("read past the end of the dict at %#x", off))
		return 0
	}
	return p.bo.Uint32(p.body[off:])
}

func (p *parser) fail(err error) {
	if p.err == nil {
		p.err = err
	}
}

// name resolves a name reference: the top bit picks the internal (0) or
// external (1) string table.
func (p *parser) name(ref uint32) string {
	tab := p.str
	if ref>>31 == 1 {
		tab = p.ext
	}
	off := uint64(ref & maxName)
	if off == 0 && ref>>31 == 0 {
		return ""
	}
	if off >= uint64(len(tab)) {
		p.fail(formatErr("string offset %#x outside its table of %d bytes", ref, len(tab)))
		return ""
	}
	end := bytes.IndexByte(tab[off:], 0)
	if end < 0 {
		p.fail(formatErr("string at %#x is not terminated", ref))
		return ""
	}
	return string(tab[off : off+uint64(end)])
}

func (p *parser) dict(h *header) (*Dict, error) {
	d := &Dict{
		ParentLabel: p.name(h.parLabel),
		ParentName:  p.name(h.parName),
		CUName:      p.name(h.cuName),
	}
	for o := uint64(h.lblOff); o+8 <= uint64(h.objtOff); o += 8 {
		d.Labels = append(d.Labels, Label{p.name(p.u32(o)), TypeID(p.u32(o + 4))})
	}
	d.Objects = p.symbols(h.objtOff, h.funcOff, h.objtIdxOff, h.funcIdxOff)
	d.Funcs = p.symbols(h.funcOff, h.objtIdxOff, h.funcIdxOff, h.varOff)
	nvars := (h.typeOff - h.varOff) / 8
	d.Vars = make([]Symbol, 0, nvars)
	for o := uint64(h.varOff); o+8 <= uint64(h.typeOff); o += 8 {
		d.Vars = append(d.Vars, Symbol{p.name(p.u32(o)), TypeID(p.u32(o + 4))})
	}
	p.types(d, uint64(h.typeOff), uint64(h.strOff))
	if p.err != nil {
		return nil, p.err
	}
	return d, nil
}

// symbols decodes a data-object or function section [off,end) and its
// name index [ioff,iend), which is either empty or parallel to it.
func (p *parser) symbols(off, end, ioff, iend uint32) []Symbol {
	n := (end - off) / 4
	if n == 0 {
		return nil
	}
	named := iend-ioff >= end-off
	if iend != ioff && !named {
		p.fail(formatErr("symbol index shorter than its section"))
		return nil
	}
	s := make([]Symbol, n)
	for i := range s {
		s[i].Type = TypeID(p.u32(uint64(off) + 4*uint64(i)))
		if named {
			s[i].Name = p.name(p.u32(uint64(ioff) + 4*uint64(i)))
		}
	}
	return s
}

func (p *parser) types(d *Dict, off, end uint64) {
	for off < end && p.err == nil {
		if len(d.Types) >= MaxTypes {
			p.fail(formatErr("too many types"))
			return
		}
		var t Type
		nameRef, info, sz := p.u32(off), p.u32(off+4), p.u32(off+8)
		off += 12
		t.Name = p.name(nameRef)
		t.Kind = Kind(info >> 26)
		t.Root = info>>25&1 == 1
		vlen := uint64(info & maxVlen)
		size := uint64(sz)
		if sz == lsizeSent {
			size = uint64(p.u32(off))<<32 | uint64(p.u32(off+4))
			off += 8
		}
		if t.Kind.hasSize() {
			t.Size = size
		} else {
			t.Ref = TypeID(sz)
		}
		need := func(n uint64) bool {
			if off+n > end {
				p.fail(formatErr("type %#x (%v) runs past the type section", d.ID(len(d.Types)), t.Kind))
				return false
			}
			return true
		}
		switch t.Kind {
		case KindInteger, KindFloat:
			if !need(4) {
				return
			}
			enc := p.u32(off)
			t.Encoding, t.BitOffset, t.Bits = uint8(enc>>24), uint16(enc>>16&0xff), uint16(enc)
			off += 4
		case KindSlice:
			if !need(8) {
				return
			}
			t.Ref = TypeID(p.u32(off))
			w := p.u32(off + 4)
			if p.bo == binary.BigEndian {
				t.BitOffset, t.Bits = uint16(w>>16), uint16(w)
			} else {
				t.BitOffset, t.Bits = uint16(w), uint16(w>>16)
			}
			off += 8
		case KindArray:
			if !need(12) {
				return
			}
			t.Ref, t.Index, t.NElems = TypeID(p.u32(off)), TypeID(p.u32(off+4)), p.u32(off+8)
			off += 12
		case KindFunction:
			n := vlen + vlen&1
			if !need(4 * n) {
				return
			}
			t.Params = make([]TypeID, vlen)
			for i := range t.Params {
				t.Params[i] = TypeID(p.u32(off + 4*uint64(i)))
			}
			if vlen > 0 && t.Params[vlen-1] == 0 {
				t.Params, t.Variadic = t.Params[:vlen-1], true
			}
			off += 4 * n
		case KindStruct, KindUnion:
			msz := uint64(12)
			if size >= lstructThres {
				msz = 16
			}
			if !need(msz * vlen) {
				return
			}
			t.Members = make([]Member, vlen)
			for i := range t.Members {
				m := &t.Members[i]
				m.Name = p.name(p.u32(off))
				if msz == 12 {
					m.Offset, m.Type = uint64(p.u32(off+4)), TypeID(p.u32(off+8))
				} else {
					m.Offset = uint64(p.u32(off+4))<<32 | uint64(p.u32(off+12))
					m.Type = TypeID(p.u32(off + 8))
				}
				off += msz
			}
		case KindEnum:
			if !need(8 * vlen) {
				return
			}
			t.Enumerators = make([]Enumerator, vlen)
			for i := range t.Enumerators {
				t.Enumerators[i] = Enumerator{p.name(p.u32(off)), int32(p.u32(off + 4))}
				off += 8
			}
		case KindForward:
			t.FwdKind, t.Ref = Kind(t.Ref), 0
			if t.FwdKind == 0 {
				t.FwdKind = KindStruct
			}
		case KindPointer, KindTypedef, KindVolatile, KindConst, KindRestrict, KindUnknown:
		default:
			p.fail(formatErr("type %#x has unknown kind %d", d.ID(len(d.Types)), t.Kind))
			return
		}
		d.Types = append(d.Types, t)
	}
}
