package bpfinsn

import "github.com/cilium/ebpf/asm"

// The 64-bit atomic operations that fetch the old value are built by
// hand: cilium/ebpf v0.22.0 computes an instruction's immediate before it
// folds the atomic operation into it, so asm.CmpXchg.Mem and
// asm.FetchAdd.Mem reach the kernel as plain atomic adds, which the
// verifier accepts and which compute something else.

// CmpXchg emits BPF_CMPXCHG of src into *(dst + off): the word is
// compared with R0 and, if equal, replaced by src; R0 gets the word's
// old value either way.
func CmpXchg(dst, src asm.Register, off int16) asm.Instruction {
	return atomic64(dst, src, off, bpfCmpXchg)
}

// FetchAdd emits BPF_ADD | BPF_FETCH of src into *(dst + off): src is
// added to the word, and src gets the word's old value.
func FetchAdd(dst, src asm.Register, off int16) asm.Instruction {
	return atomic64(dst, src, off, bpfFetchAdd)
}

const (
	bpfFetch    = 0x01
	bpfFetchAdd = 0x00 | bpfFetch // BPF_ADD | BPF_FETCH
	bpfCmpXchg  = 0xf0 | bpfFetch // BPF_CMPXCHG | BPF_FETCH
)

func atomic64(dst, src asm.Register, off int16, op int64) asm.Instruction {
	return asm.Instruction{
		OpCode:   asm.OpCode(asm.StXClass).SetMode(asm.AtomicMode).SetSize(asm.DWord),
		Dst:      dst,
		Src:      src,
		Offset:   off,
		Constant: op,
	}
}
