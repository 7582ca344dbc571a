package format

import (
	"math"
	"strconv"
)

// spec is one conversion as printf(3) would see it after DTrace has built
// its format: flags, width (negative when taken from a negative '*'
// argument) and precision (0 = none).
type spec struct {
	flags Flag
	width int
	prec  int
}

func (s spec) left() bool { return s.flags&FlagLeft != 0 || s.width < 0 }

func (s spec) absWidth() int {
	if s.width < 0 {
		return -s.width
	}
	return s.width
}

// pad appends body padded to the field width: on the right for '-', with
// zeros after the sign and prefix when zero is set, else on the left.
func pad(dst []byte, s spec, sign, body string, zero bool) []byte {
	n := s.absWidth() - len(sign) - len(body)
	if n <= 0 {
		dst = append(dst, sign...)
		return append(dst, body...)
	}
	switch {
	case s.left():
		dst = append(dst, sign...)
		dst = append(dst, body...)
		return appendRepeat(dst, ' ', n)
	case zero:
		dst = append(dst, sign...)
		dst = appendRepeat(dst, '0', n)
		return append(dst, body...)
	default:
		dst = appendRepeat(dst, ' ', n)
		dst = append(dst, sign...)
		return append(dst, body...)
	}
}

func appendRepeat(dst []byte, c byte, n int) []byte {
	for ; n > 0; n-- {
		dst = append(dst, c)
	}
	return dst
}

// appendInt formats an integer as C's printf does for verb (d i u o x X),
// given its magnitude and sign.
func appendInt(dst []byte, s spec, verb byte, mag uint64, neg bool) []byte {
	var sign string
	if verb == 'd' || verb == 'i' {
		switch {
		case neg:
			sign = "-"
		case s.flags&FlagPlus != 0:
			sign = "+"
		case s.flags&FlagSpace != 0:
			sign = " "
		}
	}
	base := 10
	switch verb {
	case 'o':
		base = 8
	case 'x', 'X':
		base = 16
	}
	var buf [24]byte
	digits := strconv.AppendUint(buf[:0], mag, base)
	if verb == 'X' {
		for i, c := range digits {
			if c >= 'a' && c <= 'f' {
				digits[i] = c - 'a' + 'A'
			}
		}
	}
	if s.prec > len(digits) {
		z := make([]byte, s.prec-len(digits), s.prec)
		for i := range z {
			z[i] = '0'
		}
		digits = append(z, digits...)
	}
	if s.flags&FlagAlt != 0 {
		switch {
		case verb == 'o' && digits[0] != '0':
			sign += "0"
		case verb == 'x' && mag != 0:
			sign += "0x"
		case verb == 'X' && mag != 0:
			sign += "0X"
		}
	}
	return pad(dst, s, sign, string(digits), s.flags&FlagZero != 0 && s.prec == 0)
}

// appendStr formats a string for %s: the precision truncates it.
func appendStr(dst []byte, s spec, str string) []byte {
	if s.prec > 0 && len(str) > s.prec {
		str = str[:s.prec]
	}
	return pad(dst, s, "", str, false)
}

// appendChar formats %c: the value converted to unsigned char.
func appendChar(dst []byte, s spec, c byte) []byte {
	return pad(dst, s, "", string([]byte{c}), false)
}

// appendFloat formats a floating-point value for verb (e E f g G) as C's
// printf does.
func appendFloat(dst []byte, s spec, verb byte, f float64) []byte {
	var sign string
	switch {
	case math.Signbit(f):
		sign = "-"
		f = -f
	case s.flags&FlagPlus != 0:
		sign = "+"
	case s.flags&FlagSpace != 0:
		sign = " "
	}
	upper := verb == 'E' || verb == 'G'
	if math.IsInf(f, 0) || math.IsNaN(f) {
		body := "inf"
		if math.IsNaN(f) {
			body = "nan"
		}
		if upper {
			body = map[string]string{"inf": "INF", "nan": "NAN"}[body]
		}
		return pad(dst, s, sign, body, false)
	}
	prec := s.prec
	if prec == 0 {
		prec = 6
	}
	alt := s.flags&FlagAlt != 0
	var body []byte
	switch verb {
	case 'e', 'E':
		body = strconv.AppendFloat(nil, f, 'e', prec, 64)
	case 'f':
		body = strconv.AppendFloat(nil, f, 'f', prec, 64)
	default:
		// %g: exponent form when the exponent is below -4 or at least the
		// precision, trailing zeros removed unless '#'.
		e := strconv.AppendFloat(nil, f, 'e', prec-1, 64)
		x, _ := strconv.Atoi(string(e[indexByte(e, 'e')+1:]))
		if x < -4 || x >= prec {
			body = e
			if !alt {
				body = trimZerosExp(body)
			}
		} else {
			body = strconv.AppendFloat(nil, f, 'f', prec-1-x, 64)
			if !alt {
				body = trimZeros(body)
			}
		}
	}
	if alt && indexByte(body, '.') < 0 {
		if i := indexByte(body, 'e'); i >= 0 {
			body = append(body[:i], append([]byte{'.'}, body[i:]...)...)
		} else {
			body = append(body, '.')
		}
	}
	if upper {
		for i, c := range body {
			if c == 'e' {
				body[i] = 'E'
			}
		}
	}
	return pad(dst, s, sign, string(body), s.flags&FlagZero != 0)
}

func indexByte(b []byte, c byte) int {
	for i, x := range b {
		if x == c {
			return i
		}
	}
	return -1
}

func trimZeros(b []byte) []byte {
	if indexByte(b, '.') < 0 {
		return b
	}
	for len(b) > 0 && b[len(b)-1] == '0' {
		b = b[:len(b)-1]
	}
	if len(b) > 0 && b[len(b)-1] == '.' {
		b = b[:len(b)-1]
	}
	return b
}

func trimZerosExp(b []byte) []byte {
	i := indexByte(b, 'e')
	mant := trimZeros(append([]byte(nil), b[:i]...))
	return append(mant, b[i:]...)
}
