package cg

// uregThread names the members of the task's struct thread_struct that
// uregs[21] to uregs[25] read, as DTrace for Linux does on x86-64: the
// segment registers and the trap number are not in pt_regs.
var uregThread = [...]string{"ds", "es", "fsbase", "gsbase", "trap_nr"}

// entryReturnReg is -1: on x86-64 the call pushed the return address,
// and the kernel's frame-pointer walk takes it from the top of the stack
// at a function's entry (arm64 keeps it in a register).
const entryReturnReg = -1
