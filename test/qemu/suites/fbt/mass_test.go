//go:build qemu

package fbt

import (
	"flag"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/enable"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
)

// fentrySample is how many probes TestMassAttach attaches with fentry
// where the kernel has it: at most what fbt.Auto gives fentry.
const fentrySample = 16

// all makes TestMassAttach enable all of fbt:::entry, as the fbt-mass
// suite does; the short suite enables a sample.
var all = flag.Bool("all", false, "enable all of fbt:::entry, not a sample")

// TestMassAttach enables fbt:::entry, or with -all not set a sample of it
// (every 64th function fbt lists, so it spans the whole kernel), and a
// sample small enough for fentry, each with one shared clause that counts
// into a global, as a session does, and logs how long enabling and
// disabling took, and what the firings cost.
func TestMassAttach(t *testing.T) {
	testutil.Require(t, feature.Kprobes, feature.KprobeMulti)
	stats, err := ebpf.EnableStats(0) // BPF_STATS_RUN_TIME
	if err != nil {
		t.Fatal(err)
	}
	defer stats.Close()
	tab := provider.NewTable([]provider.Provider{fbt.New()})
	start := time.Now()
	ps, err := tab.Match(provider.ParseDesc("fbt:::entry"))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("fbt:::entry: %d probes listed in %v", len(ps), time.Since(start).Round(time.Millisecond))
	steps := []int{64}
	if *all {
		steps = []int{1}
	}
	if feature.Fentry.Check() == nil {
		// A sample small enough that Auto gives it fentry, spread over the
		// kernel.
		steps = append(steps, len(ps)/fentrySample+1)
	}
	for i, step := range steps {
		var sample []*provider.Probe
		for i := 0; i < len(ps); i += step {
			sample = append(sample, ps[i])
		}
		// The fentry sample is too small to be sure one of its functions
		// runs meanwhile.
		massAttach(t, tab, sample, i == 0)
	}
}

// massAttach enables ps as a session does, then lets them fire for 200ms
// with the activity active, so that the clause runs, and fails when none
// did and mustFire says some should.
func massAttach(t *testing.T, tab *provider.Table, ps []*provider.Probe, mustFire bool) {
	s, err := enable.Open(consume.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	l := s.Maps().Layout
	body := append(asm.Instructions{asm.Mov.Reg(asm.R7, asm.R2)}, l.LookupGlobals(asm.R8, asm.R7, "out")...)
	body = append(body, asm.Mov.Imm(asm.R1, 1), asm.StoreXAdd(asm.R8, asm.R1, asm.DWord), asm.Mov.Imm(asm.R0, 0).WithSymbol("out"), asm.Return())
	stmt := &bpfrt.Stmt{ID: 0, Insns: body}
	enabled := make([]provider.Enabled, len(ps))
	for i, p := range ps {
		enabled[i] = provider.Enabled{Probe: p, Stmts: []*bpfrt.Stmt{stmt}}
	}
	start := time.Now()
	if err := s.Enable(tab, enabled); err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	// Firings while inactive return at once; the clause counts those
	// while active.
	runs0, runtime0 := programStats(t, s)
	if err := s.Maps().SetActivity(bpfrt.ActivityActive); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if err := s.Maps().SetActivity(bpfrt.ActivityStopped); err != nil {
		t.Fatal(err)
	}
	runs, runtime := programStats(t, s)
	runs, runtime = runs-runs0, runtime-runtime0
	insns, fentry := 0, 0
	for _, p := range s.Programs() {
		insns += p.Insns
		if p.Prog.Type() == ebpf.Tracing {
			fentry++
		}
	}
	n := len(s.Programs())
	start = time.Now()
	if err := s.Close(); err != nil {
		t.Error(err)
	}
	t.Logf("%d probes: %d programs (%d fentry), %d insns: enabled in %v, closed in %v",
		len(ps), n, fentry, insns, took.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	if runs == 0 {
		if mustFire {
			t.Errorf("no firing of %d probes", len(ps))
		}
		return
	}
	t.Logf("%d firings in 200ms active, %.0f ns of BPF run time each", runs, float64(runtime.Nanoseconds())/float64(runs))
}

// programStats sums the kernel's statistics of the session's programs:
// how many times they ran, and for how long.
func programStats(t *testing.T, s *enable.Session) (runs uint64, runtime time.Duration) {
	t.Helper()
	for _, p := range s.Programs() {
		st, err := p.Prog.Stats()
		if err != nil {
			t.Fatal(err)
		}
		runs += st.RunCount
		runtime += st.Runtime
	}
	return runs, runtime
}
