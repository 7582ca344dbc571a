package syscall

import "github.com/cilium/ebpf/asm"

// Where an arm64 system call's arguments and number are in the task's
// struct pt_regs, as the raw tracepoints sys_enter and sys_exit see it.
// arm64 has one table (the kernel's generic one) and no compat system
// calls here: 32-bit tasks are not traced by number.

// argRegs are the pt_regs offsets of the syscall arguments. x0 is
// orig_x0 (offset 272), the first argument as the call saw it: regs[0]
// becomes the return value, and the kernel's own syscall_get_arguments
// reads orig_x0 too. x1-x5 are regs[1] to regs[5].
var argRegs = [...]int16{272, 8, 16, 24, 32, 40}

const (
	// nrOff is syscallno, a signed 32-bit member after orig_x0: x8 holds
	// the number on entry but is the caller's register, free to change.
	nrOff  = 280
	nrSize = asm.Word
	// ptRegsSz covers user_pt_regs (x0-x30, sp, pc, pstate), orig_x0 and
	// syscallno: all the entry and the return read.
	ptRegsSz = 288
)
