package cg

import (
	"fmt"
	"sync"

	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/ptregs"
)

// bpfFUserStack is BPF_F_USER_STACK: bpf_get_stack() walks the user stack
// of the current task (by its frame pointers) instead of the kernel's.
const bpfFUserStack = 1 << 8

// stackCall is what a stack(), ustack() or jstack() call records: the
// frames of the kernel stack, or the process ID and the frames of the
// user stack.
type stackCall struct {
	user   bool
	frames int
}

// kind and size are the record field of the stack.
func (s stackCall) kind() Kind {
	if s.user {
		return KindUStack
	}
	return KindStack
}

func (s stackCall) size() int {
	if s.user {
		return 8 + 8*s.frames
	}
	return 8 * s.frames
}

// stackOf returns the stack that e, a call of stack(), ustack() or
// jstack(), records: the frame count its argument gives (the checker made
// it a positive constant), else the stackframes, ustackframes or
// jstackframes option, at most maxframes. A ustack() string size, which
// asks for the strings of jstack-style helpers, is accepted and records
// nothing: the frames then print as addresses or symbols, as with none.
func (g *gen) stackOf(e ast.Expr) (stackCall, bool) {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return stackCall{}, false
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return stackCall{}, false
	}
	var s stackCall
	switch id.Name {
	case "stack":
		s = stackCall{frames: g.frames}
	case "ustack":
		s = stackCall{user: true, frames: g.uframes}
	case "jstack":
		s = stackCall{user: true, frames: g.jframes}
	default:
		return stackCall{}, false
	}
	if len(call.Args) > 0 {
		if ti := g.typeOf(call.Args[0]); ti.Const && ti.Value > 0 {
			s.frames = int(min(ti.Value, int64(g.maxFrames)))
		}
	}
	s.frames = min(s.frames, g.maxFrames)
	return s, true
}

// stackInto stores stack s at off from the scratch pointer, a kernel
// stack from the probe site (kstack.go). bpf_get_stack zeroes the buffer
// past the frames it wrote (all of it when it fails), which ends the
// stack for the consumer.
func (g *gen) stackInto(off int, s stackCall) {
	if !s.user {
		g.kstack(8*s.frames, func() { g.emit(asm.Mov.Reg(asm.R2, rScratch), asm.Add.Imm(asm.R2, int32(off))) })
		return
	}
	if g.canUnwind() {
		g.ustackUnwind(off, s, false)
		return
	}
	g.emit(
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.StoreMem(rScratch, int16(off), asm.R0, asm.DWord),
		asm.Mov.Reg(asm.R1, rCtx),
		asm.Mov.Reg(asm.R2, rScratch),
		asm.Add.Imm(asm.R2, int32(off+8)),
		asm.Mov.Imm(asm.R3, int32(8*s.frames)),
		asm.Mov.Imm(asm.R4, bpfFUserStack),
		asm.FnGetStack.Call(),
	)
}

// canUnwind reports whether user stacks are walked with unwind tables:
// when the ustackunwind option asks for it, where tableUnwind says the
// walk knows the architecture (x86-64: it reads its registers, package
// uelf/unwind reads its rules) and when the kernel has
// the open-coded iterator the walk loops with (6.4), else by frame
// pointers.
func (g *gen) canUnwind() bool {
	if !g.unwind || !tableUnwind {
		return false
	}
	_, err := iterKfuncs()
	return err == nil
}

// recordStack records stack(), ustack() or jstack() called as an action.
func (g *gen) recordStack(call *ast.CallExpr) {
	s, _ := g.stackOf(call)
	off := g.record(ActTrace, s.size(), 8, s.kind(), -1)
	g.stackInto(int(g.stageOff(off)), s)
}

// storeUserAddr stores the user address in R0 at off from the scratch
// pointer as a user-address field: the process ID, then the address.
func (g *gen) storeUserAddr(off int) {
	g.emit(
		asm.StoreMem(rScratch, int16(off+8), asm.R0, asm.DWord),
		asm.FnGetCurrentPidTgid.Call(),
		asm.RSh.Imm(asm.R0, 32),
		asm.StoreMem(rScratch, int16(off), asm.R0, asm.DWord),
	)
}

// recordUserAddr records e, an integer or pointer printed with %A, as a
// user address of the current process.
func (g *gen) recordUserAddr(e ast.Expr) {
	defer g.fullExpr(e)()
	g.expr(e)
	off := g.record(ActArg, 16, 8, KindUAddr, -1)
	g.storeUserAddr(int(g.stageOff(off)))
}

// printfArgClasses returns the argument class of each argument a printf()
// format consumes: a '*' width or precision takes an integer before the
// conversion's own argument.
func printfArgClasses(convs []format.Conv) []format.ArgClass {
	var out []format.ArgClass
	for _, c := range convs {
		if c.Flags&format.FlagDynWidth != 0 {
			out = append(out, format.ArgInteger)
		}
		if c.Flags&format.FlagDynPrec != 0 {
			out = append(out, format.ArgInteger)
		}
		if !c.IsText() && c.Class() != format.ArgNone {
			out = append(out, c.Class())
		}
	}
	return out
}

// ucaller loads the address the current user function returns to: the
// second frame of the user stack, unwound with tables as ustack() is
// (unwind.go), else by the kernel's frame-pointer walk; a thread without
// a user stack gives 0. At a pid entry probe, where the frame pointer is
// not set up yet, it is where the call left it: in the link register
// (arm64) or at the top of the stack (x86-64).
func (g *gen) ucaller(e ast.Node) {
	if entryReturnReg >= 0 && g.funcEntry() {
		g.emit(asm.LoadMem(asm.R0, rCtx, 8*entryReturnReg, asm.DWord))
		return
	}
	if g.c.depth+2 > maxDepth {
		g.tooComplex(e)
	}
	buf := int16(-8 * (g.c.depth + 2))
	if entryReturnAtSP && g.funcEntry() {
		// bpf_probe_read_user zeroes what it could not read: 0 then.
		g.emit(
			asm.Mov.Reg(asm.R1, asm.RFP),
			asm.Add.Imm(asm.R1, int32(buf)),
			asm.Mov.Imm(asm.R2, 8),
			asm.LoadMem(asm.R3, rCtx, ptRegsSP, asm.DWord),
			asm.FnProbeReadUser.Call(),
			asm.LoadMem(asm.R0, asm.RFP, buf, asm.DWord),
		)
		return
	}
	if g.canUnwind() {
		g.ustackUnwind(0, stackCall{user: true}, true)
		return
	}
	g.emit(
		asm.Mov.Reg(asm.R1, rCtx),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, int32(buf)),
		asm.Mov.Imm(asm.R3, 16),
		asm.Mov.Imm(asm.R4, bpfFUserStack),
		asm.FnGetStack.Call(),
		asm.LoadMem(asm.R0, asm.RFP, buf+8, asm.DWord),
	)
}

// ptRegsWords is the number of registers in struct pt_regs that uregs[]
// reads straight: r15 ... ss on x86-64, x0 ... pstate on arm64. Past them
// come uregThread's (uregs_amd64.go, uregs_arm64.go).
const ptRegsWords = ptregs.Words

// threadReg is where a member of uregThread is: its offset in struct
// task_struct, and its size.
type threadReg struct{ off, size uint32 }

var kernelThreadRegs = sync.OnceValues(func() (regs [len(uregThread)]threadReg, err error) {
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		return regs, fmt.Errorf("kernel BTF: %w", err)
	}
	var ts *btf.Struct
	if err := spec.TypeByName("task_struct", &ts); err != nil {
		return regs, fmt.Errorf("kernel BTF: task_struct: %w", err)
	}
	thread, tt, ok := findMember(ts, "thread")
	if !ok {
		return regs, fmt.Errorf("kernel BTF: task_struct has no member thread")
	}
	for i, m := range uregThread {
		off, t, ok := findMember(tt, m)
		if !ok {
			return regs, fmt.Errorf("kernel BTF: thread_struct has no member %s", m)
		}
		size, err := btf.Sizeof(t)
		if err != nil || size > 8 {
			return regs, fmt.Errorf("kernel BTF: thread_struct.%s is not a register", m)
		}
		regs[i] = threadReg{thread + off, uint32(size)}
	}
	return regs, nil
})

// uregs loads uregs[i], a user register of the current thread. In a pid
// or usdt clause the probe context is the thread's user registers;
// elsewhere they are read from the task's saved user state. The checker
// has refused the indexes past the last register.
func (g *gen) uregs(e *ast.IndexExpr) {
	i := g.typeOf(e.Index[0]).Value
	if i >= ptRegsWords {
		g.threadReg(e, int(i-ptRegsWords))
		return
	}
	off := 8 * int16(i)
	if g.userContext() {
		g.emit(asm.LoadMem(asm.R0, rCtx, off, asm.DWord))
		return
	}
	if g.c.depth+1 > maxDepth {
		g.tooComplex(e)
	}
	buf := int16(-8 * (g.c.depth + 1))
	g.emit(
		asm.FnGetCurrentTaskBtf.Call(),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.FnTaskPtRegs.Call(),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Add.Imm(asm.R3, int32(off)),
		asm.Mov.Reg(asm.R1, asm.RFP),
		asm.Add.Imm(asm.R1, int32(buf)),
		asm.Mov.Imm(asm.R2, 8),
		asm.FnProbeReadKernel.Call(),
		asm.LoadMem(asm.R0, asm.RFP, buf, asm.DWord),
	)
}

// threadReg loads member j of uregThread from the current task, zero
// extended: the registers are unsigned.
func (g *gen) threadReg(e ast.Node, j int) {
	regs, err := kernelThreadRegs()
	if err != nil {
		g.fail(e, fmt.Errorf("uregs[]: %w", err))
	}
	if g.c.depth+1 > maxDepth {
		g.tooComplex(e)
	}
	r := regs[j]
	buf := int16(-8 * (g.c.depth + 1))
	g.emit(
		asm.Mov.Imm(asm.R0, 0),
		asm.StoreMem(asm.RFP, buf, asm.R0, asm.DWord),
		asm.FnGetCurrentTask.Call(),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Add.Imm(asm.R3, int32(r.off)),
		asm.Mov.Reg(asm.R1, asm.RFP),
		asm.Add.Imm(asm.R1, int32(buf)),
		asm.Mov.Imm(asm.R2, int32(r.size)),
		asm.FnProbeReadKernel.Call(),
		asm.LoadMem(asm.R0, asm.RFP, buf, asm.DWord),
	)
}

// userContext reports whether every probe of the clause is placed with a
// uprobe (providers pid and usdt), whose context is the user registers.
func (g *gen) userContext() bool {
	for _, p := range g.c.probes {
		if p.Provider != "pid" && p.Provider != "usdt" {
			return false
		}
	}
	return len(g.c.probes) > 0
}

// funcEntry reports whether every probe of the clause is a pid entry
// probe, at a function's first instruction, whose context is the user
// registers.
func (g *gen) funcEntry() bool {
	for _, p := range g.c.probes {
		if p.Provider != "pid" || p.Name != "entry" {
			return false
		}
	}
	return len(g.c.probes) > 0
}

// keyField is the layout of key e of type t in a map key: stacks as their
// call records them, user addresses with their process ID, kernel
// addresses and integers in 8 bytes, strings in strsize bytes.
func (g *gen) keyField(n ast.Node, e ast.Expr, t *ctype.Type) Field {
	if e != nil {
		if s, ok := g.stackOf(e); ok {
			return Field{Kind: s.kind(), Size: s.size()}
		}
		if k, ok := symKind(e); ok {
			if k.IsUser() {
				return Field{Kind: k, Size: 16}
			}
			return Field{Kind: k, Size: 8}
		}
	}
	size := g.fieldSize(n, t)
	switch {
	case isStack(t):
		return Field{Kind: KindStack, Size: size}
	case isStr(t):
		return Field{Kind: KindString, Size: size}
	case ctype.IsComposite(t):
		return Field{Kind: KindBytes, Size: size}
	case isFloat(t):
		// Its bits, as trace() records them.
		return Field{Kind: KindFloat, Size: size}
	case ctype.IsSigned(t) && !ctype.IsPointer(t):
		return Field{Kind: KindInt, Size: size}
	}
	return Field{Kind: KindUint, Size: size}
}

// sameKeys refuses an assignment to aggregation ag whose keys would be
// of another kind than in its first one (ustack() where it was stack()),
// which the checker refuses: the map key has one layout. A stack of
// another size fits its field (stackKey).
func (g *gen) sameKeys(a *ast.AssignExpr, ag *Agg) {
	keys := aggKeys(a.Lhs)
	for i, k := range keys {
		if i >= len(ag.Keys) {
			break
		}
		f, first := g.keyField(a, k, g.typeOf(k).Type), ag.Keys[i]
		special := func(k Kind) bool { return k == KindStack || k.IsUser() }
		// A user address is recorded with its process whatever its
		// function: one read as another's is laid out the same.
		userAddr := func(k Kind) bool { return k.IsUser() && k != KindUStack }
		if (special(f.Kind) || special(first.Kind)) && f.Kind != first.Kind && !(userAddr(f.Kind) && userAddr(first.Kind)) {
			g.unsupported(k, fmt.Sprintf("key #%d of @%s laid out unlike in its first assignment", i+1, ag.Name))
		}
	}
}

// userKeys reports whether aggregation ag has keys holding user
// addresses.
func (ag *Agg) userKeys() bool {
	for _, k := range ag.Keys {
		if k.Kind.IsUser() {
			return true
		}
	}
	return false
}

// keyNotice sends the staged key of a new tuple of aggregation ag to the
// consumer when the key holds user addresses (see bpfrt.KeyNotice): it
// costs a record per new tuple, never one per event.
func (g *gen) keyNotice(ag *Agg) {
	if ag.userKeys() {
		g.emit(g.l.KeyNotice(rCtx, rScratch, int16(g.keyOff()), ag.KeySize, uint32(ag.ID))...)
	}
}
