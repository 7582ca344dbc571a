package pid

import (
	"errors"
	"fmt"

	"golang.org/x/arch/x86/x86asm"
)

// instructions returns the offsets of the instructions of the function of
// size bytes at file offset off of path, decoding x86-64 from its start
// as fasttrap does. Decoding stops at bytes that are no instruction
// (padding or data after the last one, or a truncated instruction, which
// x86asm returns with no opcode): probing them could corrupt code.
func instructions(path string, off, size uint64) ([]uint64, error) {
	code, err := readCode(path, off, size)
	if err != nil {
		return nil, err
	}
	return decode(code)
}

// decode returns the offsets of the instructions in code.
func decode(code []byte) ([]uint64, error) {
	var offs []uint64
	for pc := 0; pc < len(code); {
		in, err := x86asm.Decode(code[pc:], 64)
		if err != nil || in.Len == 0 || in.Op == 0 {
			if pc == 0 {
				return nil, fmt.Errorf("no instruction at the function's start: %w", err)
			}
			break
		}
		offs = append(offs, uint64(pc))
		pc += in.Len
	}
	return offs, nil
}

// errStepInsn is why a site is left out without asking the kernel.
var errStepInsn = errors.New("uprobes cannot take its instruction (lock prefix or VEX/EVEX encoding)")

// uprobeRefuses says whether x86-64 uprobes refuse the instruction that
// code starts with, as the kernel's instruction check does: one with a
// lock or an es/cs/ss/ds segment prefix, or a VEX or EVEX encoding.
// Asking the kernel costs a failed uprobe_multi link, which registers
// and then unregisters every uprobe before the refused one; this spares
// that for the sites it knows. It errs only towards "not refused": the
// kernel still decides the rest.
func uprobeRefuses(code []byte) bool {
	for _, b := range code {
		switch {
		case b == 0xf0, b == 0x26, b == 0x2e, b == 0x36, b == 0x3e:
			return true
		case b == 0x66, b == 0x67, b == 0xf2, b == 0xf3, b == 0x64, b == 0x65, b >= 0x40 && b <= 0x4f:
			// Another prefix, or REX: the opcode follows.
		case b == 0xc4, b == 0xc5, b == 0x62:
			return true
		default:
			return false
		}
	}
	return false
}
