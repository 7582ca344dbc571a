package format

import (
	"strconv"
	"strings"
)

// Address families of inet_ntop().
const (
	AFInet  = 2
	AFInet6 = 10
)

// InetNtoa returns the dotted-quad text of an IPv4 address in network byte
// order, as inet_ntoa() gives it.
func InetNtoa(a [4]byte) string {
	var b []byte
	for i, c := range a {
		if i > 0 {
			b = append(b, '.')
		}
		b = strconv.AppendUint(b, uint64(c), 10)
	}
	return string(b)
}

// InetNtoa6 returns the text of an IPv6 address, as inet_ntoa6() gives it:
// lower-case hex groups without leading zeros, the longest run of two or
// more zero groups (the first of equal runs) written "::", and an IPv4
// address in IPv6 (see IPv4In6) as its dotted quad alone.
func InetNtoa6(a [16]byte) string { return inetNtoa6(a, false) }

// InetNtoa6Strict is inet_ntop()'s text of an IPv6 address, and
// inet_ntoa6()'s with a non-zero second argument: an IPv4 address in IPv6
// keeps its prefix, ::ffff:a.b.c.d mapped or ::a.b.c.d compatible.
func InetNtoa6Strict(a [16]byte) string { return inetNtoa6(a, true) }

// IPv4In6 says whether an IPv6 address holds an IPv4 address, as DTrace
// reads it: five zero groups, then ffff (mapped) or a zero group and two
// groups that are not those of :: or ::1 (compatible).
func IPv4In6(a [16]byte) (v4, mapped bool) {
	for _, b := range a[:10] {
		if b != 0 {
			return false, false
		}
	}
	switch {
	case a[10] == 0xff && a[11] == 0xff:
		return true, true
	case a[10] != 0 || a[11] != 0:
		return false, false
	}
	return a[12] != 0 || a[13] != 0 || a[14] != 0 || a[15] > 1, false
}

func inetNtoa6(a [16]byte, strict bool) string {
	if v4, mapped := IPv4In6(a); v4 {
		prefix := ""
		if strict && mapped {
			prefix = "::ffff:"
		} else if strict {
			prefix = "::"
		}
		return prefix + InetNtoa([4]byte{a[12], a[13], a[14], a[15]})
	}
	var g [8]uint16
	for i := range g {
		g[i] = uint16(a[2*i])<<8 | uint16(a[2*i+1])
	}
	best, bestLen := -1, 1
	for i := 0; i < 8; {
		if g[i] != 0 {
			i++
			continue
		}
		j := i
		for j < 8 && g[j] == 0 {
			j++
		}
		if j-i > bestLen {
			best, bestLen = i, j-i
		}
		i = j
	}
	var sb strings.Builder
	for i := 0; i < 8; i++ {
		if i == best {
			sb.WriteString("::")
			i += bestLen - 1
			continue
		}
		if i > 0 && i != best+bestLen {
			sb.WriteByte(':')
		}
		sb.WriteString(strconv.FormatUint(uint64(g[i]), 16))
	}
	return sb.String()
}

// InetNtop returns the text of an address of family af (AFInet with 4
// bytes, AFInet6 with 16), as inet_ntop() gives it; "" when the family or
// length does not fit.
func InetNtop(af int, addr []byte) string {
	switch {
	case af == AFInet && len(addr) >= 4:
		return InetNtoa([4]byte(addr[:4]))
	case af == AFInet6 && len(addr) >= 16:
		return InetNtoa6Strict([16]byte(addr[:16]))
	}
	return ""
}
