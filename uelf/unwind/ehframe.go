package unwind

import (
	"encoding/binary"
	"errors"

	"github.com/godtrace/godtrace/internal/leb128"
)

var errFormat = errors.New("malformed unwind information")

// buf reads the little-endian fields of DWARF call frame information.
// Reads past the end set err and return zeros, so a parse checks err
// once, after the fields it needs.
type buf struct {
	b   []byte
	off int
	err error
}

func (b *buf) fail() { b.err = errFormat; b.off = len(b.b) }

func (b *buf) bytes(n int) []byte {
	if n < 0 || n > len(b.b)-b.off {
		b.fail()
		return nil
	}
	s := b.b[b.off : b.off+n]
	b.off += n
	return s
}

func (b *buf) u8() uint8   { return fixed(b, 1, func(s []byte) uint8 { return s[0] }) }
func (b *buf) u16() uint16 { return fixed(b, 2, binary.LittleEndian.Uint16) }
func (b *buf) u32() uint32 { return fixed(b, 4, binary.LittleEndian.Uint32) }
func (b *buf) u64() uint64 { return fixed(b, 8, binary.LittleEndian.Uint64) }

// fixed reads an n-byte field with get, 0 past the end.
func fixed[T uint8 | uint16 | uint32 | uint64](b *buf, n int, get func([]byte) T) T {
	if s := b.bytes(n); s != nil {
		return get(s)
	}
	return 0
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
// fails.
func (b *buf) skipLEB(n int) {
	if n == 0 {
		b.fail()
	}
	b.off += n
}

func (b *buf) cstring() string {
	for i := b.off; i < len(b.b); i++ {
		if b.b[i] == 0 {
			s := string(b.b[b.off:i])
			b.off = i + 1
			return s
		}
	}
	b.fail()
	return ""
}

// Pointer encodings of .eh_frame (DW_EH_PE_*).
const (
	peAbsptr  = 0x00
	peULEB    = 0x01
	peUdata2  = 0x02
	peUdata4  = 0x03
	peUdata8  = 0x04
	peSLEB    = 0x09
	peSdata2  = 0x0a
	peSdata4  = 0x0b
	peSdata8  = 0x0c
	pePCRel   = 0x10
	peDataRel = 0x30
	peOmit    = 0xff
)

// pointer reads a pointer of encoding enc; base is the address of the
// data at offset 0 (for pc-relative pointers) and data the base of
// data-relative ones.
func (b *buf) pointer(enc uint8, base, data uint64) uint64 {
	if enc == peOmit {
		return 0
	}
	at := base + uint64(b.off)
	var v uint64
	switch enc & 0x0f {
	case peAbsptr, peUdata8, peSdata8:
		v = b.u64()
	case peULEB:
		v = b.uleb()
	case peUdata2:
		v = uint64(b.u16())
	case peUdata4:
		v = uint64(b.u32())
	case peSLEB:
		v = uint64(b.sleb())
	case peSdata2:
		v = uint64(int64(int16(b.u16())))
	case peSdata4:
		v = uint64(int64(int32(b.u32())))
	default:
		b.fail()
		return 0
	}
	switch enc & 0x70 {
	case 0:
	case pePCRel:
		v += at
	case peDataRel:
		v += data
	default:
		// textrel, funcrel and aligned are not used on x86-64.
		b.fail()
	}
	// Indirect pointers (0x80) point at the value; only personality
	// routines use them, and they are skipped.
	return v
}

// cie is a Common Information Entry.
type cie struct {
	codeAlign uint64
	dataAlign int64
	raReg     uint64
	fdeEnc    uint8
	lsda      bool // FDEs carry an LSDA pointer in their augmentation
	augData   bool // "z": augmentation data has a length
	init      []byte
}

// fde is a Frame Description Entry turned into rows.
type fde struct {
	start, end uint64
	rows       []Row
}

// parser reads one .eh_frame (addr is its address) or .debug_frame
// section.
type parser struct {
	data    []byte
	addr    uint64
	debug   bool
	cies    map[uint64]*cie
	skipped int
}

// parse returns the FDEs of the section, skipping malformed entries.
func (p *parser) parse() []fde {
	p.cies = map[uint64]*cie{}
	var out []fde
	for off := 0; off < len(p.data); {
		b := buf{b: p.data, off: off}
		length := uint64(b.u32())
		dwarf64 := length == 0xffffffff
		if dwarf64 {
			length = b.u64()
		}
		if b.err != nil {
			p.skipped++
			break
		}
		if length == 0 {
			if !p.debug {
				break // .eh_frame's terminator
			}
			off = b.off
			continue
		}
		if length > uint64(len(p.data)-b.off) {
			p.skipped++
			break
		}
		next := b.off + int(length)
		entry := buf{b: p.data[:next], off: b.off}
		idAt := uint64(entry.off)
		var id uint64
		if dwarf64 {
			id = entry.u64()
		} else {
			id = uint64(entry.u32())
		}
		isCIE := id == 0
		if p.debug {
			isCIE = id == 0xffffffff || id == 0xffffffffffffffff
		}
		if !isCIE {
			// The CIE pointer: an offset from the pointer itself in
			// .eh_frame, from the section's start in .debug_frame.
			at := id
			if !p.debug {
				at = idAt - id
			}
			if f, ok := p.fde(&entry, at); ok {
				out = append(out, f)
			} else {
				p.skipped++
			}
		}
		off = next
	}
	return out
}

// cie returns the CIE at off, parsed once.
func (p *parser) cie(off uint64) *cie {
	if c, ok := p.cies[off]; ok {
		return c
	}
	c := p.parseCIE(off)
	p.cies[off] = c
	if c == nil {
		p.skipped++
	}
	return c
}

func (p *parser) parseCIE(off uint64) *cie {
	if off >= uint64(len(p.data)) {
		return nil
	}
	b := buf{b: p.data, off: int(off)}
	length := uint64(b.u32())
	dwarf64 := length == 0xffffffff
	if dwarf64 {
		length = b.u64()
	}
	if b.err != nil || length > uint64(len(p.data)-b.off) {
		return nil
	}
	b.b = p.data[:b.off+int(length)]
	var id uint64
	if dwarf64 {
		id = b.u64()
	} else {
		id = uint64(b.u32())
	}
	if p.debug && id != 0xffffffff && id != 0xffffffffffffffff || !p.debug && id != 0 {
		return nil
	}
	c := &cie{fdeEnc: peAbsptr}
	version := b.u8()
	aug := b.cstring()
	if version != 1 && version != 3 && version != 4 {
		return nil
	}
	if version == 4 {
		if b.u8() != 8 || b.u8() != 0 { // address and segment sizes
			return nil
		}
	}
	c.codeAlign = b.uleb()
	c.dataAlign = b.sleb()
	if version == 1 {
		c.raReg = uint64(b.u8())
	} else {
		c.raReg = b.uleb()
	}
	if len(aug) > 0 && aug[0] == 'z' {
		c.augData = true
		n := b.uleb()
		if n > uint64(len(b.b)-b.off) {
			return nil
		}
		ab := buf{b: b.b[:b.off+int(n)], off: b.off}
		for _, ch := range aug[1:] {
			switch ch {
			case 'R':
				c.fdeEnc = ab.u8()
			case 'L':
				ab.u8()
				c.lsda = true
			case 'P':
				ab.pointer(ab.u8()&0x7f, p.addr, 0)
			case 'S', 'B', 'G':
				// Signal frame, arm64 pointer keys, MTE tagged frames:
				// nothing more to read.
			default:
				return nil
			}
		}
		if ab.err != nil {
			return nil
		}
		b.off += int(n)
	} else if aug != "" && aug != "eh" {
		return nil
	} else if aug == "eh" {
		b.u64() // the old GNU EH data pointer
	}
	if b.err != nil || c.raReg != regRA {
		return nil
	}
	c.init = b.b[b.off:]
	return c
}

// fde parses the FDE whose CIE pointer b has just read; cieOff is the
// offset of its CIE.
func (p *parser) fde(b *buf, cieOff uint64) (fde, bool) {
	c := p.cie(cieOff)
	if c == nil {
		return fde{}, false
	}
	enc := c.fdeEnc
	if p.debug {
		enc = peAbsptr
	}
	start := b.pointer(enc, p.addr, 0)
	size := b.pointer(enc&0x0f, p.addr, 0)
	if c.augData {
		n := b.uleb()
		b.bytes(int(min(n, uint64(len(b.b)))))
	}
	if b.err != nil || start+size < start {
		return fde{}, false
	}
	rows, ok := run(c, b.b[b.off:], start, start+size, p.addr)
	if !ok {
		return fde{}, false
	}
	return fde{start: start, end: start + size, rows: rows}, true
}

// ehHdr is the content of .eh_frame_hdr.
type ehHdr struct {
	ehFrame uint64      // the address of .eh_frame
	table   [][2]uint64 // (initial location, FDE address), sorted
}

// parseHdr reads .eh_frame_hdr, which lies at addr.
func parseHdr(data []byte, addr uint64) (ehHdr, error) {
	b := buf{b: data}
	var h ehHdr
	if b.u8() != 1 {
		return h, errFormat
	}
	ptrEnc, countEnc, tableEnc := b.u8(), b.u8(), b.u8()
	h.ehFrame = b.pointer(ptrEnc, addr, addr)
	if countEnc == peOmit || tableEnc == peOmit {
		return h, b.err
	}
	n := b.pointer(countEnc, addr, addr)
	if b.err != nil || n > uint64(len(data)) {
		return h, errFormat
	}
	h.table = make([][2]uint64, 0, n)
	for range n {
		loc := b.pointer(tableEnc, addr, addr)
		fde := b.pointer(tableEnc, addr, addr)
		if b.err != nil {
			return h, b.err
		}
		h.table = append(h.table, [2]uint64{loc, fde})
	}
	return h, nil
}
