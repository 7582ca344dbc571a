package profile

import (
	"strconv"
	"strings"
)

// minPeriod is the shortest interval DTrace accepts (200us).
const minPeriod = 200_000

var units = map[string]uint64{
	"ns": 1, "nsec": 1,
	"us": 1e3, "usec": 1e3,
	"ms": 1e6, "msec": 1e6,
	"s": 1e9, "sec": 1e9,
	"m": 60e9, "min": 60e9,
	"h": 3600e9, "hour": 3600e9,
	"d": 86400e9, "day": 86400e9,
}

// parsePeriod returns the interval in nanoseconds that the part of a probe
// name after "profile-" or "tick-" gives, or 0 when it gives none DTrace
// accepts. Units are case-insensitive.
func parsePeriod(s string) uint64 {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	n, err := strconv.ParseUint(s[:i], 10, 64)
	if err != nil || n == 0 {
		return 0
	}
	var ns uint64
	switch suffix := strings.ToLower(s[i:]); suffix {
	case "", "hz":
		ns = 1e9 / n
	default:
		mult, ok := units[suffix]
		if !ok || n > ^uint64(0)/mult {
			return 0
		}
		ns = n * mult
	}
	if ns < minPeriod {
		return 0
	}
	return ns
}
