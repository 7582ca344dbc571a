package cg

import (
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/internal/bpfinsn"
)

// TestDisasmAtomics checks that dtrace -S names the atomics by what they
// do: compare-and-exchange and fetch-and-add carry their operation in the
// immediate, and were printed as the plain add their opcode names.
func TestDisasmAtomics(t *testing.T) {
	p := &Program{}
	for _, c := range []struct {
		ins  asm.Instruction
		want string
	}{
		{bpfinsn.CmpXchg(asm.R4, asm.R1, 0), "cmpxchgdw [%r4+0], %r1"},
		{bpfinsn.FetchAdd(asm.R0, asm.R2, 16), "fetchadddw [%r0+16], %r2"},
		{asm.AddAtomic.Mem(asm.R0, asm.R2, asm.DWord, 8), "adddw [%r0+8], %r2"},
	} {
		if got, _ := p.insnText(c.ins, asm.Instructions{c.ins}, 0); got != c.want {
			t.Errorf("%v: %q, want %q", c.ins, got, c.want)
		}
	}
}
