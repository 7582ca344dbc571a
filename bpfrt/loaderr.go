package bpfrt

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
)

// LoadError is a program the kernel refused to load. Its message is one
// line in DTrace's words, naming the probe and what was refused; the
// verifier's log, which describes the machine rather than the script,
// is kept for -x bpflog and -v.
type LoadError struct {
	// Program is the kernel's name of the program.
	Program string
	// Probes are those the program fires (Builder.Probes), which the
	// caller sets; messages name the first.
	Probes []ProbeRef
	// Err is the system error of the load.
	Err error
	// Log is the verifier's log, one line each; nil when it gave none.
	Log []string
}

// ProgramName names a program in a message as DTrace does: by the first
// probe it fires, with the count of the others ("'syscall::read:entry'
// and 2 other probes"), or by the kernel's name of it when it fires none.
func ProgramName(program string, probes []ProbeRef) string {
	what := "'" + program + "'"
	if len(probes) > 0 {
		what = "'" + probes[0].Name + "'"
	}
	if n := len(probes) - 1; n == 1 {
		what += " and 1 other probe"
	} else if n > 1 {
		what += fmt.Sprintf(" and %d other probes", n)
	}
	return what
}

func (e *LoadError) Error() string {
	msg := fmt.Sprintf("BPF program load for %s failed: %s", ProgramName(e.Program, e.Probes), Strerror(e.Err))
	if r := e.Reason(); r != "" {
		msg += " (" + r + ")"
	}
	return msg
}

func (e *LoadError) Unwrap() error { return e.Err }

// refusals map what the verifier's log says, in its last lines, to what
// the user is told: the limit or the construct refused.
var refusals = []struct{ log, reason string }{
	{"BPF program is too large", "the program is too complex for the BPF verifier: over a million instructions to check"},
	{"is too complex", "the program is too complex for the BPF verifier: too many paths to check"},
	{"jump out of range", "the program is too large: a jump is beyond the 32,767 instructions BPF jumps reach"},
	{"too many subprograms", "too many clauses for one probe's program"},
	{"combined stack size", "the clauses need more stack than BPF allows"},
	{"unreachable insn", "the program has code BPF cannot reach"},
	{"back-edge", "the program has a loop BPF cannot bound"},
	{"infinite loop", "the program has a loop BPF cannot bound"},
	{"unknown func", "the program calls a BPF helper this kernel lacks"},
	{"invalid func", "the program calls a BPF helper this kernel lacks"},
	{"cannot call", "the program calls a BPF helper this probe's type may not use"},
	{"outside of the allowed memory range", "a memory access the BPF verifier could not prove in bounds"},
	{"invalid access to map value", "a memory access the BPF verifier could not prove in bounds"},
	{"invalid mem access", "a memory access the BPF verifier could not prove valid"},
	{"invalid read from stack", "a read of uninitialized stack memory"},
	{"out of bounds", "a memory access the BPF verifier could not prove in bounds"},
}

// Reason says what the verifier refused, from its log; "" when the log
// says nothing known. An unknown refusal points to -x bpflog.
func (e *LoadError) Reason() string {
	if len(e.Log) == 0 {
		return ""
	}
	// The refusal is near the end, before the statistics line.
	for i := len(e.Log) - 1; i >= 0 && i >= len(e.Log)-6; i-- {
		for _, r := range refusals {
			if strings.Contains(e.Log[i], r.log) {
				return r.reason
			}
		}
	}
	return "refused by the BPF verifier; -x bpflog prints its log"
}

// Strerror is strerror(3)'s text of a system error, as DTrace prints
// it (capitalised), or err's own text.
func Strerror(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		s := errno.Error()
		if s != "" {
			s = strings.ToUpper(s[:1]) + s[1:]
		}
		return s
	}
	return err.Error()
}
