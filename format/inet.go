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
// more zero groups (the first of equal runs) written "::", and an
// IPv4-mapped address as ::ffff:a.b.c.d.
func InetNtoa6(a [16]byte) string {
	var g [8]uint16
	for i := range g {
		g[i] = uint16(a[2*i])<<8 | uint16(a[2*i+1])
	}
	if g[0] == 0 && g[1] == 0 && g[2] == 0 && g[3] == 0 && g[4] == 0 && g[5] == 0xffff {
		return "::ffff:" + InetNtoa([4]byte{a[12], a[13], a[14], a[15]})
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
		return InetNtoa6([16]byte(addr[:16]))
	}
	return ""
}
