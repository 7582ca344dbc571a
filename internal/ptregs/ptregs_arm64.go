package ptregs

// Arch names the architecture in messages.
const Arch = "arm64"

// CallArgs are the offsets of the AAPCS64 integer argument registers:
// x0-x7.
var CallArgs = [...]int16{0, 8, 16, 24, 32, 40, 48, 56}

// SyscallArgs are the offsets of a system call's arguments. The first is
// orig_x0 (offset 272), the first argument as the call saw it: regs[0]
// becomes the return value, and the kernel's own syscall_get_arguments
// reads orig_x0 too. x1-x5 are regs[1] to regs[5].
var SyscallArgs = [...]int16{272, 8, 16, 24, 32, 40}

const (
	// SyscallNr is syscallno, a signed 32-bit member after orig_x0: x8
	// holds the number on entry but is the caller's register, free to
	// change. SyscallRegsSize covers user_pt_regs (x0-x30, sp, pc,
	// pstate), orig_x0 and syscallno: all the entry and the return read.
	SyscallNr       = 280
	SyscallNrSize   = 4
	SyscallRegsSize = 288
	// Ret is x0, a function's return value.
	Ret = 0
	// FP is x29, the frame pointer; SP and PC follow x30 (the link
	// register) in user_pt_regs.
	FP = 29 * 8
	SP = 31 * 8
	PC = 32 * 8
	// StackArgs is where the first argument passed on the stack is,
	// from SP at a function's first instruction: at SP, since bl leaves
	// the return address in x30, not on the stack.
	StackArgs = 0
	// Mode is pstate, whose low four bits (ModeMask) are the exception
	// level and stack pointer choice: ModeUser (0, EL0t) in user mode.
	Mode     = 33 * 8
	ModeMask = 0xf
	ModeUser = 0
	// Words is how many registers user_pt_regs holds, x0 ... pstate:
	// uregs[0] to uregs[Words-1], as DTrace for Linux numbers them on
	// arm64 (R_X0 ... R_X30, R_SP, R_PC, R_PSTATE).
	Words = 34
	// UserTop is the first address above user space (48-bit virtual
	// addresses, Debian's and most distributions' configuration).
	UserTop = 1 << 48
)
