package proc

import "fmt"

// EvalTime says where a created process first stops (dtrace -x evaltime).
type EvalTime int

const (
	// EvalExec stops at the exec stop, before the dynamic linker runs.
	EvalExec EvalTime = iota
	// EvalPreinit stops at the executable's entry point.
	EvalPreinit
	// EvalPostinit stops after the initialisers, which on Linux is main.
	EvalPostinit
	// EvalMain stops at the first instruction of main.
	EvalMain
)

var evalNames = [...]string{"exec", "preinit", "postinit", "main"}

// ParseEvalTime parses a value of the evaltime option.
func ParseEvalTime(s string) (EvalTime, error) {
	for i, n := range evalNames {
		if n == s {
			return EvalTime(i), nil
		}
	}
	return 0, fmt.Errorf("invalid evaltime %q: want exec, preinit, postinit or main", s)
}

func (e EvalTime) String() string {
	if e >= 0 && int(e) < len(evalNames) {
		return evalNames[e]
	}
	return fmt.Sprintf("EvalTime(%d)", int(e))
}
