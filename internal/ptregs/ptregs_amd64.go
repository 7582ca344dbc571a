package ptregs

// Arch names the architecture in messages.
const Arch = "x86-64"

// The offsets of the registers in struct pt_regs, in the kernel's order:
// every offset below is one of these.
const (
	r15 = iota * 8
	r14
	r13
	r12
	rbp
	rbx
	r11
	r10
	r9
	r8
	rax
	rcx
	rdx
	rsi
	rdi
	origRAX
	rip
	cs
	eflags
	rsp
	ss
)

// CallArgs are the offsets of the SysV ABI's integer argument registers:
// rdi, rsi, rdx, rcx, r8, r9.
var CallArgs = [...]int16{rdi, rsi, rdx, rcx, r8, r9}

// SyscallArgs are the offsets of a system call's arguments: r10 for the
// fourth, where a function call has rcx.
var SyscallArgs = [...]int16{rdi, rsi, rdx, r10, r8, r9}

const (
	// SyscallNr is orig_ax, which holds a system call's number for the
	// whole call (ax is the return value by sys_exit), SyscallNrSize
	// bytes wide; SyscallRegsSize is what the syscall provider's entry
	// reads of pt_regs: all of it.
	SyscallNr       = origRAX
	SyscallNrSize   = 8
	SyscallRegsSize = Words * 8
	// Ret is rax, a function's return value.
	Ret = rax
	// FP is rbp, SP rsp, PC rip.
	FP = rbp
	SP = rsp
	PC = rip
	// StackArgs is where the first argument passed on the stack is,
	// from SP at a function's first instruction: past the return
	// address the call pushed.
	StackArgs = 8
	// Mode is cs, whose low two bits (ModeMask) are the privilege level:
	// ModeUser (3) in user mode.
	Mode     = cs
	ModeMask = 3
	ModeUser = 3
	// Words is how many registers pt_regs holds, r15 ... ss: uregs[0]
	// to uregs[Words-1] in DTrace for Linux's numbering.
	Words = 21
	// UserTop is the first address above user space (4-level paging).
	UserTop = 1 << 47
)
