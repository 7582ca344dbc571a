//go:build qemu

package fbt

import (
	"os"
	"slices"
	"testing"
	"time"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
)

// timedOpens is how many opens a timing takes, and rounds how many
// timings of each backend, interleaved with timings without probes: the
// VM shares the host's CPUs and emulates them, so one timing means little
// and the medians are what is reported.
const (
	timedOpens = 1000
	rounds     = 9
)

// openTime is the wall time of an open and close of a file, the mean of
// timedOpens.
func openTime(t *testing.T) time.Duration {
	t.Helper()
	start := time.Now()
	for range timedOpens {
		f, err := os.Open("/proc/self/stat")
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return time.Since(start) / timedOpens
}

// TestFiringCost logs what a firing of fbt::do_sys_openat2:entry costs
// with each backend the kernel has: the program's BPF run time per firing
// (the kernel's statistics), and the wall time it adds to an open, which
// includes the mechanism (kprobe trap, fprobe, or BPF trampoline), as the
// median over rounds of the difference with a timing without the probe
// just before. The programs are fbt's own, with an empty clause, enabled
// through a session whose activity the test sets to active. It asserts only that every program fired on every open; the
// figures are the VM's, under emulation.
func TestFiringCost(t *testing.T) {
	stats, err := ebpf.EnableStats(0) // BPF_STATS_RUN_TIME
	if err != nil {
		t.Fatal(err)
	}
	defer stats.Close()
	backends := []struct {
		backend fbt.Backend
		need    *feature.Feature
	}{{fbt.Fentry, feature.Fentry}, {fbt.KprobeMulti, feature.KprobeMulti}, {fbt.Kprobe, feature.Kprobes}}
	added := map[fbt.Backend][]time.Duration{}
	runtime := map[fbt.Backend][]time.Duration{}
	var bases []time.Duration
	openTime(t) // warm the path
	for range rounds {
		for _, b := range backends {
			if b.need.Check() != nil {
				continue
			}
			base := openTime(t)
			r := firing(t, b.backend)
			bases = append(bases, base)
			added[b.backend] = append(added[b.backend], r.wall-base)
			runtime[b.backend] = append(runtime[b.backend], r.runtime/time.Duration(r.runs))
		}
	}
	t.Logf("open+close without probes: %v (median of %d timings of %d)", median(bases), len(bases), timedOpens)
	for _, b := range backends {
		if len(added[b.backend]) == 0 {
			t.Logf("%-12s not in this kernel", b.backend)
			continue
		}
		t.Logf("%-12s %v BPF run time a firing, open+close %+v (medians of %d rounds)", b.backend,
			median(runtime[b.backend]), median(added[b.backend]), rounds)
	}
}

// median returns the median of ds, which it sorts.
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// firingResult is one timing of a backend: the wall time of an open and
// close with the probe, and the program's run time and count of runs.
type firingResult struct {
	wall    time.Duration
	runtime time.Duration
	runs    uint64
}

// firing enables fbt::do_sys_openat2:entry with backend and times opens.
func firing(t *testing.T, backend fbt.Backend) (r firingResult) {
	t.Helper()
	s, err := consume.Open(consume.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p := fbt.New()
	p.Backend = backend
	tab := provider.NewTable([]provider.Provider{p})
	ps, err := tab.Match(provider.ParseDesc("fbt::do_sys_openat2:entry"))
	if err != nil || len(ps) != 1 {
		t.Fatalf("fbt::do_sys_openat2:entry matched %v, %v", ps, err)
	}
	stmt := &bpfrt.Stmt{ID: 0}
	if err := s.Enable(tab, []provider.Enabled{{Probe: ps[0], Stmts: []*bpfrt.Stmt{stmt}}}); err != nil {
		t.Fatalf("%s: %v", backend, err)
	}
	runs0, runtime0 := programStats(t, s)
	if err := s.Maps().SetActivity(bpfrt.ActivityActive); err != nil {
		t.Fatal(err)
	}
	r.wall = openTime(t)
	r.runs, r.runtime = programStats(t, s)
	r.runs, r.runtime = r.runs-runs0, r.runtime-runtime0
	if r.runs < timedOpens {
		t.Errorf("%s: %d firings for %d opens", backend, r.runs, timedOpens)
	}
	return r
}
