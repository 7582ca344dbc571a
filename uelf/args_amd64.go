package uelf

// On x86-64 notes are in AT&T syntax and registers are x86-64's.

// RegPC is the instruction pointer, rip.
const RegPC = RegRIP

func parseArg(s string) (Arg, error) { return parseArgAMD64(s) }

func (r Reg) String() string { return regNameAMD64(r) }

// String writes the argument back in stapsdt syntax.
func (a Arg) String() string { return a.stringAMD64() }
