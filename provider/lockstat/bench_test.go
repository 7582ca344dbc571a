package lockstat_test

import (
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider/stable/stabletest"
)

// BenchmarkEnableLockstat enables lockstat::: (five probes on the
// contention_begin and contention_end programs) with a clause that counts
// into a global: the time to build, load and attach, the programs' size,
// and the kernel's run time per run of either program over 100ms of this
// machine's own lock contention.
func BenchmarkEnableLockstat(b *testing.B) {
	testutil.Require(b, feature.RawTracepoint)
	stabletest.EnableRunTimeStats(b)
	stmt := stabletest.CountStmt(b)
	var enableTime, runtime time.Duration
	var runs uint64
	insns := 0
	for b.Loop() {
		s, took := stabletest.Trace(b, table, "lockstat:::", 100*time.Millisecond, stmt)
		enableTime += took
		insns = 0
		for _, p := range s.Programs() {
			insns += p.Insns
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
