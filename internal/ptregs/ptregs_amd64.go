package ptregs

// Arch names the architecture in messages.
const Arch = "x86-64"

// CallArgs are the offsets of the SysV ABI's integer argument registers:
// rdi, rsi, rdx, rcx, r8, r9.
var CallArgs = [...]int16{112, 104, 96, 88, 72, 64}

const (
	// Ret is rax, a function's return value.
	Ret = 10 * 8
	// FP is rbp, SP rsp, PC rip.
	FP = 4 * 8
	SP = 19 * 8
	PC = 16 * 8
	// StackArgs is where the first argument passed on the stack is,
	// from SP at a function's first instruction: past the return
	// address the call pushed.
	StackArgs = 8
	// Mode is cs, whose low two bits (ModeMask) are the privilege level:
	// ModeUser (3) in user mode.
	Mode     = 17 * 8
	ModeMask = 3
	ModeUser = 3
	// Words is how many registers pt_regs holds, r15 ... ss: uregs[0]
	// to uregs[Words-1] in DTrace for Linux's numbering.
	Words = 21
	// UserTop is the first address above user space (4-level paging).
	UserTop = 1 << 47
)
