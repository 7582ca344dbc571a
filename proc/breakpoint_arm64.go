package proc

import "golang.org/x/sys/unix"

// breakInsn is BRK #0 (0xd4200000, little-endian), which traps with the PC
// on it.
var breakInsn = []byte{0x00, 0x00, 0x20, 0xd4}

// trapPC is the address of the breakpoint instruction that trapped.
func trapPC(regs *unix.PtraceRegs) uint64 { return regs.Pc }

func setPC(regs *unix.PtraceRegs, pc uint64) { regs.Pc = pc }

// regsPC is the instruction pointer.
func regsPC(regs *unix.PtraceRegs) uint64 { return regs.Pc }
