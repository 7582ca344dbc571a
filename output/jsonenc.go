package output

import (
	"math"
	"strconv"
	"unicode/utf8"
)

// The JSON encoding appends to a byte slice, as the text output does, so
// that a record costs no more than its text.

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string. Bytes that are not UTF-8
// become U+FFFD: JSON text is Unicode, and D strings are bytes.
func appendString(dst []byte, s string) []byte {
	return append(appendStringBody(append(dst, '"'), s), '"')
}

// appendStringBody appends s escaped, without the quotes.
func appendStringBody(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		// Runs of printable ASCII go in at once.
		j := i
		for j < len(s) && plain[s[j]] {
			j++
		}
		dst = append(dst, s[i:j]...)
		if i = j; i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				dst = append(dst, '\\', c)
			case c >= 0x20:
				dst = append(dst, c)
			case c == '\n':
				dst = append(dst, '\\', 'n')
			case c == '\t':
				dst = append(dst, '\\', 't')
			case c == '\r':
				dst = append(dst, '\\', 'r')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			dst = append(dst, `\ufffd`...)
		} else {
			dst = append(dst, s[i:i+n]...)
		}
		i += n
	}
	return dst
}

// plain marks the bytes a JSON string holds as they are: printable ASCII
// but the quote and the backslash.
var plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendKey appends a member's name and colon, after a comma unless it
// is the first member of its object.
func appendKey(dst []byte, name string) []byte {
	if c := dst[len(dst)-1]; c != '{' && c != '[' {
		dst = append(dst, ',')
	}
	dst = append(dst, '"')
	dst = append(dst, name...)
	return append(dst, '"', ':')
}

func appendStringMember(dst []byte, name, s string) []byte {
	return appendString(appendKey(dst, name), s)
}

func appendIntMember(dst []byte, name string, v int64) []byte {
	return strconv.AppendInt(appendKey(dst, name), v, 10)
}

func appendUintMember(dst []byte, name string, v uint64) []byte {
	return strconv.AppendUint(appendKey(dst, name), v, 10)
}

// appendHexMember appends an address as a string of hex digits: kernel
// addresses are beyond the integers a JSON number holds exactly in most
// readers.
func appendHexMember(dst []byte, name string, v uint64) []byte {
	dst = append(appendKey(dst, name), '"', '0', 'x')
	dst = strconv.AppendUint(dst, v, 16)
	return append(dst, '"')
}

// appendFloat appends a finite float as a number, and NaN and the
// infinities, which JSON has no number for, as strings.
func appendFloat(dst []byte, f float64) []byte {
	switch {
	case math.IsNaN(f):
		return append(dst, `"NaN"`...)
	case math.IsInf(f, 1):
		return append(dst, `"+Inf"`...)
	case math.IsInf(f, -1):
		return append(dst, `"-Inf"`...)
	}
	return strconv.AppendFloat(dst, f, 'g', -1, 64)
}

// appendComma separates the elements of an array.
func appendComma(dst []byte) []byte {
	if c := dst[len(dst)-1]; c != '[' {
		dst = append(dst, ',')
	}
	return dst
}
