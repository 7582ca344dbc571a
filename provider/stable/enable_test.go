package stable_test

import (
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider/registry"
	"github.com/godtrace/godtrace/provider/stable/stabletest"
)

// BenchmarkEnableSched enables sched::: (five probes, four on the one
// sched_switch program) with a clause that counts into a global: the
// time to build, load and attach, the programs' size, and the kernel's
// run time per firing of the sched_switch program over 100ms.
func BenchmarkEnableSched(b *testing.B) {
	testutil.Require(b, feature.RawTracepoint)
	stabletest.EnableRunTimeStats(b)
	stmt := stabletest.CountStmt(b)
	var enableTime, runtime time.Duration
	var runs uint64
	insns := 0
	for b.Loop() {
		s, took := stabletest.Trace(b, registry.NewTable, "sched:::", 100*time.Millisecond, stmt)
		enableTime += took
		insns = 0
		for _, p := range s.Programs() {
			insns += p.Insns
			if p.Name != "dt_sche_sched_s" {
				continue
			}
			st, err := p.Prog.Stats()
			if err != nil {
				b.Fatal(err)
			}
			runtime += st.Runtime
			runs += st.RunCount
		}
		s.Close()
	}
	b.ReportMetric(float64(enableTime.Microseconds())/float64(b.N)/1000, "ms-to-enable")
	b.ReportMetric(float64(insns), "insns")
	stabletest.ReportFirings(b, runtime, runs)
}
