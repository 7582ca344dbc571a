package profile

import (
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/option"
)

// minPeriod is the shortest interval DTrace accepts (200us).
const minPeriod = 200_000

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
		mult, ok := option.TimeUnit(suffix)
		if !ok || n > ^uint64(0)/uint64(mult) {
			return 0
		}
		ns = n * uint64(mult)
	}
	if ns < minPeriod {
		return 0
	}
	return ns
}
