package proc

import "github.com/godtrace/godtrace/provider/internal/stable"

// readSyscallNr sets args[dst] to the number of the system call whose
// struct pt_regs is args[0]: arm64 keeps it in syscallno, a signed 32-bit
// member (x8 is the caller's to change).
func readSyscallNr(dst int) stable.Step { return stable.Read(dst, 0, "pt_regs", "syscallno", 4) }

// readSyscallArg sets args[dst] to argument n (0 or 1) of the system
// call whose struct pt_regs is args[0]: the first is orig_x0, as the call
// saw it (x0 is the return value by then), the second regs[1].
func readSyscallArg(dst, n int) stable.Step {
	if n == 0 {
		return stable.Read(dst, 0, "pt_regs", "orig_x0", 8)
	}
	return stable.ReadAt(dst, 0, 8*int32(n), 8)
}
