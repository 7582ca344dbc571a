package proc

import "golang.org/x/sys/unix"

// breakInsn is int3, which traps with the PC past it.
var breakInsn = []byte{0xcc}

// trapPC is the address of the breakpoint instruction that trapped.
func trapPC(regs *unix.PtraceRegs) uint64 { return regs.Rip - 1 }

func setPC(regs *unix.PtraceRegs, pc uint64) { regs.Rip = pc }

// regsPC is the instruction pointer.
func regsPC(regs *unix.PtraceRegs) uint64 { return regs.Rip }
