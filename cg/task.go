package cg

import (
	"fmt"

	"sync"

	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/d/ast"
)

// taskOffsets are the offsets in the kernel's struct task_struct that the
// built-ins reading the current task need, from the kernel's BTF.
type taskOffsets struct {
	realParent, tgid uint32
	// runtime is the offset of se.sum_exec_runtime, the task's on-CPU
	// time in nanoseconds, what vtimestamp reads.
	runtime uint32
}

var kernelTask = sync.OnceValues(func() (taskOffsets, error) {
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		return taskOffsets{}, fmt.Errorf("kernel BTF: %w", err)
	}
	var ts *btf.Struct
	if err := spec.TypeByName("task_struct", &ts); err != nil {
		return taskOffsets{}, fmt.Errorf("kernel BTF: %w", err)
	}
	var off taskOffsets
	found := 0
	for _, m := range ts.Members {
		switch m.Name {
		case "real_parent":
			off.realParent = m.Offset.Bytes()
			found++
		case "tgid":
			off.tgid = m.Offset.Bytes()
			found++
		case "se":
			se, ok := btf.UnderlyingType(m.Type).(*btf.Struct)
			if !ok {
				break
			}
			for _, sm := range se.Members {
				if sm.Name == "sum_exec_runtime" {
					off.runtime = m.Offset.Bytes() + sm.Offset.Bytes()
					found++
				}
			}
		}
	}
	if found != 3 {
		return taskOffsets{}, fmt.Errorf("kernel BTF: task_struct lacks real_parent, tgid or se.sum_exec_runtime")
	}
	return off, nil
})

// readField sets R0 to the size-byte field at offset field of the
// kernel structure R3 points to, read through the stack slot at slot
// with bpf_probe_read_kernel (a failed read gives 0).
func (g *gen) readField(slot int16, size int32, field uint32) {
	g.emit(
		asm.Add.Imm(asm.R3, int32(field)),
		bpfrt.StoreImm64(asm.RFP, slot, 0),
		asm.Mov.Reg(asm.R1, asm.RFP),
		asm.Add.Imm(asm.R1, int32(slot)),
		asm.Mov.Imm(asm.R2, size),
		asm.FnProbeReadKernel.Call(),
		asm.LoadMem(asm.R0, asm.RFP, slot, sizeOp(int(size))),
	)
}

// ppid loads the process id of the current task's parent:
// current->real_parent->tgid, read with bpf_probe_read_kernel (a failed
// read gives 0).
func (g *gen) ppid() {
	off, err := kernelTask()
	if err != nil {
		g.fail(nil, fmt.Errorf("ppid: %w", err))
	}
	if g.c.depth+1 > maxDepth {
		g.tooComplex(nil)
	}
	slot := int16(-8 * (g.c.depth + 1))
	read := func(size int32, field uint32) {
		g.emit(asm.Mov.Reg(asm.R3, asm.R0))
		g.readField(slot, size, field)
	}
	g.emit(asm.FnGetCurrentTask.Call())
	read(8, off.realParent)
	read(4, off.tgid)
}

// vtimestamp loads the current task's on-CPU time in nanoseconds as the
// scheduler last accounted it (at ticks and context switches: a thread
// not yet accounted reads 0). Adding the time since se.exec_start, as the
// kernel's task_sched_runtime() does, is not possible from BPF: that
// start is on the runqueue's task clock, which leaves out steal and IRQ
// time and so drifts from the monotonic clock by tens of seconds on a
// virtual machine.
func (g *gen) vtimestamp() {
	off, err := kernelTask()
	if err != nil {
		g.fail(nil, fmt.Errorf("vtimestamp: %w", err))
	}
	buf := g.l.This + g.baseWord
	g.emit(asm.FnGetCurrentTask.Call(), asm.Add.Imm(asm.R0, int32(off.runtime)))
	g.readMem(buf, 8)
	g.emit(asm.LoadMem(asm.R0, rScratch, int16(buf), asm.DWord))
}

// maxProgeny bounds the walk up the process tree of progenyof().
const maxProgeny = 64

// progenyof sets R0 to 1 when the current process is the process of its
// argument or one of its descendants: it walks real_parent up from the
// current task, comparing tgid, until init.
func (g *gen) progenyof(call *ast.CallExpr) {
	off, err := kernelTask()
	if err != nil {
		g.fail(call, fmt.Errorf("progenyof(): %w", err))
	}
	g.expr(call.Args[0])
	g.push(call)
	if g.c.depth+3 > maxDepth {
		g.tooComplex(call)
	}
	// The pid, the task, a read buffer and the level count live in stack
	// slots: each read is a helper call.
	pid, task := int16(-8*g.c.depth), int16(-8*(g.c.depth+1))
	tmp, count := int16(-8*(g.c.depth+2)), int16(-8*(g.c.depth+3))
	loop, yes, no, done := g.label("prog"), g.label("progyes"), g.label("progno"), g.label("progdone")
	read := func(size int32, field uint32) {
		g.emit(asm.LoadMem(asm.R3, asm.RFP, task, asm.DWord))
		g.readField(tmp, size, field)
	}
	g.emit(
		asm.FnGetCurrentTask.Call(),
		asm.StoreMem(asm.RFP, task, asm.R0, asm.DWord),
		bpfrt.StoreImm64(asm.RFP, count, 0),
	)
	g.setLabel(loop)
	read(4, off.tgid)
	g.emit(
		// As in DTrace for Linux, the walk ends below init: every
		// process descends from it, yet progenyof(1) is 0.
		asm.JLE.Imm(asm.R0, 1, no),
		asm.LoadMem(asm.R1, asm.RFP, pid, asm.DWord),
		asm.JEq.Reg(asm.R0, asm.R1, yes),
	)
	read(8, off.realParent)
	g.emit(
		asm.LoadMem(asm.R1, asm.RFP, task, asm.DWord),
		asm.JEq.Reg(asm.R0, asm.R1, no),
		asm.JEq.Imm(asm.R0, 0, no),
		asm.StoreMem(asm.RFP, task, asm.R0, asm.DWord),
		asm.LoadMem(asm.R1, asm.RFP, count, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.RFP, count, asm.R1, asm.DWord),
		asm.JLT.Imm(asm.R1, maxProgeny, loop),
	)
	g.setLabel(no)
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Ja.Label(done))
	g.setLabel(yes)
	g.emit(asm.Mov.Imm(asm.R0, 1))
	g.setLabel(done)
	g.emit(nop())
	g.c.depth--
}

// argsOffsets are the offsets execargs reads: task_struct.mm, and the
// bounds of the process's arguments in its mm_struct.
type argsOffsets struct{ mm, argStart, argEnd uint32 }

var kernelArgs = sync.OnceValues(func() (off argsOffsets, err error) {
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		return off, fmt.Errorf("kernel BTF: %w", err)
	}
	if off.mm, err = memberOffset(spec, "task_struct", "mm"); err != nil {
		return off, err
	}
	if off.argStart, err = memberOffset(spec, "mm_struct", "arg_start"); err != nil {
		return off, err
	}
	off.argEnd, err = memberOffset(spec, "mm_struct", "arg_end")
	return off, err
})

// execargs copies the current process's arguments into a scratch slot,
// separated by spaces, at most strsize bytes, as DTrace for Linux does:
// the bytes between mm->arg_start and arg_end, read from the process's
// memory, its NULs but the last made spaces. A kernel thread has none.
// A read that fails faults with its address.
func (g *gen) execargs(e ast.Node) {
	off, err := kernelArgs()
	if err != nil {
		g.fail(e, fmt.Errorf("execargs: %w", err))
	}
	w0, w1 := g.l.This+g.baseWord, g.l.This+g.baseWord+8
	slot := g.strSlot()
	empty, done, loop, next, fault := g.label("argsnone"), g.label("argsdone"), g.label("args"), g.label("argsnext"), g.label("argsfault")
	g.emit(asm.FnGetCurrentTask.Call(), asm.Add.Imm(asm.R0, int32(off.mm)))
	g.readMem(w0, 8)
	g.emit(
		asm.LoadMem(asm.R0, rScratch, int16(w0), asm.DWord),
		asm.JEq.Imm(asm.R0, 0, empty),
		asm.Add.Imm(asm.R0, int32(off.argEnd)),
	)
	g.readMem(w1, 8)
	g.emit(asm.LoadMem(asm.R0, rScratch, int16(w0), asm.DWord), asm.Add.Imm(asm.R0, int32(off.argStart)))
	g.readMem(w0, 8)
	// R2 = the length, at most strsize; R3 = the start.
	size := g.label("argssize")
	g.emit(
		asm.LoadMem(asm.R3, rScratch, int16(w0), asm.DWord),
		asm.LoadMem(asm.R2, rScratch, int16(w1), asm.DWord),
		asm.Sub.Reg(asm.R2, asm.R3),
		asm.JSLT.Imm(asm.R2, 2, empty),
		asm.JLE.Imm(asm.R2, int32(g.strbuf-1), size),
		asm.Mov.Imm(asm.R2, int32(g.strbuf-1)),
	)
	g.setLabel(size)
	g.emit(
		asm.StoreMem(rScratch, int16(w1), asm.R2, asm.DWord),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Imm(asm.R1, int32(slot)),
		asm.FnProbeReadUser.Call(),
		asm.JNE.Imm(asm.R0, 0, fault),
		// NUL-terminate at the length, and turn the NULs before the last
		// byte into spaces.
		asm.LoadMem(asm.R2, rScratch, int16(w1), asm.DWord),
		asm.JGE.Imm(asm.R2, int32(g.strbuf), empty),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Reg(asm.R1, asm.R2),
		asm.StoreImm(asm.R1, int16(slot), 0, asm.Byte),
		asm.Sub.Imm(asm.R2, 1),
		asm.Mov.Imm(asm.R3, 0),
	)
	g.setLabel(loop)
	g.emit(
		asm.JGE.Reg(asm.R3, asm.R2, done),
		asm.JGE.Imm(asm.R3, int32(g.strbuf), done),
		asm.Mov.Reg(asm.R1, rScratch),
		asm.Add.Reg(asm.R1, asm.R3),
		asm.LoadMem(asm.R4, asm.R1, int16(slot), asm.Byte),
		asm.JNE.Imm(asm.R4, 0, next),
		asm.StoreImm(asm.R1, int16(slot), ' ', asm.Byte),
	)
	g.setLabel(next)
	g.emit(asm.Add.Imm(asm.R3, 1), asm.Ja.Label(loop))
	g.setLabel(fault)
	g.emit(asm.LoadMem(asm.R0, rScratch, int16(w0), asm.DWord))
	g.fault(bpfrt.FaultBadAddr)
	g.setLabel(empty)
	g.emit(asm.StoreImm(rScratch, int16(slot), 0, asm.Byte))
	g.setLabel(done)
	g.emit(asm.Mov.Reg(asm.R0, rScratch), asm.Add.Imm(asm.R0, int32(slot)))
}
