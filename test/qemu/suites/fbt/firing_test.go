//go:build qemu

package fbt

import (
	"io"
	"os"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
)

// timedOpens is how many opens a round times, and rounds how many rounds
// the fastest is taken of: the VM shares the host's CPUs, and the fastest
// round is the one least disturbed.
const (
	timedOpens = 500
	rounds     = 5
)

// openTime is the wall time of an open and close of a file, the mean
// over the fastest round.
func openTime(t *testing.T) time.Duration {
	t.Helper()
	best := time.Duration(1<<63 - 1)
	for range rounds {
		start := time.Now()
		for range timedOpens {
			f, err := os.Open("/proc/self/stat")
			if err != nil {
				t.Fatal(err)
			}
			f.Close()
		}
		best = min(best, time.Since(start)/timedOpens)
	}
	return best
}

// TestFiringCost logs what a firing on do_sys_openat2 costs with each way
// fbt can attach: the program's BPF run time per firing (the kernel's
// statistics), and the wall time it adds to an open, which includes the
// mechanism (kprobe trap, fprobe, or BPF trampoline). It asserts only that
// every program fired on every open; the figures are the VM's, under
// emulation.
func TestFiringCost(t *testing.T) {
	stats, err := ebpf.EnableStats(0) // BPF_STATS_RUN_TIME
	if err != nil {
		t.Fatal(err)
	}
	defer stats.Close()
	openTime(t) // warm the path
	base := openTime(t)
	t.Logf("open+close without probes: %v", base)
	for _, b := range []struct {
		name   string
		typ    ebpf.ProgramType
		at     ebpf.AttachType
		to     string
		attach func(*ebpf.Program) (io.Closer, error)
	}{
		{"kprobe", ebpf.Kprobe, ebpf.AttachNone, "", func(p *ebpf.Program) (io.Closer, error) {
			return link.Kprobe(openFunc, p, nil)
		}},
		{"kprobe.multi", ebpf.Kprobe, ebpf.AttachTraceKprobeMulti, "", func(p *ebpf.Program) (io.Closer, error) {
			return link.KprobeMulti(p, link.KprobeMultiOptions{Symbols: []string{openFunc}})
		}},
		{"fentry", ebpf.Tracing, ebpf.AttachTraceFEntry, openFunc, func(p *ebpf.Program) (io.Closer, error) {
			return link.AttachTracing(link.TracingOptions{Program: p})
		}},
	} {
		m, prog := counter(t, b.typ, b.at, b.to)
		l, err := b.attach(prog)
		if err != nil {
			t.Errorf("%s: %v", b.name, err)
			continue
		}
		before := read(t, m)
		with := openTime(t)
		n := read(t, m) - before
		st, err := prog.Stats()
		l.Close()
		if err != nil {
			t.Fatal(err)
		}
		if n < rounds*timedOpens {
			t.Errorf("%s: %d firings for %d opens", b.name, n, rounds*timedOpens)
			continue
		}
		t.Logf("%-12s %6.0f ns BPF run time a firing; open+close %v (+%v)", b.name,
			float64(st.Runtime.Nanoseconds())/float64(st.RunCount), with, with-base)
	}
}
