package stable_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/registry"
)

// BenchmarkPopulate times listing each provider on its own and all of
// them (what `dtrace -l` does), and reports how many probes it found.
func BenchmarkPopulate(b *testing.B) {
	testutil.RequireRoot(b)
	for _, p := range registry.Providers() {
		b.Run(p.Name(), func(b *testing.B) {
			n := 0
			for b.Loop() {
				t := provider.NewTable([]provider.Provider{p})
				ps, err := t.Probes()
				if err != nil {
					b.Fatal(err)
				}
				n = len(ps)
			}
			b.ReportMetric(float64(n), "probes")
		})
	}
	b.Run("all", func(b *testing.B) {
		n := 0
		for b.Loop() {
			ps, err := registry.NewTable().Probes()
			if err != nil {
				b.Fatal(err)
			}
			n = len(ps)
		}
		b.ReportMetric(float64(n), "probes")
	})
}

// TestMatchIsLazy: matching a stable provider's probe does not list the
// providers after it in the registry (sdt, rawtp: thousands of probes).
func TestMatchIsLazy(t *testing.T) {
	testutil.RequireRoot(t)
	tab := registry.NewTable()
	ps, err := tab.Match(provider.ParseDesc("proc:::exit"))
	if err != nil || len(ps) != 1 {
		t.Fatalf("proc:::exit matched %v, %v", ps, err)
	}
	for id := ps[0].ID + 1; tab.ByID(id) != nil; id++ {
		if p := tab.ByID(id); p.Provider.Name() == "sdt" || p.Provider.Name() == "rawtp" {
			t.Fatalf("matching proc:::exit listed %s", p.Desc)
		}
	}
}

// TestListAllVerbose: `dtrace -lv` of every probe of every provider
// describes each one (no provider fails Info on a probe it lists).
func TestListAllVerbose(t *testing.T) {
	testutil.RequireRoot(t)
	ps, err := registry.NewTable().Probes()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	start := time.Now()
	if err := provider.WriteList(&buf, ps, true); err != nil {
		t.Fatal(err)
	}
	t.Logf("-lv of %d probes: %d bytes in %v", len(ps), buf.Len(), time.Since(start))
	for _, want := range []string{
		"rawtp             sched                                   sched_switch",
		"\t\targs[1]: struct task_struct *\n",
		"sdt             sched                                   sched_switch",
		"\t\targs[3]: tcpsinfo_t *\n",
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("-lv lacks %q", want)
		}
	}
}

// TestAbsent: the probes DTrace builds on fbt are absent here (not
// listed, so a script naming them fails to match rather than never
// fires), and those on tracepoints present, whatever DTrace builds them
// on.
func TestAbsent(t *testing.T) {
	testutil.RequireRoot(t)
	tab := registry.NewTable()
	for desc, want := range map[string]int{
		"proc:::start": 0, "proc:::lwp-start": 0, "proc:::signal-clear": 1,
		"sched:::on-cpu": 0, "sched:::enqueue": 0, "sched:::dequeue": 0, "sched:::tick": 0,
		"io:::wait-start": 0, "io:::wait-done": 0, "udp:::receive": 0,
		"tcp:::send": 1, "tcp:::accept-refused": 1,
		"proc:::": 11, "sched:::": 5, "io:::": 2, "ip:::": 2, "tcp:::": 8, "udp:::": 1,
	} {
		ps, err := tab.Match(provider.ParseDesc(desc))
		if err != nil || len(ps) != want {
			t.Errorf("%s matched %d probes, %v; want %d", desc, len(ps), err, want)
		}
	}
}
