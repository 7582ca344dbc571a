package check

import (
	"path"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/d/ast"
)

// ProbeInfo is how the checker learns which probes a description matches
// and what their arguments are. The driver implements it over the
// providers' probe table; the checker never lists probes itself.
type ProbeInfo interface {
	// Probe returns what args[] is in a clause for desc, as DTrace's
	// dt_probe_info finds it, or nil when desc matches no probe; err
	// reports a failure to list probes.
	Probe(desc *ast.ProbeDesc) (*Match, error)
}

// Match is what a probe description's matches say about args[].
type Match struct {
	// Args are the arguments of the first probe matched.
	Args []ProbeArg
	// Unstable says several probes matched and their provider does not
	// promise that they agree on their arguments: args[] may then not
	// be used.
	Unstable bool
	// Attrs are the attributes of the provider of the first probe
	// matched; nil gives them all Unstable.
	Attrs *ProviderAttrs
}

// ProbeArg is one probe argument as its provider describes it: C type
// names, which the checker resolves in the program's scope, where the D
// library's types (psinfo_t, ...) and translators are.
type ProbeArg struct {
	// Native is the type the probe's context gives.
	Native string
	// Translated is the type args[] gives; "" means Native. A translator
	// from Native to it must be in scope.
	Translated string
	// Mapping is the index of the native argument args[] is made from:
	// several args[] may translate one native (proc:::signal-send's
	// lwpsinfo_t and psinfo_t of one task).
	Mapping int
	// Userland says the native is in the process's memory: a string
	// is read from there.
	Userland bool
}

// BuiltinProbes is the ProbeInfo used when none is configured, for
// checking without a kernel: DTrace's own BEGIN, END and ERROR probes,
// profile-N and tick-N, and syscall entry and return probes, each with
// int64_t arguments.
type BuiltinProbes struct{}

// Probe implements ProbeInfo.
func (BuiltinProbes) Probe(d *ast.ProbeDesc) (*Match, error) {
	match := func(pat, s string) bool {
		if pat == "" {
			return true
		}
		ok, err := path.Match(pat, s)
		return err == nil && ok
	}
	for _, name := range [...]string{"BEGIN", "END", "ERROR"} {
		if match(d.Provider, "dtrace") && d.Module == "" && d.Function == "" && match(d.Name, name) {
			if name == "ERROR" {
				return &Match{Args: Int64Args(6)}, nil
			}
			return &Match{}, nil
		}
	}
	if match(d.Provider, "profile") && d.Module == "" && d.Function == "" && isRateName(d.Name) {
		return &Match{Args: Int64Args(2)}, nil
	}
	if match(d.Provider, "syscall") && (d.Provider != "" || d.Function != "") &&
		(match(d.Name, "entry") || match(d.Name, "return")) {
		return &Match{Args: Int64Args(6)}, nil
	}
	return nil, nil
}

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

// Int64Args returns n untranslated int64_t arguments.
func Int64Args(n int) []ProbeArg {
	a := make([]ProbeArg, n)
	for i := range a {
		a[i] = ProbeArg{Native: "int64_t", Mapping: i}
	}
	return a
}
