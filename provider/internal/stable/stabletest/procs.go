package stabletest

import (
	"context"
	"testing"
	"time"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/enable"
	"github.com/godtrace/godtrace/proc"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/waitfd"
)

// RunProcs enables the probes on tab, then continues the stopped
// processes that start returns and hands every record to h until they
// have all exited; each must exit 0. start runs after enabling, so a
// process created there meets probes (and USDT semaphores) already in
// place. The session is closed when tb ends, so the caller may read its
// programs' statistics.
func RunProcs(tb testing.TB, tab *provider.Table, enabled []provider.Enabled, h consume.Handler, start func() []*proc.Process) *enable.Session {
	tb.Helper()
	s, err := enable.Open(consume.Options{SwitchRate: 10 * time.Millisecond})
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { s.Close() })
	if err := s.Enable(tab, enabled); err != nil {
		tb.Fatal(err)
	}
	// Go active before the processes run: Run would only do so once
	// called, and firings before that run no clause.
	if err := s.Maps().SetActivity(bpfrt.ActivityActive); err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	procs := start()
	for _, p := range procs {
		if err := p.Continue(); err != nil {
			tb.Fatal(err)
		}
	}
	go func() {
		for _, p := range procs {
			<-p.Done()
		}
		time.Sleep(50 * time.Millisecond) // let the last records reach the buffers
		cancel()
	}()
	if _, err := s.Run(ctx, h); err != nil {
		tb.Fatal(err)
	}
	for _, p := range procs {
		if st := p.ExitStatus(); st.Code != waitfd.CLDExited || st.Value != 0 {
			tb.Errorf("process %d: %s", p.Pid(), proc.ExitMessage(st))
		}
	}
	return s
}
