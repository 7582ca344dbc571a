package stable_test

import (
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/registry"
)

// BenchmarkEnableSched enables sched::: (five probes, four on the one
// sched_switch program) with a clause that counts into a global: the
// time to build, load and attach, the programs' size, and the kernel's
// run time per firing of the sched_switch program over 100ms.
func BenchmarkEnableSched(b *testing.B) {
	testutil.Require(b, feature.RawTracepoint)
	stabletest.BenchEnable(b, registry.NewTable, "sched:::", 100*time.Millisecond, func(name string) bool { return name == "dt_sche_sched_s" })
}
