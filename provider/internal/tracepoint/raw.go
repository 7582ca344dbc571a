package tracepoint

import (
	"fmt"
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/bpfrt"
)

// AttachRaw attaches prog to the raw tracepoint tp.
func AttachRaw(tp string, prog *ebpf.Program) (io.Closer, error) {
	l, err := link.AttachRawTracepoint(link.RawTracepointOptions{Name: tp, Program: prog})
	if err != nil {
		return nil, fmt.Errorf("raw tracepoint %s: %w", tp, err)
	}
	return l, nil
}

// LoadRawArgs emits code that copies the first nargs raw tracepoint
// arguments into args[] and zeroes the others. It reads no further than
// nargs: the kernel refuses to attach a program that reads past the
// tracepoint's arguments.
func LoadRawArgs(b *bpfrt.Builder, nargs int) {
	n := min(nargs, bpfrt.NumArgs)
	for i := range n {
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegCtx, int16(8*i), asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R0, asm.DWord))
	}
	for i := n; i < bpfrt.NumArgs; i++ {
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
	}
}

// LoadField emits code that loads field f of the record rec points to
// into R0, as args[] gives it: scalars widened to 64 bits with their
// sign, arrays, __data_loc data and fields too wide for a register as
// their address.
func LoadField(b *bpfrt.Builder, f Field, rec asm.Register) {
	wide := f.Size != 1 && f.Size != 2 && f.Size != 4 && f.Size != 8
	switch {
	case f.Array || wide:
		b.Emit(asm.Mov.Reg(asm.R0, rec), asm.Add.Imm(asm.R0, int32(f.Offset)))
		return
	case f.DataLoc:
		b.Emit(
			asm.LoadMem(asm.R0, rec, int16(f.Offset), asm.Word),
			asm.And.Imm(asm.R0, 0xffff),
			asm.Add.Reg(asm.R0, rec))
		return
	}
	var sz asm.Size
	switch f.Size {
	case 1:
		sz = asm.Byte
	case 2:
		sz = asm.Half
	case 4:
		sz = asm.Word
	default:
		sz = asm.DWord
	}
	b.Emit(asm.LoadMem(asm.R0, rec, int16(f.Offset), sz))
	if f.Signed && f.Size < 8 {
		shift := int32(64 - 8*f.Size)
		b.Emit(asm.LSh.Imm(asm.R0, shift), asm.ArSh.Imm(asm.R0, shift))
	}
}
