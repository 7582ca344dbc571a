package stable_test

import (
	"context"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/registry"
)

type discard struct{}

func (discard) Record(consume.Record) error { return nil }
func (discard) Fault(consume.Fault) error   { return nil }
func (discard) Drops(int, uint64) error     { return nil }

// BenchmarkEnableSched enables sched::: (five probes, four on the one
// sched_switch program) with a clause that counts into a global: the
// time to build, load and attach, the programs' size, and the kernel's
// run time per firing of the sched_switch program over 100ms.
func BenchmarkEnableSched(b *testing.B) {
	testutil.Require(b, feature.RawTracepoint)
	stats, err := ebpf.EnableStats(0) // BPF_STATS_RUN_TIME
	if err != nil {
		b.Fatal(err)
	}
	defer stats.Close()
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		b.Fatal(err)
	}
	body := append(asm.Instructions{asm.Mov.Reg(asm.R7, asm.R2)}, l.LookupGlobals(asm.R8, asm.R7, "out")...)
	body = append(body, asm.Mov.Imm(asm.R1, 1), asm.StoreXAdd(asm.R8, asm.R1, asm.DWord), asm.Mov.Imm(asm.R0, 0).WithSymbol("out"), asm.Return())
	stmt := &bpfrt.Stmt{ID: 0, Insns: body}
	var enableTime, runtime time.Duration
	var runs uint64
	insns := 0
	for b.Loop() {
		start := time.Now()
		s, err := consume.Open(consume.Options{})
		if err != nil {
			b.Fatal(err)
		}
		tab := registry.NewTable()
		ps, err := tab.Match(provider.ParseDesc("sched:::"))
		if err != nil {
			b.Fatal(err)
		}
		var enabled []provider.Enabled
		for _, p := range ps {
			enabled = append(enabled, provider.Enabled{Probe: p, Stmts: []*bpfrt.Stmt{stmt}})
		}
		if err := s.Enable(tab, enabled); err != nil {
			b.Fatal(err)
		}
		enableTime += time.Since(start)
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		if _, err := s.Run(ctx, discard{}); err != nil {
			b.Fatal(err)
		}
		cancel()
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
	if runs > 0 {
		b.ReportMetric(float64(runtime.Nanoseconds())/float64(runs), "ns/firing")
	}
}
