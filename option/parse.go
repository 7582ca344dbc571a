package option

import (
	"math"
	"strings"
)

// Unset is the value of an option that has not been set, or has been turned
// off (-x quiet=no); it is DTrace's DTRACEOPT_UNSET.
const Unset int64 = -2

// strtoull reads an unsigned number the way C's strtoull(s, &end, 0) does,
// since DTrace's option values are read with it: optional leading space and
// sign, then 0x for hex, a leading 0 for octal, else decimal. It returns the
// value, the index of the first unread byte (0 when no digits were read), and
// whether the number was negative or overflowed.
func strtoull(s string) (v uint64, end int, neg, overflow bool) {
	i := 0
	for i < len(s) && strings.IndexByte(" \t\n\v\f\r", s[i]) >= 0 {
		i++
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	base := uint64(10)
	switch {
	case i+1 < len(s) && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') && i+2 < len(s) && digit(s[i+2], 16) >= 0:
		base, i = 16, i+2
	case i < len(s) && s[i] == '0':
		base = 8
	}
	start := i
	for ; i < len(s); i++ {
		d := digit(s[i], base)
		if d < 0 {
			break
		}
		if v > (math.MaxUint64-uint64(d))/base {
			overflow = true
		}
		v = v*base + uint64(d)
	}
	if i == start {
		return 0, 0, false, false
	}
	return v, i, neg, overflow
}

func digit(c byte, base uint64) int {
	var d int
	switch {
	case c >= '0' && c <= '9':
		d = int(c - '0')
	case c >= 'a' && c <= 'z':
		d = int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		d = int(c-'A') + 10
	default:
		return -1
	}
	if uint64(d) >= base {
		return -1
	}
	return d
}

// number reads a whole non-negative number, with nothing after it.
func number(s string) (int64, bool) {
	v, end, neg, overflow := strtoull(s)
	if end != len(s) || len(s) == 0 || neg || overflow || v > math.MaxInt64 {
		return 0, false
	}
	return int64(v), true
}

// ParseSize reads a size as DTrace writes it: a number, optionally followed
// by one of the suffixes k, m, g or t (either case) for kibi-, mebi-, gibi-
// and tebibytes: "4m" is 4194304.
func ParseSize(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	mul := int64(1)
	switch s[len(s)-1] {
	case 't', 'T':
		mul = 1 << 40
	case 'g', 'G':
		mul = 1 << 30
	case 'm', 'M':
		mul = 1 << 20
	case 'k', 'K':
		mul = 1 << 10
	}
	digits := s
	if mul > 1 {
		digits = s[:len(s)-1]
	}
	v, ok := number(digits)
	if !ok || v > math.MaxInt64/mul {
		return 0, false
	}
	return v * mul, true
}

// rateSuffixes are the units a time or rate may carry, in nanoseconds; 0
// marks hz, a frequency.
var rateSuffixes = map[string]int64{
	"ns": 1, "nsec": 1,
	"us": 1e3, "usec": 1e3,
	"ms": 1e6, "msec": 1e6,
	"s": 1e9, "sec": 1e9,
	"m": 60e9, "min": 60e9,
	"h": 3600e9, "hour": 3600e9,
	"d": 86400e9, "day": 86400e9,
	"hz": 0,
}

// TimeUnit returns how many nanoseconds one of a time unit DTrace accepts
// is (ns, us, ms, s, m, h, d and their long forms, any case); hz, a
// frequency, is a unit too and gives 0.
func TimeUnit(suffix string) (int64, bool) {
	ns, ok := rateSuffixes[strings.ToLower(suffix)]
	return ns, ok
}

// ParseRate reads a time interval in nanoseconds as DTrace writes it: a
// number with an optional unit (ns, us, ms, s, m, h, d and their long forms,
// any case), or a frequency in hz ("10hz" is every 100000000ns). A bare
// number is in nanoseconds.
func ParseRate(s string) (int64, bool) {
	v, end, neg, overflow := strtoull(s)
	if neg || overflow || v > math.MaxInt64 {
		return 0, false
	}
	mul := int64(1)
	if suffix := s[end:]; suffix != "" {
		m, ok := TimeUnit(suffix)
		if !ok {
			return 0, false
		}
		mul = m
	}
	n := int64(v)
	if mul == 0 {
		if n != 0 {
			n = 1e9 / n
		}
		return n, true
	}
	if n > math.MaxInt64/mul {
		return 0, false
	}
	return n * mul, true
}

// boolWords are the words a boolean option accepts besides numbers; the
// second of each pair turns the option off.
var boolWords = [][2]string{
	{"yes", "no"}, {"enable", "disable"}, {"enabled", "disabled"},
	{"true", "false"}, {"on", "off"}, {"set", "unset"},
}

// parseRuntime reads the value of a boolean or counting option: no value
// sets it (to 0, which is "set"), an empty value or a negative word unsets
// it, a positive word is 1, and anything else must be a number.
func parseRuntime(value string, has bool) (int64, bool) {
	if !has {
		return 0, true
	}
	if value == "" {
		return Unset, true
	}
	for _, w := range boolWords {
		switch {
		case strings.EqualFold(value, w[0]):
			return 1, true
		case strings.EqualFold(value, w[1]):
			return Unset, true
		}
	}
	return number(value)
}

// atoi reads a leading decimal integer as C's atoi does: 0 when there is none.
func atoi(s string) int64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	var n int64
	for i := 0; i < len(s) && s[i] >= '0' && s[i] <= '9' && n < math.MaxInt32; i++ {
		n = n*10 + int64(s[i]-'0')
	}
	if neg {
		return -n
	}
	return n
}
