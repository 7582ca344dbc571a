package provider_test

import (
	"fmt"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
)

// reached walks insns from the instruction labelled start with R9 = r9,
// following the jumps Dispatch emits, and returns the first label of
// stops it comes to.
func reached(t *testing.T, insns asm.Instructions, start string, r9 int64, stops map[string]bool) string {
	t.Helper()
	at := map[string]int{}
	for i, ins := range insns {
		if s := ins.Symbol(); s != "" {
			at[s] = i
		}
	}
	i := at[start]
	for steps := 0; steps < len(insns); steps++ {
		ins := insns[i]
		if s := ins.Symbol(); stops[s] {
			return s
		}
		taken := false
		switch op := ins.OpCode.JumpOp(); {
		case ins.OpCode.Class().IsJump() && op == asm.Ja:
			taken = ins.Reference() != ""
		case op == asm.JNE:
			taken = r9 != ins.Constant
		case op == asm.JGE:
			taken = r9 >= ins.Constant
		default:
			t.Fatalf("unexpected instruction %v in the dispatch", ins)
		}
		if ins.Dst != asm.R9 && ins.OpCode.JumpOp() != asm.Ja {
			t.Fatalf("%v does not test R9", ins)
		}
		if taken {
			i = at[ins.Reference()]
		} else {
			i++
		}
	}
	t.Fatalf("R9 = %d: the dispatch loops", r9)
	return ""
}

// TestDispatch: for every key the search lands on that key's target,
// and every other value leaves the program, for sizes that exercise
// odd and even splits.
func TestDispatch(t *testing.T) {
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= 9; n++ {
		var eps bpfrt.EPTable
		b := bpfrt.NewBuilder(l, &eps, bpfrt.ProbeRef{}, nil)
		keys := make([]int32, n)
		targets := make([]string, n)
		stops := map[string]bool{b.ExitLabel(): true}
		for i := range keys {
			keys[i], targets[i] = int32(10*i+5), fmt.Sprintf("target%d", i)
			stops[targets[i]] = true
		}
		b.Mark("start")
		provider.Dispatch(b, keys, targets)
		for _, tg := range targets {
			b.Mark(tg)
		}
		insns := b.Program()
		for v := int64(0); v < int64(10*n+10); v++ {
			want := b.ExitLabel()
			if v%10 == 5 && v/10 < int64(n) {
				want = targets[v/10]
			}
			if got := reached(t, insns, "start", v, stops); got != want {
				t.Errorf("n=%d: R9 = %d reached %s, want %s", n, v, got, want)
			}
		}
	}
}
