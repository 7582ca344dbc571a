package syscall

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/internal/ptregs"
)

// Where a system call's arguments and number are in the task's struct
// pt_regs, as the raw tracepoints sys_enter and sys_exit see it: package
// ptregs holds every architecture's offsets. arm64 has one table (the
// kernel's generic one) and no compat system calls here: 32-bit tasks are
// not traced by number.
var argRegs = ptregs.SyscallArgs

const (
	nrOff    = ptregs.SyscallNr
	ptRegsSz = ptregs.SyscallRegsSize
)

// nrSize is the width of the number's member, as a load takes it.
var nrSize = map[int]asm.Size{4: asm.Word, 8: asm.DWord}[ptregs.SyscallNrSize]
