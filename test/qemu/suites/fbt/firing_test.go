//go:build qemu

package fbt

import (
	"slices"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/enable"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
)

// timedCalls is how many getppid(2) calls a timing takes, and rounds
// how many timings of each backend, interleaved with timings without
// probes: the VM shares the host's CPUs and emulates them, so one timing
// means little and the medians are what is reported. getppid is about
// the cheapest system call, so what a probe adds stands out.
const (
	timedCalls = 5000
	rounds     = 15
)

// firingFunc is the function the firings are timed on: getppid(2) calls
// it once (for the parent's tgid), on every architecture.
const firingFunc = "__task_pid_nr_ns"

// callTime is the wall time of a getppid(2), the mean of timedCalls.
func callTime() time.Duration {
	start := time.Now()
	for range timedCalls {
		unix.Getppid()
	}
	return time.Since(start) / timedCalls
}

// TestFiringCost logs what a firing of firingFunc's entry probe costs
// with each backend the kernel has: the program's BPF run time per firing
// (the kernel's statistics), and the wall time it adds to a call, which
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
	runTime := map[fbt.Backend][]time.Duration{}
	var bases []time.Duration
	callTime() // warm the path
	for range rounds {
		for _, b := range backends {
			if b.need.Check() != nil {
				continue
			}
			base := callTime()
			r := firing(t, b.backend)
			bases = append(bases, base)
			added[b.backend] = append(added[b.backend], r.wall-base)
			runTime[b.backend] = append(runTime[b.backend], r.runtime/time.Duration(r.runs))
		}
	}
	t.Logf("%s without probes: %v (median of %d timings of %d calls)", firingFunc, median(bases), len(bases), timedCalls)
	for _, b := range backends {
		if len(added[b.backend]) == 0 {
			t.Logf("%-12s not in this kernel", b.backend)
			continue
		}
		t.Logf("%-12s %v BPF run time a firing, a call %+v (medians of %d rounds)", b.backend,
			median(runTime[b.backend]), median(added[b.backend]), rounds)
	}
}

// median returns the median of ds, which it sorts.
func median(ds []time.Duration) time.Duration {
	slices.Sort(ds)
	return ds[len(ds)/2]
}

// firingResult is one timing of a backend: the wall time of a call with
// the probe, and the program's run time and count of runs.
type firingResult struct {
	wall    time.Duration
	runtime time.Duration
	runs    uint64
}

// firing enables firingFunc's entry probe with backend and times calls.
func firing(t *testing.T, backend fbt.Backend) (r firingResult) {
	t.Helper()
	s, err := enable.Open(consume.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	p := fbt.New()
	p.Backend = backend
	tab := provider.NewTable([]provider.Provider{p})
	desc := "fbt::" + firingFunc + ":entry"
	ps, err := tab.Match(provider.ParseDesc(desc))
	if err != nil || len(ps) != 1 {
		t.Fatalf("%s matched %v, %v", desc, ps, err)
	}
	stmt := &bpfrt.Stmt{ID: 0}
	if err := s.Enable(tab, []provider.Enabled{{Probe: ps[0], Stmts: []*bpfrt.Stmt{stmt}}}); err != nil {
		t.Fatalf("%s: %v", backend, err)
	}
	runs0, runtime0 := programStats(t, s)
	if err := s.Maps().SetActivity(bpfrt.ActivityActive); err != nil {
		t.Fatal(err)
	}
	r.wall = callTime()
	r.runs, r.runtime = programStats(t, s)
	r.runs, r.runtime = r.runs-runs0, r.runtime-runtime0
	if r.runs < timedCalls {
		t.Errorf("%s: %d firings for %d calls", backend, r.runs, timedCalls)
	}
	return r
}
