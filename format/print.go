package format

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/ctype"
)

// PrintIndent is the column at which DTrace's print() output starts: the
// value's outermost line is indented by it, and each level of nesting
// indents its lines by one more column.
const PrintIndent = 44

// AppendPrint appends the print() output of a value of type t whose bytes
// are data: for a pointer to a struct or union (deref), the address
// followed by " = *" and the pointed-to value on the next lines; else
// the value itself. The value lines follow DTrace's layout:
// "(type) {" / ".member = (type)value," / "}", where members and array
// elements whose bytes are all zero are left out, and char arrays stop at
// their first NUL. As in DTrace, a member at or past the first limit
// bytes (the printsize option), or nested printDepth deep, ends the
// output with "..." in its place, and the brackets still open are closed.
func AppendPrint(b []byte, t *ctype.Type, addr uint64, deref bool, data []byte, limit int) []byte {
	if deref {
		b = append(b, "0x"...)
		b = strconv.AppendUint(b, addr, 16)
		b = append(b, " = *\n"...)
		t = ctype.Resolve(t).Elem
	}
	p := &printer{limit: limit}
	b = appendIndent(b, PrintIndent)
	b = p.appendValue(b, t, data, 0, PrintIndent, "")
	return append(p.flush(b), '\n')
}

// printDepth is the deepest nesting print() shows, DTrace's.
const printDepth = 10

// printer is the state of one print(): the bytes it may show, whether
// it has reached their end, and the closing lines of the structs and
// unions it has shown all of. As in DTrace, these come out only when the
// next line does, after a "..." that ends the output.
type printer struct {
	limit   int
	stopped bool
	pending []byte
}

// flush appends the closing lines that are pending.
func (p *printer) flush(b []byte) []byte {
	b = append(b, p.pending...)
	p.pending = p.pending[:0]
	return b
}

// appendIndent appends n spaces.
func appendIndent(b []byte, n int) []byte {
	for range n {
		b = append(b, ' ')
	}
	return b
}

// appendValue appends "(type)value" and suffix of t in data, which is at
// offset base of the value printed, with the lines of an aggregate's
// contents indented by depth+1 and its closing bracket by depth (pending,
// for a struct or union).
func (p *printer) appendValue(b []byte, t *ctype.Type, data []byte, base, depth int, suffix string) []byte {
	b = append(b, '(')
	b = append(b, printName(t)...)
	b = append(b, ')')
	r := ctype.Resolve(t)
	if r.Kind == ctype.String {
		// DTrace's string is a typedef of char[strsize].
		r = &ctype.Type{Kind: ctype.Array, Elem: ctype.CharType, Len: r.Size}
	}
	switch r.Kind {
	case ctype.Struct, ctype.Union:
		b = append(b, " {\n"...)
		for _, m := range r.Members() {
			if b = p.appendMember(b, m, data, base, depth+1); p.stopped {
				break
			}
		}
		p.pending = appendIndent(p.pending, depth)
		p.pending = append(p.pending, '}')
		p.pending = append(p.pending, suffix...)
		return b
	case ctype.Array:
		b = append(b, " [\n"...)
		esize := int(r.Elem.Sizeof())
		char := isChar(r.Elem)
		for i := 0; esize > 0 && i < int(r.Len) && (i+1)*esize <= len(data); i++ {
			e := data[i*esize : (i+1)*esize]
			if allZero(e) {
				if char {
					break
				}
				continue
			}
			b = appendIndent(p.flush(b), depth+1)
			b = p.appendValue(b, r.Elem, e, base+i*esize, depth+1, ",\n")
			if p.stopped {
				break
			}
		}
		b = appendIndent(p.flush(b), depth)
		b = append(b, ']')
		return append(b, suffix...)
	}
	return append(appendScalar(b, t, data, 0, 0), suffix...)
}

// appendMember appends the line(s) of one struct or union member, or
// nothing when its bytes are all zero; data is the aggregate's, at
// offset base of the value printed.
func (p *printer) appendMember(b []byte, m ctype.Member, data []byte, base, depth int) []byte {
	off := int(m.Offset / 8)
	if base+off >= p.limit || depth-PrintIndent >= printDepth {
		p.stopped = true
		b = appendIndent(b, depth)
		return p.flush(append(b, "...\n"...))
	}
	size := int(m.Type.Sizeof())
	if m.Bits != 0 {
		// A bitfield is read from the bytes that hold it.
		size = int((m.Offset%8 + uint64(m.Bits) + 7) / 8)
	}
	if off < 0 || size <= 0 || off+size > len(data) {
		return b
	}
	v := data[off : off+size]
	if m.Bits != 0 {
		raw := loadUint(v) >> (m.Offset % 8) & (1<<m.Bits - 1)
		if raw == 0 {
			return b
		}
		b = appendIndent(p.flush(b), depth)
		b = append(b, '.')
		b = append(b, m.Name...)
		b = append(b, " = ("...)
		b = append(b, printName(m.Type)...)
		b = append(b, ')')
		b = appendScalar(b, m.Type, nil, raw, m.Bits)
		return append(b, ",\n"...)
	}
	if allZero(v) {
		return b
	}
	b = appendIndent(p.flush(b), depth)
	if m.Name != "" {
		b = append(b, '.')
		b = append(b, m.Name...)
		b = append(b, " = "...)
	}
	return p.appendValue(b, m.Type, v, base+off, depth, ",\n")
}

// appendScalar appends the value of an integer, enum, pointer or float
// type t: from data, or, for a bitfield of width bits, the raw value.
func appendScalar(b []byte, t *ctype.Type, data []byte, raw uint64, bits uint16) []byte {
	r := ctype.Resolve(t)
	if bits == 0 {
		raw = loadUint(data)
		bits = uint16(8 * len(data))
	}
	signed := r.Enc&ctype.Signed != 0
	var s int64
	if bits > 0 && bits < 64 {
		s = int64(raw<<(64-bits)) >> (64 - bits)
	} else {
		s = int64(raw)
	}
	switch r.Kind {
	case ctype.Pointer:
		b = append(b, "0x"...)
		return strconv.AppendUint(b, raw, 16)
	case ctype.Enum:
		for _, e := range r.Enumerators {
			if e.Value == s || !signed && uint64(e.Value) == raw {
				return append(b, e.Name...)
			}
		}
		if signed {
			return strconv.AppendInt(b, s, 10)
		}
		return strconv.AppendUint(b, raw, 10)
	case ctype.Int:
		// As in DTrace, only a type named char shows characters: not
		// unsigned char, nor a typedef of char such as __u8.
		if r.Enc&ctype.Char != 0 && r.Size == 1 && printName(t) == "char" {
			c := byte(raw)
			if c >= 0x20 && c < 0x7f {
				return append(b, '\'', c, '\'')
			}
		}
		if signed {
			return strconv.AppendInt(b, s, 10)
		}
		return strconv.AppendUint(b, raw, 10)
	}
	// Floats and anything else print their bits in hex, as raw data.
	b = append(b, "0x"...)
	return strconv.AppendUint(b, raw, 16)
}

// printName is the name print() shows for a type: its C name, with
// anonymous structs and unions named by their kind alone.
func printName(t *ctype.Type) string {
	return strings.ReplaceAll(t.String(), " (anon)", "")
}

// isChar reports whether t is a one-byte char type.
func isChar(t *ctype.Type) bool {
	r := ctype.Resolve(t)
	return r.Kind == ctype.Int && r.Size == 1 && r.Enc&ctype.Char != 0
}

// loadUint reads up to 8 bytes as a native-endian unsigned integer.
func loadUint(v []byte) uint64 {
	var buf [8]byte
	copy(buf[:], v)
	return binary.NativeEndian.Uint64(buf[:])
}

// allZero reports whether every byte of v is zero.
func allZero(v []byte) bool {
	for _, c := range v {
		if c != 0 {
			return false
		}
	}
	return true
}
