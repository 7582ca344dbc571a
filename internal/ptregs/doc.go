// Package ptregs says where the registers are in the kernel's struct
// pt_regs on the architecture godtrace is built for: the function-call
// argument and return registers that pid, usdt, fbt and kprobe programs
// read, the stack, frame and instruction pointers the unwinders start
// from, the mode bits the profile provider tells user from kernel with,
// how many words uregs[] indexes straight from pt_regs, and where the
// syscall provider finds a system call's arguments and number. Each
// architecture has one file (ptregs_amd64.go, ptregs_arm64.go) defining
// the same names; nothing here branches on runtime.GOARCH.
//
// On x86-64 struct pt_regs starts r15, r14, ..., so a register's offset
// is its slot in that order times 8 (uelf.Reg numbers USDT operands'
// registers by the same slots, which a test holds together); on arm64 the user part of pt_regs
// is struct user_pt_regs (x0-x30, sp, pc, pstate), so x<n> is at 8*n.
package ptregs
