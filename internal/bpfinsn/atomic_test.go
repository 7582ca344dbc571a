package bpfinsn_test

import (
	"os"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/internal/bpfinsn"
)

// TestAtomics runs the instructions in the kernel: a compare-and-exchange
// that matches replaces the word and gives its old value, one that does
// not leaves it, and a fetch-and-add gives the old value. cilium/ebpf's
// own asm.CmpXchg.Mem and asm.FetchAdd.Mem fail this test: they add.
func TestAtomics(t *testing.T) {
	if os.Geteuid() != 0 {
		if testing.Short() {
			t.Skip("loading a BPF program needs root (CI runs as root)")
		}
		t.Fatal("loading a BPF program needs root (CI runs as root)")
	}
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:    ebpf.SocketFilter,
		License: "GPL",
		Instructions: asm.Instructions{
			asm.Mov.Imm(asm.R0, 5),
			asm.StoreMem(asm.RFP, -8, asm.R0, asm.DWord), // word = 5
			asm.Mov.Imm(asm.R1, 9),
			bpfinsn.CmpXchg(asm.RFP, asm.R1, -8), // 5 == 5: word = 9, R0 = 5
			asm.Mov.Reg(asm.R6, asm.R0),
			asm.Mov.Imm(asm.R0, 1),
			asm.Mov.Imm(asm.R1, 7),
			bpfinsn.CmpXchg(asm.RFP, asm.R1, -8), // 1 != 9: word stays 9, R0 = 9
			asm.Mov.Reg(asm.R7, asm.R0),
			asm.Mov.Imm(asm.R2, 3),
			bpfinsn.FetchAdd(asm.RFP, asm.R2, -8), // word = 12, R2 = 9
			// R0 = R6 * 10000 + R7 * 1000 + R2 * 100 + word
			asm.LoadMem(asm.R0, asm.RFP, -8, asm.DWord),
			asm.Mul.Imm(asm.R6, 10000),
			asm.Mul.Imm(asm.R7, 1000),
			asm.Mul.Imm(asm.R2, 100),
			asm.Add.Reg(asm.R0, asm.R6),
			asm.Add.Reg(asm.R0, asm.R7),
			asm.Add.Reg(asm.R0, asm.R2),
			asm.Return(),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	ret, err := prog.Run(&ebpf.RunOptions{Data: make([]byte, 14)})
	if err != nil {
		t.Fatal(err)
	}
	if want := uint32(5*10000 + 9*1000 + 9*100 + 12); ret != want {
		t.Errorf("returned %d, want %d (compare-and-exchange old values 5 and 9, fetch-and-add old value 9, word 12)", ret, want)
	}
}
