package pid

import (
	"fmt"

	"golang.org/x/arch/arm64/arm64asm"
	"golang.org/x/arch/x86/x86asm"
)

// instructions returns the offsets of the instructions of the function of
// size bytes at file offset off of path, decoding from its start as
// fasttrap does (decode is insn_amd64.go's or insn_arm64.go's). Decoding
// x86-64 stops at bytes that are no instruction
// (padding or data after the last one, or a truncated instruction, which
// x86asm returns with no opcode): probing them could corrupt code.
func instructions(path string, off, size uint64) ([]uint64, error) {
	code, err := readCode(path, off, size)
	if err != nil {
		return nil, err
	}
	return decode(code)
}

// decodeAMD64 returns the offsets of the x86-64 instructions in code.
func decodeAMD64(code []byte) ([]uint64, error) {
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

// decodeARM64 returns the offsets of the arm64 instructions in code:
// every 4 bytes, up to the first word that is no instruction (the zero
// padding after a function is UDF, which arm64asm does not decode).
func decodeARM64(code []byte) ([]uint64, error) {
	var offs []uint64
	for pc := 0; pc+4 <= len(code); pc += 4 {
		if _, err := arm64asm.Decode(code[pc:]); err != nil {
			if pc == 0 {
				return nil, fmt.Errorf("no instruction at the function's start: %w", err)
			}
			break
		}
		offs = append(offs, uint64(pc))
	}
	if len(offs) == 0 {
		return nil, fmt.Errorf("no instruction at the function's start")
	}
	return offs, nil
}
