package check

import (
	"path"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
)

// BuiltinProbes is the ProbeInfo used when none is configured: DTrace's
// own BEGIN, END and ERROR probes, profile-N and tick-N, and syscall
// entry and return probes, each with int64_t arguments. Providers supply
// the real set.
type BuiltinProbes struct{}

// Probe implements ProbeInfo.
func (BuiltinProbes) Probe(d *ast.ProbeDesc) ([]*ctype.Type, bool) {
	match := func(pat, s string) bool {
		if pat == "" {
			return true
		}
		ok, err := path.Match(pat, s)
		return err == nil && ok
	}
	args := BuiltinProbes{}.argsN
	for _, name := range [...]string{"BEGIN", "END", "ERROR"} {
		if match(d.Provider, "dtrace") && d.Module == "" && d.Function == "" && match(d.Name, name) {
			if name == "ERROR" {
				return args(6), true
			}
			return nil, true
		}
	}
	if match(d.Provider, "profile") && d.Module == "" && d.Function == "" && isRateName(d.Name) {
		return args(2), true
	}
	if match(d.Provider, "syscall") && (d.Provider != "" || d.Function != "") &&
		(match(d.Name, "entry") || match(d.Name, "return")) {
		return args(6), true
	}
	return nil, false
}

var int64Type = ctype.NewTypedef("int64_t", ctype.LongType)

// isRateName reports whether name is profile-RATE or tick-RATE with a
// rate such as 97, 10ms or 1s.
func isRateName(name string) bool {
	rest, ok := strings.CutPrefix(name, "profile-")
	if !ok {
		rest, ok = strings.CutPrefix(name, "tick-")
	}
	if !ok {
		return false
	}
	num := strings.TrimRight(rest, "abcdefghijklmnopqrstuvwxyz")
	unit := rest[len(num):]
	if _, err := strconv.ParseUint(num, 10, 64); err != nil {
		return false
	}
	switch unit {
	case "", "ns", "nsec", "us", "usec", "ms", "msec", "s", "sec", "m", "min", "h", "hour", "d", "day", "hz":
		return true
	}
	return false
}

func (BuiltinProbes) argsN(n int) []*ctype.Type {
	a := make([]*ctype.Type, n)
	for i := range a {
		a[i] = int64Type
	}
	return a
}
