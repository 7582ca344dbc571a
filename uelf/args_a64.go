package uelf

import (
	"fmt"
	"strconv"
	"strings"
)

// arm64 registers in struct user_pt_regs order (x0-x30, sp, pc, pstate),
// which starts the kernel's struct pt_regs.
const (
	RegX0 Reg = iota
	RegX1
	RegX2
	RegX3
	RegX4
	RegX5
	RegX6
	RegX7
	RegX8
	RegX9
	RegX10
	RegX11
	RegX12
	RegX13
	RegX14
	RegX15
	RegX16
	RegX17
	RegX18
	RegX19
	RegX20
	RegX21
	RegX22
	RegX23
	RegX24
	RegX25
	RegX26
	RegX27
	RegX28
	RegX29 // the frame pointer
	RegX30 // the link register
	RegA64SP
	RegA64PC
	RegA64PSTATE
)

func regNameARM64(r Reg) string {
	switch {
	case r <= RegX30:
		return "x" + strconv.Itoa(int(r))
	case r == RegA64SP:
		return "sp"
	case r == RegA64PC:
		return "pc"
	case r == RegA64PSTATE:
		return "pstate"
	}
	return "none"
}

// regARM64 reads a register as an arm64 operand names it: x0-x30 (64
// bits), w0-w30 (their low 32 bits), sp.
func regARM64(s string) (Reg, int, bool) {
	if s == "sp" {
		return RegA64SP, 64, true
	}
	if len(s) < 2 || (s[0] != 'x' && s[0] != 'w') {
		return RegNone, 0, false
	}
	n, err := strconv.Atoi(s[1:])
	if err != nil || n < 0 || n > 30 || strconv.Itoa(n) != s[1:] {
		return RegNone, 0, false
	}
	if s[0] == 'w' {
		return Reg(n), 32, true
	}
	return Reg(n), 64, true
}

// parseArgARM64 reads one arm64 operand as GCC's <sys/sdt.h> writes it:
// a register ("x1", "w0", "sp"), memory at a base register and an
// optional offset ("[sp, 16]", "[x0]", "[x29, -4]", the offset perhaps
// with the assembler's '#'), or a constant ("42", "#42").
func parseArgARM64(s string) (Arg, error) {
	a, s := cutSize(s)
	switch {
	case s == "":
		return a, fmt.Errorf("empty operand")
	case s[0] == '[':
		inner, ok := strings.CutSuffix(s[1:], "]")
		if !ok || strings.ContainsAny(inner, "[]") {
			return a, fmt.Errorf("bad memory operand")
		}
		base, off, hasOff := strings.Cut(inner, ",")
		r, bits, ok := regARM64(strings.TrimSpace(base))
		if !ok || bits != 64 {
			return a, fmt.Errorf("bad address register %q", strings.TrimSpace(base))
		}
		a.Kind, a.Base = ArgMem, r
		if hasOff {
			n, err := parseInt(strings.TrimPrefix(strings.TrimSpace(off), "#"))
			if err != nil {
				return a, fmt.Errorf("bad offset %q", strings.TrimSpace(off))
			}
			a.Offset = n
		}
	case s[0] == '#' || s[0] == '-' || s[0] == '+' || s[0] >= '0' && s[0] <= '9':
		c, err := parseInt(strings.TrimPrefix(s, "#"))
		if err != nil {
			return a, fmt.Errorf("bad constant: %w", err)
		}
		a.Kind, a.Const = ArgConst, c
	default:
		r, bits, ok := regARM64(s)
		if !ok {
			return a, fmt.Errorf("unknown register %s", s)
		}
		a.Kind, a.Reg, a.RegBits = ArgReg, r, bits
	}
	return a, nil
}

// stringARM64 writes an arm64 argument back in stapsdt syntax.
func (a Arg) stringARM64() string {
	var op string
	switch a.Kind {
	case ArgConst:
		op = strconv.FormatInt(a.Const, 10)
	case ArgReg:
		op = regNameARM64(a.Reg)
		if a.RegBits == 32 {
			op = "w" + op[1:]
		}
	case ArgMem:
		op = "[" + regNameARM64(a.Base)
		if a.Offset != 0 {
			op += ", " + strconv.FormatInt(a.Offset, 10)
		}
		op += "]"
	}
	return a.withSize(op)
}
