package provider_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/conformance"
	"github.com/godtrace/godtrace/internal/testutil"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtrace"
	"github.com/godtrace/godtrace/provider/registry"
)

func TestGmatch(t *testing.T) {
	for _, c := range []struct {
		s, p string
		want bool
	}{
		{"BEGIN", "BEGIN", true},
		{"BEGIN", "BEG", false},
		{"BEGIN", "B*", true},
		{"BEGIN", "*N", true},
		{"BEGIN", "*", true},
		{"", "*", true},
		{"BEGIN", "B?GIN", true},
		{"BEGIN", "B??IN", true},
		{"BEGIN", "B?IN", false},
		{"tick-1", "tick-[0-9]", true},
		{"tick-s", "tick-[0-9]", false},
		{"tick-s", "tick-[!0-9]", true},
		{"a]", "a[]]", true},
		{"read", "re[abc]d", true},
		{"read", "re[b-z]d", false},
		{"a*b", `a\*b`, true},
		{"axb", `a\*b`, false},
		{"abc", "a[bc", false},
		{"sys_enter_read", "*enter*", true},
		{"profile-997", "profile-*7", true},
	} {
		if got := provider.Gmatch(c.s, c.p); got != c.want {
			t.Errorf("Gmatch(%q, %q) = %v", c.s, c.p, got)
		}
	}
}

func TestParseDesc(t *testing.T) {
	for in, want := range map[string]provider.Desc{
		"BEGIN":                    {Name: "BEGIN"},
		"read:entry":               {Function: "read", Name: "entry"},
		"vmlinux:read:entry":       {Module: "vmlinux", Function: "read", Name: "entry"},
		"syscall::read:entry":      {Provider: "syscall", Function: "read", Name: "entry"},
		"dtrace:::BEGIN":           {Provider: "dtrace", Name: "BEGIN"},
		"a:b:c:d:e":                {Provider: "a", Module: "b", Function: "c", Name: "d:e"},
		"profile:::profile-1000hz": {Provider: "profile", Name: "profile-1000hz"},
	} {
		if got := provider.ParseDesc(in); got != want {
			t.Errorf("ParseDesc(%q) = %+v, want %+v", in, got, want)
		}
	}
	if s := (provider.Desc{Provider: "dtrace", Name: "BEGIN"}).String(); s != "dtrace:::BEGIN" {
		t.Errorf("String = %q", s)
	}
}

func TestTableIDs(t *testing.T) {
	testutil.RequireRoot(t)
	// However the table is first asked, dtrace's probes get 1, 2, 3 and a
	// profile probe the same id: BEGIN, which only dtrace's probes can
	// match, populates no other provider, and a later description
	// populates those before it in order.
	for _, first := range []string{"profile:::tick-1", "BEGIN", "*:::*"} {
		tab := registry.NewTable()
		for _, d := range []string{first, "profile:::profile-97"} {
			if _, err := tab.Match(provider.ParseDesc(d)); err != nil {
				t.Fatal(err)
			}
		}
		for id, name := range map[uint32]string{1: "dtrace:::BEGIN", 2: "dtrace:::END", 3: "dtrace:::ERROR", 4: "profile:::profile-97"} {
			if p := tab.ByID(id); p == nil || p.Desc.String() != name {
				t.Errorf("after %s: probe %d is %v, want %s", first, id, p, name)
			}
		}
	}
	// A probe made on demand takes no listed probe's ID: syscall::read:entry
	// has the one -l gives it, whether a run also names tick-1s or not.
	want := func(tab *provider.Table) uint32 {
		p, err := tab.Lookup(provider.ParseDesc("syscall:vmlinux:read:entry"))
		if err != nil || p == nil {
			t.Fatalf("syscall:vmlinux:read:entry: %v, %v", p, err)
		}
		return p.ID
	}
	listed := registry.NewTable()
	if _, err := listed.Probes(); err != nil {
		t.Fatal(err)
	}
	onDemand := registry.NewTable()
	tick, err := onDemand.Lookup(provider.ParseDesc("profile:::tick-1s"))
	if err != nil || tick == nil {
		t.Fatalf("tick-1s: %v, %v", tick, err)
	}
	if a, b := want(listed), want(onDemand); a != b || tick.ID == a {
		t.Errorf("syscall::read:entry is %d listed, %d after tick-1s (ID %d)", a, b, tick.ID)
	}

	tab := registry.NewTable()
	ps, err := tab.Match(provider.ParseDesc("dtrace:::[BE]*"))
	if err != nil || len(ps) != 3 {
		t.Fatalf("dtrace:::[BE]* matched %v, %v", ps, err)
	}
	if ps[0].Name != "BEGIN" || ps[1].Name != "END" || ps[2].Name != "ERROR" {
		t.Errorf("match order %v", ps)
	}
	p, err := tab.Lookup(provider.ErrorDesc)
	if err != nil || p == nil || p.ID != 3 {
		t.Errorf("Lookup(ERROR) = %v, %v", p, err)
	}
	if ps, _ := tab.Match(provider.ParseDesc("nosuch:::BEGIN")); len(ps) != 0 {
		t.Errorf("unknown provider matched %v", ps)
	}
}

// TestListConformance checks the listing against what DTrace printed for
// `dtrace -l -n 'dtrace:::BEGIN, dtrace:::END'`.
func TestListConformance(t *testing.T) {
	want, err := os.ReadFile(filepath.Join(conformance.Dir(t), "recorded", "tst.list-probes.r"))
	if os.IsNotExist(err) {
		t.Skip("conformance cases not present")
	}
	if err != nil {
		t.Fatal(err)
	}
	tab := registry.NewTable()
	var probes []*provider.Probe
	for _, d := range []string{"dtrace:::BEGIN", "dtrace:::END"} {
		ps, err := tab.Match(provider.ParseDesc(d))
		if err != nil {
			t.Fatal(err)
		}
		probes = append(probes, ps...)
	}
	var buf bytes.Buffer
	if err := provider.WriteList(&buf, probes, false); err != nil {
		t.Fatal(err)
	}
	if buf.String() != string(want) {
		t.Errorf("listing\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestListVerbose(t *testing.T) {
	tab := registry.NewTable()
	ps, err := tab.Match(provider.ParseDesc("dtrace:::BEGIN"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := provider.WriteList(&buf, ps, true); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"   ID   PROVIDER            MODULE                          FUNCTION NAME",
		"    1     dtrace                                                     BEGIN",
		"",
		// BEGIN has no module or function, whose Private attributes
		// then do not count (DTrace's dt_probe_info).
		"\tProbe Description Attributes",
		"\t\tIdentifier Names: Stable",
		"\t\tData Semantics:   Stable",
		"\t\tDependency Class: Common",
		"",
		"\tArgument Attributes",
		"\t\tIdentifier Names: Stable",
		"\t\tData Semantics:   Stable",
		"\t\tDependency Class: Common",
		"",
		"\tArgument Types",
		"\t\tNone",
		"",
		"",
	}, "\n")
	if buf.String() != want {
		t.Errorf("verbose listing\n%q\nwant\n%q", buf.String(), want)
	}
}

func TestDtracePlan(t *testing.T) {
	testutil.RequireRoot(t)
	tab := registry.NewTable()
	var enabled []provider.Enabled
	for _, d := range []string{"BEGIN", "END", "ERROR"} {
		ps, _ := tab.Match(provider.ParseDesc(d))
		enabled = append(enabled, provider.Enabled{Probe: ps[0]})
	}
	units, err := dtrace.New().Plan(enabled)
	if err != nil {
		t.Fatal(err)
	}
	if len(units) != 2 || units[0].Phase() != provider.PhaseBegin || units[1].Phase() != provider.PhaseEnd {
		t.Errorf("units %v: want BEGIN and END only", units)
	}
}

// TestMatchScope checks that a description no provider after dtrace can
// match lists no other provider's probes, while one that may does.
func TestMatchScope(t *testing.T) {
	testutil.RequireRoot(t)
	for _, c := range []struct {
		desc     string
		lazy     bool // only dtrace's and profile's few probes are listed after it
		nmatched int
	}{
		{"BEGIN", true, 1},
		{":::END", true, 1},
		{"dtrace:::*", true, 3},
		// tick-1s is made on demand, after every listed probe has its ID.
		{"tick-1s", false, 1},
		{"nosuchevent", true, 0},
		{"sched_switch", false, -1},
		{"*:::BEGIN", true, 1},
		{"*:::sched_switch", false, -1},
	} {
		tab := registry.NewTable()
		ps, err := tab.Match(provider.ParseDesc(c.desc))
		if err != nil {
			t.Fatal(err)
		}
		if c.nmatched >= 0 && len(ps) != c.nmatched {
			t.Errorf("%s matched %d probes, want %d", c.desc, len(ps), c.nmatched)
		}
		all := 0
		for tab.ByID(uint32(all+1)) != nil {
			all++
		}
		if lazy := all < 50; lazy != c.lazy {
			t.Errorf("%s listed %d probes, lazy %v, want %v", c.desc, all, lazy, c.lazy)
		}
	}
}
