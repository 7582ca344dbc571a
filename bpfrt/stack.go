package bpfrt

import (
	"github.com/cilium/ebpf/asm"
)

// Kernel stacks start at the probe site: the function the probe fired in,
// as DTrace shows them. bpf_get_stack walks the stack from where it is
// called, so what lies between the probe site and the helper call depends
// on the program's type:
//
//   - perf events (profile, tick, cpc) and kprobes (fbt) walk from the
//     interrupted or probed registers, which are the site; uprobes (pid,
//     usdt) from user registers, which have no kernel stack;
//   - fentry and fexit programs (fbt) walk from the helper call: the BPF
//     functions, then the BPF trampoline the probed function called;
//   - classic tracepoints (sdt) walk from registers the tracepoint's perf
//     handler took, which may leave that handler (perf_syscall_enter) and
//     the tracepoint's iterator (__traceiter_X) on top;
//   - raw tracepoints (syscall, rawtp and the stable providers) walk from
//     the helper call itself: the BPF functions (the clause and the
//     trampoline, and dt_error and an ERROR clause under them when an
//     ERROR clause asks), then bpf_trace_runN, the tracepoint's
//     __bpf_trace_X (unless the compiler made it jump to bpf_trace_runN)
//     and __traceiter_X (only when the tracepoint has several probes
//     attached, and other tracers may attach at any time);
//   - BEGIN and END, fired by BPF_PROG_RUN from dtrace itself, have no
//     probe site in the kernel: as with DTrace for Linux, whose BEGIN is a
//     uprobe, their kernel stacks are empty.
//
// The BPF frames are counted, and so is what always lies between them and
// the site; the rest varies at run time. So each program gets two small
// subprograms. StackSkipFunc gives the clause the frames to skip, and
// says whether more may lie above the site. If so, the clause takes the
// stack with a few frames more into a buffer, and StackTrimFunc counts
// how many of the first lie in the program's plumbing, kernel functions
// whose addresses the session finds in the symbol table (StackSite), and
// copies the frames after them to where the clause wants them. A
// __bpf_trace_C of a tracepoint whose class C has another name is known
// by the call it returns from, which targets bpf_trace_runN: the
// subprogram reads that call instruction. bpf_get_stack itself is called
// by the clause, since each BPF frame it unwinds costs about 100 ns.
//
// The cost is a subprogram call per stack taken, and for tracepoints a few
// compares and a copy of the frames; nothing on events that take no
// stack. A second bpf_get_stack would cost more (each call unwinds the
// helper's own frames first), and trimming frames in the consumer instead
// would leave stackdepth and caller wrong, and keys of @[stack()] holding
// plumbing.

// StackSkipFunc is the symbol of the subprogram that returns, in R0, the
// flags of bpf_get_stack for a kernel stack from the probe site, and
// StackTrim when the stack is to be taken into a buffer StackSlack bytes
// larger and trimmed by StackTrimFunc.
const StackSkipFunc = "dt_kstack_skip"

// StackTrimFunc is the symbol of the subprogram that trims a kernel stack
// to the probe site: called with what bpf_get_stack returned in R1, a
// destination in R2 (or 0), its size in R3 (a multiple of 8) and the
// buffer, which holds R3 + StackSlack bytes, in R4, it copies the frames
// from the site into the destination, zero after the last, and returns in
// R0 the number of frames it found from the site.
const StackTrimFunc = "dt_kstack_trim"

// stackSkipErrFunc is StackSkipFunc for ERROR clauses, which run two BPF
// frames deeper.
const stackSkipErrFunc = "dt_kstack_skip_err"

// StackTrim is the flag of StackSkipFunc's result that asks for a trim;
// the skip is in the low 8 bits.
const StackTrim = 1 << 16

// StackSlack is the room a trimmed stack's buffer needs beyond the frames
// asked for: the plumbing frames it may hold.
const StackSlack = 8 * maxPlumbing

// Range is an address range of kernel code.
type Range struct {
	Start, Size uint64
}

// StackSite describes what lies on a program's kernel stacks above the
// probe site; the zero value is a program whose stacks start there.
type StackSite struct {
	// None says the program has no probe site in the kernel (BEGIN, END):
	// its kernel stacks are empty.
	None bool
	// BPFFrames is the number of BPF functions a clause's bpf_get_stack
	// sees above the kernel's frames (raw tracepoints: 2).
	BPFFrames int
	// Plumbing are the kernel functions that may lie between the BPF
	// frames and the probe site.
	Plumbing []Range
	// Caller, when not empty, makes a frame plumbing too when the call
	// it returns from targets this range.
	Caller Range
}

// maxPlumbing is the most plumbing frames a stack has above the site:
// bpf_trace_runN, __bpf_trace_X and __traceiter_X.
const maxPlumbing = 3

// noStack is the skip of a program without kernel stacks: more than any
// stack has, so bpf_get_stack fails and zeroes its buffer.
const noStack = 255

// SetStackSite tells the builder what lies on the program's kernel stacks
// above the probe site.
func (b *Builder) SetStackSite(s StackSite) { b.site = s }

// TakesKernelStacks reports whether a clause of the program takes kernel
// stacks, and so calls StackSkipFunc.
func (b *Builder) TakesKernelStacks() bool {
	for _, s := range append(b.funcs, b.errorStmts...) {
		if callsTo(s.Insns, StackSkipFunc) {
			return true
		}
	}
	return false
}

// trims reports whether the program's stacks need trimming.
func (s StackSite) trims() bool { return !s.None && (len(s.Plumbing) > 0 || s.Caller.Size > 0) }

// stackSkipFunc emits StackSkipFunc as sym for clauses that run depth BPF
// frames deep (1 for probe clauses, 2 for ERROR clauses).
func (b *Builder) stackSkipFunc(sym string, depth int) asm.Instructions {
	s := b.site
	skip := 0
	switch {
	case s.None:
		skip = noStack
	case s.BPFFrames > 0:
		skip = s.BPFFrames + 2*(depth-1)
	}
	if s.trims() {
		skip |= StackTrim
	}
	return asm.Instructions{asm.Mov.Imm(asm.R0, int32(skip)).WithSymbol(sym), asm.Return()}
}

// Registers and stack of StackTrimFunc.
const (
	ksDst   = asm.R6
	ksSize  = asm.R7
	ksBuf   = asm.R8
	ksSkip  = asm.R9
	ksBytes = -8  // what bpf_get_stack returned
	ksCode  = -16 // the bytes before a return address
)

// stackTrimFunc emits StackTrimFunc.
func (b *Builder) stackTrimFunc() asm.Instructions {
	s := b.site
	found, done := b.label("kst_found"), b.label("kst_done")
	insns := asm.Instructions{
		asm.StoreMem(asm.RFP, ksBytes, asm.R1, asm.DWord).WithSymbol(StackTrimFunc),
		asm.Mov.Reg(ksDst, asm.R2),
		asm.Mov.Reg(ksSize, asm.R3),
		asm.Mov.Reg(ksBuf, asm.R4),
		asm.Mov.Imm(ksSkip, 0),
	}
	for i := 0; i < maxPlumbing && s.trims(); i++ {
		plumbing := b.label("kst_plumbing")
		insns = append(insns,
			asm.LoadMem(asm.R5, ksBuf, int16(8*i), asm.DWord),
			asm.JEq.Imm(asm.R5, 0, found),
		)
		n := len(insns)
		for _, r := range s.Plumbing {
			insns = append(insns, inRange(asm.R5, r, plumbing)...)
		}
		if s.Caller.Size > 0 && i > 0 {
			insns = append(insns, callsInto(int16(8*i), s.Caller, plumbing, found)...)
		}
		if len(insns) == n {
			// Nothing to recognise this frame by (the verifier refuses
			// code nothing reaches).
			break
		}
		insns = append(insns,
			asm.Ja.Label(found),
			asm.Mov.Imm(ksSkip, int32(i+1)).WithSymbol(plumbing),
		)
	}
	// Copy the frames after the plumbing, zeros after the last included,
	// and count them. The copy is a loop: the verifier knows the size of
	// each call, so it sees the loop end.
	none, ret, copy := b.label("kst_none"), b.label("kst_ret"), b.label("kst_copy")
	return append(insns,
		asm.JEq.Imm(ksDst, 0, done).WithSymbol(found),
		asm.Mov.Reg(asm.R2, ksSkip),
		asm.LSh.Imm(asm.R2, 3),
		asm.Add.Reg(asm.R2, ksBuf),
		asm.Mov.Imm(asm.R3, 0),
		asm.JGE.Reg(asm.R3, ksSize, done).WithSymbol(copy),
		asm.Mov.Reg(asm.R4, asm.R2),
		asm.Add.Reg(asm.R4, asm.R3),
		asm.LoadMem(asm.R5, asm.R4, 0, asm.DWord),
		asm.Mov.Reg(asm.R4, ksDst),
		asm.Add.Reg(asm.R4, asm.R3),
		asm.StoreMem(asm.R4, 0, asm.R5, asm.DWord),
		asm.Add.Imm(asm.R3, 8),
		asm.Ja.Label(copy),
		asm.LoadMem(asm.R0, asm.RFP, ksBytes, asm.DWord).WithSymbol(done),
		asm.JSLT.Imm(asm.R0, 0, none),
		asm.RSh.Imm(asm.R0, 3),
		asm.Sub.Reg(asm.R0, ksSkip),
		asm.JSGE.Imm(asm.R0, 0, ret),
		asm.Mov.Imm(asm.R0, 0).WithSymbol(none),
		asm.Return().WithSymbol(ret),
	)
}

// inRange jumps to yes when the address in r lies in r.
func inRange(addr asm.Register, r Range, yes string) asm.Instructions {
	return asm.Instructions{
		asm.Mov.Reg(asm.R1, addr),
		asm.LoadImm(asm.R2, int64(r.Start), asm.DWord),
		asm.Sub.Reg(asm.R1, asm.R2),
		asm.JLT.Imm(asm.R1, int32(r.Size), yes),
	}
}

// callsInto jumps to yes when the instruction before the return address
// at frame in the buffer is a direct call into r, and to no when it
// cannot be read. callTarget (stack_amd64.go: call rel32; stack_arm64.go:
// bl) decodes the call. R1 is the target.
func callsInto(frame int16, r Range, yes, no string) asm.Instructions {
	decode := callTarget(no)
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R1, asm.RFP),
		asm.Add.Imm(asm.R1, ksCode),
		asm.Mov.Imm(asm.R2, 8),
		asm.LoadMem(asm.R3, ksBuf, frame, asm.DWord),
		asm.Sub.Imm(asm.R3, 8),
		asm.FnProbeReadKernel.Call(),
		asm.JNE.Imm(asm.R0, 0, no),
	}
	insns = append(insns, decode...)
	return append(insns,
		asm.LoadMem(asm.R2, ksBuf, frame, asm.DWord),
		asm.Add.Reg(asm.R1, asm.R2),
		asm.LoadImm(asm.R2, int64(r.Start), asm.DWord),
		asm.Sub.Reg(asm.R1, asm.R2),
		asm.JLT.Imm(asm.R1, int32(r.Size), yes),
	)
}
