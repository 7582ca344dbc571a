package bpfrt

import (
	"fmt"
	"testing"

	"github.com/godtrace/godtrace/internal/testutil"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
)

// specProgram loads a raw tracepoint program returning speculation().
func specProgram(t testing.TB, m *Maps) *ebpf.Program {
	t.Helper()
	insns := asm.Instructions{
		asm.StoreImm(asm.RFP, -8, 0, asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(MapScratch),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -8),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, "out"),
		asm.Mov.Reg(asm.R7, asm.R0),
	}
	insns = append(insns, m.Layout.Speculation(asm.R7, "spec")...)
	insns = append(insns, asm.Return().WithSymbol("out"))
	prog, err := m.Load("spec_test", ebpf.RawTracepoint, ebpf.AttachNone, "", insns)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { prog.Close() })
	return prog
}

// TestSpeculation: speculation() hands out each buffer once, counts a
// call finding all active as unavailable and one finding a committed
// buffer not yet released as busy, and a released buffer is handed out
// again.
func TestSpeculation(t *testing.T) {
	testutil.RequireRoot(t)
	m, err := NewMaps(Config{NSpec: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	prog := specProgram(t, m)
	call := func() uint32 {
		t.Helper()
		ret, err := prog.Run(&ebpf.RunOptions{Context: make([]uint64, 1)})
		if err != nil {
			t.Fatal(err)
		}
		return ret
	}
	for i, want := range []uint32{1, 2, 0} {
		if got := call(); got != want {
			t.Fatalf("call %d: speculation() = %d, want %d", i, got, want)
		}
	}
	// What SpecEnd does to buffer 1.
	if _, err := m.spec.WriteAt([]byte{SpecDone, 0, 0, 0, 0, 0, 0, 0}, 0); err != nil {
		t.Fatal(err)
	}
	if got := call(); got != 0 {
		t.Fatalf("speculation() with buffer 1 done = %d, want 0", got)
	}
	if err := m.ReleaseSpec(1); err != nil {
		t.Fatal(err)
	}
	if got := call(); got != 1 {
		t.Fatalf("speculation() after release = %d, want 1", got)
	}
	f, err := m.SpecFailures()
	if err != nil {
		t.Fatal(err)
	}
	if f != (SpecFailures{Unavail: 1, Busy: 1}) {
		t.Errorf("failures %+v, want 1 unavailable, 1 busy", f)
	}
	if err := m.ReleaseSpec(3); err == nil {
		t.Error("release of speculation 3 of 2 succeeded")
	}
}

// BenchmarkSpeculation: one BPF_PROG_RUN of a speculation() call with
// every buffer active, its longest path (all compare-and-exchanges fail,
// then the count). Raw tracepoint programs take no repeat count, so each
// op includes the system call.
func BenchmarkSpeculation(b *testing.B) {
	for _, n := range []int{1, 16} {
		b.Run(fmt.Sprintf("nspec=%d", n), func(b *testing.B) {
			m, err := NewMaps(Config{NSpec: n})
			if err != nil {
				b.Fatal(err)
			}
			defer m.Close()
			prog := specProgram(b, m)
			opts := &ebpf.RunOptions{Context: make([]uint64, 1)}
			for range n {
				if _, err := prog.Run(opts); err != nil {
					b.Fatal(err)
				}
			}
			for b.Loop() {
				ret, err := prog.Run(opts)
				if err != nil {
					b.Fatal(err)
				}
				if ret != 0 {
					b.Fatalf("speculation() = %d with every buffer active", ret)
				}
			}
		})
	}
}
