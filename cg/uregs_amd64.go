package cg

// uregThread names the members of the task's struct thread_struct that
// uregs[21] to uregs[25] read, as DTrace for Linux does on x86-64: the
// segment registers and the trap number are not in pt_regs.
var uregThread = [...]string{"ds", "es", "fsbase", "gsbase", "trap_nr"}

// entryReturnReg is -1: on x86-64 the call pushed the return address
// (arm64 keeps it in a register).
const entryReturnReg = -1

// entryReturnAtSP: at a function's first instruction (a pid entry probe)
// the return address is at the top of the stack. The kernel's
// frame-pointer walk finds it there only when that instruction is
// push %rbp, which a Go function's is not: elsewhere it takes the
// caller's caller.
const entryReturnAtSP = true
