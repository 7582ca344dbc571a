package stable

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider/internal/tracepoint"
)

// Step emits part of a rewrite. Steps use R0-R5 only, address args[]
// through bpfrt.RegScratch, and jump to skip to end the firing.
type Step func(b *bpfrt.Builder, skip string) error

// Seq runs steps in order.
func Seq(steps ...Step) Step {
	return func(b *bpfrt.Builder, skip string) error {
		for _, s := range steps {
			if err := s(b, skip); err != nil {
				return err
			}
		}
		return nil
	}
}

// Move sets args[i] to the old args[from[i]] for each i, all at once (a
// permutation may read an argument it overwrites).
func Move(from ...int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		if len(from) > 5 {
			return fmt.Errorf("move of %d arguments", len(from))
		}
		for i, f := range from {
			b.Emit(asm.LoadMem(asm.R1+asm.Register(i), bpfrt.RegScratch, bpfrt.MstArg(f), asm.DWord))
		}
		for i := range from {
			b.Emit(asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R1+asm.Register(i), asm.DWord))
		}
		return nil
	}
}

// Zero sets args[i] to 0.
func Zero(i int) Step { return Set(i, 0) }

// CurrentTask sets args[i] to the running task's struct task_struct.
func CurrentTask(i int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(
			asm.FnGetCurrentTask.Call(),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R0, asm.DWord))
		return nil
	}
}

// Skip ends the firing when args[i] op imm holds (op a conditional jump
// such as asm.JNE).
func Skip(i int, op asm.JumpOp, imm int32) Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(i), asm.DWord),
			op.Imm(asm.R0, imm, skip))
		return nil
	}
}

// SkipMasked ends the firing when args[i] & mask op imm holds.
func SkipMasked(i int, mask int32, op asm.JumpOp, imm int32) Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(i), asm.DWord),
			asm.And.Imm(asm.R0, mask),
			op.Imm(asm.R0, imm, skip))
		return nil
	}
}

// Read sets args[dst] to the size-byte unsigned member of struct strct
// that args[src] points to, read from kernel memory; a failed read ends
// the firing. member may be a path "a.b" through nested members.
func Read(dst, src int, strct, member string, size int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		off, err := tracepoint.Offset(strct, member)
		if err != nil {
			return err
		}
		return ReadAt(dst, src, int32(off), size)(b, skip)
	}
}

// ReadAt is Read at a byte offset.
func ReadAt(dst, src int, off int32, size int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		if size <= 0 || size > 8 {
			return fmt.Errorf("read of %d bytes", size)
		}
		b.Emit(
			asm.LoadMem(asm.R3, bpfrt.RegScratch, bpfrt.MstArg(src), asm.DWord),
			asm.Add.Imm(asm.R3, off),
			bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(dst), 0),
			asm.Mov.Reg(asm.R1, bpfrt.RegScratch),
			asm.Add.Imm(asm.R1, int32(bpfrt.MstArg(dst))),
			asm.Mov.Imm(asm.R2, int32(size)),
			asm.FnProbeReadKernel.Call(),
			asm.JNE.Imm(asm.R0, 0, skip))
		return nil
	}
}

// Custom emits what emit emits; it never ends the firing.
func Custom(emit func(b *bpfrt.Builder)) Step {
	return func(b *bpfrt.Builder, skip string) error {
		emit(b)
		return nil
	}
}

// Copy sets args[dst] to args[src].
func Copy(dst, src int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(src), asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(dst), asm.R0, asm.DWord))
		return nil
	}
}

// Add adds args[src] to args[dst].
func Add(dst, src int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(src), asm.DWord),
			asm.LoadMem(asm.R1, bpfrt.RegScratch, bpfrt.MstArg(dst), asm.DWord),
			asm.Add.Reg(asm.R1, asm.R0),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(dst), asm.R1, asm.DWord))
		return nil
	}
}

// Set sets args[i] to imm.
func Set(i int, imm int32) Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), imm))
		return nil
	}
}

// Else runs steps; where one of them would end the firing, it runs
// otherwise instead and goes on with what follows.
func Else(steps, otherwise Step) Step {
	return func(b *bpfrt.Builder, skip string) error {
		fail, done := b.Label("else"), b.Label("else_done")
		if err := steps(b, fail); err != nil {
			return err
		}
		b.Emit(asm.Ja.Label(done))
		b.Mark(fail)
		if err := otherwise(b, skip); err != nil {
			return err
		}
		b.Mark(done)
		return nil
	}
}

// SkipUnequal ends the firing when args[i] and args[j] differ.
func SkipUnequal(i, j int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(i), asm.DWord),
			asm.LoadMem(asm.R1, bpfrt.RegScratch, bpfrt.MstArg(j), asm.DWord),
			asm.JNE.Reg(asm.R0, asm.R1, skip))
		return nil
	}
}

// Swap16 turns the 16-bit value in args[i] from host to network byte
// order (a port as a packet's header holds it).
func Swap16(i int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(i), asm.DWord),
			asm.HostTo(asm.BE, asm.R0, asm.Half),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R0, asm.DWord))
		return nil
	}
}
