package proc

import "github.com/godtrace/godtrace/provider/internal/stable"

// readSyscallNr sets args[dst] to the number of the system call whose
// struct pt_regs is args[0]: x86-64 keeps it in orig_ax.
func readSyscallNr(dst int) stable.Step { return stable.Read(dst, 0, "pt_regs", "orig_ax", 8) }

// readSyscallArg sets args[dst] to argument n (0 or 1) of the system
// call whose struct pt_regs is args[0]: rdi, rsi.
func readSyscallArg(dst, n int) stable.Step {
	return stable.Read(dst, 0, "pt_regs", [...]string{"di", "si"}[n], 8)
}
