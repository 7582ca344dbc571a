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
// their first NUL.
func AppendPrint(b []byte, t *ctype.Type, addr uint64, deref bool, data []byte) []byte {
	if deref {
		b = append(b, "0x"...)
		b = strconv.AppendUint(b, addr, 16)
		b = append(b, " = *\n"...)
		t = ctype.Resolve(t).Elem
	}
	b = appendIndent(b, PrintIndent)
	b = appendPrintValue(b, t, data, PrintIndent)
	return append(b, '\n')
}

// appendIndent appends n spaces.
func appendIndent(b []byte, n int) []byte {
	for range n {
		b = append(b, ' ')
	}
	return b
}

// appendPrintValue appends "(type)value" of t in data, with the lines of
// an aggregate's contents indented by depth+1 and its closing bracket by
// depth.
func appendPrintValue(b []byte, t *ctype.Type, data []byte, depth int) []byte {
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
			b = appendMember(b, m, data, depth+1)
		}
		b = appendIndent(b, depth)
		return append(b, '}')
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
			b = appendIndent(b, depth+1)
			b = appendPrintValue(b, r.Elem, e, depth+1)
			b = append(b, ",\n"...)
		}
		b = appendIndent(b, depth)
		return append(b, ']')
	}
	return appendScalar(b, r, data, 0, 0)
}

// appendMember appends the line(s) of one struct or union member, or
// nothing when its bytes are all zero.
func appendMember(b []byte, m ctype.Member, data []byte, depth int) []byte {
	off := int(m.Offset / 8)
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
		b = appendIndent(b, depth)
		b = append(b, '.')
		b = append(b, m.Name...)
		b = append(b, " = ("...)
		b = append(b, printName(m.Type)...)
		b = append(b, ')')
		b = appendScalar(b, ctype.Resolve(m.Type), nil, raw, m.Bits)
		return append(b, ",\n"...)
	}
	if allZero(v) {
		return b
	}
	b = appendIndent(b, depth)
	if m.Name != "" {
		b = append(b, '.')
		b = append(b, m.Name...)
		b = append(b, " = "...)
	}
	b = appendPrintValue(b, m.Type, v, depth)
	return append(b, ",\n"...)
}

// appendScalar appends the value of an integer, enum, pointer or float
// type r: from data, or, for a bitfield of width bits, the raw value.
func appendScalar(b []byte, r *ctype.Type, data []byte, raw uint64, bits uint16) []byte {
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
		if r.Enc&ctype.Char != 0 && r.Size == 1 {
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
