package enable

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
)

// onBothBuffers runs test as a subtest on each kind of principal buffer,
// BPF ring buffers and perf rings, with the layout of the zero options.
func onBothBuffers(t *testing.T, test func(t *testing.T, l *bpfrt.Layout)) {
	for _, kind := range []string{"ring", "perf"} {
		t.Run(kind, func(t *testing.T) {
			t.Setenv(consume.BuffersEnv, kind)
			test(t, layout(t, bpfrt.Config{}))
		})
	}
}

// TestExitWakes checks, on both kinds of principal buffers, that the
// record of a clause that called exit() wakes the consumer at once,
// though records are otherwise read at the switchrate tick: with a
// switchrate of 20s, a run whose tick-100hz clause exits at its first
// firing ends long before the first tick. On perf rings it is the
// doorbell that wakes it; on ring buffers, BPF_RB_FORCE_WAKEUP.
func TestExitWakes(t *testing.T) {
	requireRuntime(t)
	onBothBuffers(t, func(t *testing.T, l *bpfrt.Layout) {
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
		t.Logf("ended %v after it started", elapsed)
	})
}

// counter counts the records it is handed, for another goroutine to read.
type counter struct {
	collector
	n atomic.Int64
}

func (c *counter) Record(consume.Record) error { c.n.Add(1); return nil }

// TestSync checks, on both kinds of principal buffers, that Sync returns
// once the records written before it have been handed over: a getppid()
// of this process fires a clause whose record nothing wakes the consumer
// for (switchrate 20s), and Sync must bring it within 5s.
func TestSync(t *testing.T) {
	requireRuntime(t)
	onBothBuffers(t, func(t *testing.T, l *bpfrt.Layout) {
		s := enable(t, consume.Options{SwitchRate: 20 * time.Second}, map[string][]*bpfrt.Stmt{
			"syscall::getppid:entry": {clause(0, 0, l.Output(asm.R6, asm.R7, 0)...)},
		})
		defer s.Close()
		active := make(chan struct{})
		s.OnActive(func() { close(active) })
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		h := &counter{}
		done := make(chan error, 1)
		go func() {
			_, err := s.Run(ctx, h)
			done <- err
		}()
		<-active
		// Whatever the loop reads at its start is read by now.
		time.Sleep(50 * time.Millisecond)
		before := h.n.Load()
		unix.Getppid()
		sctx, scancel := context.WithTimeout(ctx, 5*time.Second)
		defer scancel()
		start := time.Now()
		if err := s.Sync(sctx); err != nil {
			t.Fatalf("Sync: %v", err)
		}
		if h.n.Load() <= before {
			t.Errorf("Sync returned after %v, and the getppid() record before it was not handed over", time.Since(start))
		}
		t.Logf("Sync returned after %v", time.Since(start))
		cancel()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	})
}
