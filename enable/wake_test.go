package enable

import (
	"testing"
	"time"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
)

// TestExitWakes checks, on both kinds of principal buffers, that the
// record of a clause that called exit() wakes the consumer at once,
// though records are otherwise read at the switchrate tick: with a
// switchrate of 20s, a run whose tick-100hz clause exits at its first
// firing ends long before the first tick. On perf rings it is the
// doorbell that wakes it; on ring buffers, BPF_RB_FORCE_WAKEUP.
func TestExitWakes(t *testing.T) {
	requireRuntime(t)
	for _, kind := range []string{"ring", "perf"} {
		t.Run(kind, func(t *testing.T) {
			t.Setenv(consume.BuffersEnv, kind)
			l := layout(t, bpfrt.Config{})
			tick := asm.Instructions{asm.Mov.Imm(asm.R9, 7)}
			tick = append(tick, l.Exit(asm.R7, asm.R9, "x")...)
			tick = append(tick, l.Output(asm.R6, asm.R7, 0)...)
			start := time.Now()
			c, status := run(t, consume.Options{SwitchRate: 20 * time.Second}, map[string][]*bpfrt.Stmt{
				"profile:::tick-100hz": {clause(0, 0, tick...)},
			})
			elapsed := time.Since(start)
			if status != 7 {
				t.Errorf("exit status %d, want 7", status)
			}
			if len(c.recs) == 0 {
				t.Error("the exiting clause's record was not read")
			}
			if elapsed > 5*time.Second {
				t.Errorf("the run took %v: exit() was noticed at a switchrate tick, not at its record", elapsed)
			}
			t.Logf("%s: ended %v after it started", kind, elapsed)
		})
	}
}
