package cg

// uregThread names the members of the task's struct thread_struct that
// uregs[21] to uregs[25] read, as DTrace for Linux does on x86-64: the
// segment registers and the trap number are not in pt_regs.
var uregThread = [...]string{"ds", "es", "fsbase", "gsbase", "trap_nr"}
