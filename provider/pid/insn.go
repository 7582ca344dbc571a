package pid

import (
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
