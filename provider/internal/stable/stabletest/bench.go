package stabletest

import (
	"context"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/enable"
	"github.com/godtrace/godtrace/provider"
)

// CountStmt returns a clause that only adds 1 to a global, the cheapest
// clause that still does work, for measuring a provider's own cost.
func CountStmt(tb testing.TB) *bpfrt.Stmt {
	tb.Helper()
	l, err := bpfrt.NewLayout(bpfrt.Config{})
	if err != nil {
		tb.Fatal(err)
	}
	body := append(asm.Instructions{asm.Mov.Reg(asm.R7, asm.R2)}, l.LookupGlobals(asm.R8, asm.R7, "out")...)
	body = append(body, asm.Mov.Imm(asm.R1, 1), asm.StoreXAdd(asm.R8, asm.R1, asm.DWord), asm.Mov.Imm(asm.R0, 0).WithSymbol("out"), asm.Return())
	return &bpfrt.Stmt{ID: 0, Insns: body}
}

// EnableRunTimeStats turns on the kernel's accounting of BPF program run
// time (BPF_STATS_RUN_TIME) until tb ends, so that Program.Stats counts.
func EnableRunTimeStats(tb testing.TB) {
	tb.Helper()
	stats, err := ebpf.EnableStats(0) // BPF_STATS_RUN_TIME
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { stats.Close() })
}

// Enable returns every probe of tab that desc matches, each running stmts.
func Enable(tb testing.TB, tab *provider.Table, desc string, stmts ...*bpfrt.Stmt) []provider.Enabled {
	tb.Helper()
	ps, err := tab.Match(provider.ParseDesc(desc))
	if err != nil {
		tb.Fatal(err)
	}
	enabled := make([]provider.Enabled, len(ps))
	for i, p := range ps {
		enabled[i] = provider.Enabled{Probe: p, Stmts: stmts}
	}
	return enabled
}

// ReportFirings reports the kernel's mean run time per firing, when
// there were firings.
func ReportFirings(b *testing.B, runtime time.Duration, runs uint64) {
	if runs > 0 {
		b.ReportMetric(float64(runtime.Nanoseconds())/float64(runs), "ns/firing")
	}
}

// Claiming is a provider that claims provider names and matches its own
// probes, as pid and usdt do.
type Claiming interface {
	provider.Provider
	provider.Claimer
	provider.Matcher
}

// Claim provides and matches d with prov, as the table does once it asks
// the providers that claim a provider name (pid123, python1234) and lets
// them match their own probes (module aliases such as a.out).
func Claim(tb testing.TB, tab *provider.Table, prov Claiming, d string) []*provider.Probe {
	tb.Helper()
	desc := provider.ParseDesc(d)
	if !prov.Claims(desc.Provider) {
		tb.Fatalf("provider %s does not claim %s", prov.Name(), desc.Provider)
	}
	if err := prov.Provide(tab, desc); err != nil {
		tb.Fatalf("provide %s: %v", d, err)
	}
	all, err := tab.Probes()
	if err != nil {
		tb.Fatal(err)
	}
	var ps []*provider.Probe
	for _, p := range all {
		if p.Provider == provider.Provider(prov) && prov.Matches(desc, p) {
			ps = append(ps, p)
		}
	}
	return ps
}

// Trace opens a session, enables desc with stmts on the table newTable
// makes, and traces for d. It returns the session, whose programs' run
// time statistics the caller reads before closing it, and how long the
// opening, the table and enabling took.
func Trace(tb testing.TB, newTable func() *provider.Table, desc string, d time.Duration, stmts ...*bpfrt.Stmt) (*enable.Session, time.Duration) {
	tb.Helper()
	start := time.Now()
	s, err := enable.Open(consume.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	tab := newTable()
	if err := s.Enable(tab, Enable(tb, tab, desc, stmts...)); err != nil {
		s.Close()
		tb.Fatal(err)
	}
	took := time.Since(start)
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	if _, err := s.Run(ctx, &collector{}); err != nil {
		s.Close()
		tb.Fatal(err)
	}
	return s, took
}

// BenchEnable enables desc for d per iteration with a counting clause and
// reports the time to enable, the programs' instructions and, over the
// programs timed selects (all when nil), the kernel's run time per firing.
func BenchEnable(b *testing.B, newTable func() *provider.Table, desc string, d time.Duration, timed func(name string) bool) {
	EnableRunTimeStats(b)
	stmt := CountStmt(b)
	var enableTime, runtime time.Duration
	var runs uint64
	insns := 0
	for b.Loop() {
		s, took := Trace(b, newTable, desc, d, stmt)
		enableTime += took
		insns = 0
		for _, p := range s.Programs() {
			insns += p.Insns
			if timed != nil && !timed(p.Name) {
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
	ReportFirings(b, runtime, runs)
}
