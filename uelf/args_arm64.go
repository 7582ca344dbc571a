package uelf

// On arm64 notes are in the arm64 assembler's syntax and registers are
// arm64's.

// RegPC is the program counter.
const RegPC = RegA64PC

func parseArg(s string) (Arg, error) { return parseArgARM64(s) }

func (r Reg) String() string { return regNameARM64(r) }

// String writes the argument back in stapsdt syntax.
func (a Arg) String() string { return a.stringARM64() }
