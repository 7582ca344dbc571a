package syscall

import "github.com/cilium/ebpf/asm"

// Where an x86-64 system call's arguments and number are in the task's
// struct pt_regs, as the raw tracepoints sys_enter and sys_exit see it.

// argRegs are the pt_regs offsets of the syscall arguments: rdi, rsi,
// rdx, r10, r8, r9 (r10 for the fourth, where a function call has rcx).
var argRegs = [...]int16{112, 104, 96, 56, 72, 64}

const (
	// nrOff is orig_ax, which holds the number for the whole call (ax is
	// the return value by sys_exit).
	nrOff  = 120
	nrSize = asm.DWord
	// ptRegsSz is the size of struct pt_regs: what the entry reads.
	ptRegsSz = 168
)
