package lockstat_test

import (
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
)

// BenchmarkEnableLockstat enables lockstat::: (five probes on the
// contention_begin and contention_end programs) with a clause that counts
// into a global: the time to build, load and attach, the programs' size,
// and the kernel's run time per run of either program over 100ms of this
// machine's own lock contention.
func BenchmarkEnableLockstat(b *testing.B) {
	testutil.Require(b, feature.RawTracepoint)
	stabletest.BenchEnable(b, table, "lockstat:::", 100*time.Millisecond, nil)
}
