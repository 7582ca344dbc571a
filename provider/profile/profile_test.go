package profile

import (
	"strings"
	"testing"

	"github.com/godtrace/godtrace/provider"
)

func TestParsePeriod(t *testing.T) {
	for in, want := range map[string]uint64{
		"997":                   1000000000 / 997,
		"1000hz":                1e6,
		"100HZ":                 1e7,
		"10ms":                  1e7,
		"10msec":                1e7,
		"1s":                    1e9,
		"1sec":                  1e9,
		"500us":                 5e5,
		"500usec":               5e5,
		"200000ns":              2e5,
		"300000nsec":            3e5,
		"1m":                    60e9,
		"2min":                  120e9,
		"1h":                    3600e9,
		"1hour":                 3600e9,
		"1d":                    86400e9,
		"1day":                  86400e9,
		"5001":                  0, // 199.96us: under the 200us floor
		"199us":                 0,
		"0":                     0,
		"":                      0,
		"10xs":                  0,
		"ms":                    0,
		"-1":                    0,
		"99999999999999999999d": 0,
	} {
		if got := parsePeriod(in); got != want {
			t.Errorf("parsePeriod(%q) = %d, want %d", in, got, want)
		}
	}
}

func TestParseCPUList(t *testing.T) {
	got, err := parseCPUList(strings.NewReader("0-2,4,6-7\n"))
	if err != nil || len(got) != 6 || got[0] != 0 || got[2] != 2 || got[3] != 4 || got[5] != 7 {
		t.Errorf("parseCPUList = %v, %v", got, err)
	}
	for _, bad := range []string{"", "a", "1-b"} {
		if _, err := parseCPUList(strings.NewReader(bad)); err == nil {
			t.Errorf("parseCPUList(%q) succeeded", bad)
		}
	}
	if cpus, err := onlineCPUs(); err != nil || len(cpus) == 0 {
		t.Errorf("onlineCPUs = %v, %v", cpus, err)
	}
}

func TestProbes(t *testing.T) {
	p := New()
	tab := provider.NewTable([]provider.Provider{p})
	all, err := tab.Probes()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, pr := range all {
		names = append(names, pr.Name)
	}
	const want = "profile-97 profile-199 profile-499 profile-997 profile-1999 profile-4001 profile-4999 tick-1 tick-10 tick-100 tick-500 tick-1000 tick-5000"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("listed\n%s\nwant\n%s", got, want)
	}
	// On demand: an exact name creates a probe; a glob or bad rate does not.
	for _, c := range []struct {
		desc string
		n    int
	}{
		{"profile:::tick-10ms", 1},
		{"profile:::profile-1000hz", 1},
		{":::tick-3s", 1},
		{"profile:::tick-10ms", 1},
		{"profile:::tick-1?s", 0},
		{"profile:::tick-10us", 0},
		{"profile:::tick-x", 0},
		{"profile:mod::tick-1s", 0},
		{"profile:::tick-1", 1},
		{"profile:::tick-*", 8},
	} {
		ps, err := tab.Match(provider.ParseDesc(c.desc))
		if err != nil || len(ps) != c.n {
			t.Errorf("%s matched %d probes (%v), want %d", c.desc, len(ps), err, c.n)
		}
	}
	// A description with an empty name (dtrace -l -P profile) lists
	// every probe of a table not yet populated.
	for _, d := range []string{"profile:::", ":::"} {
		ps, err := provider.NewTable([]provider.Provider{New()}).Match(provider.ParseDesc(d))
		if err != nil || len(ps) != 13 {
			t.Errorf("%s in a new table matched %d probes (%v), want 13", d, len(ps), err)
		}
	}
	ps, _ := tab.Match(provider.ParseDesc("tick-10ms"))
	pr := ps[0].Data.(*probe)
	if !pr.tick || pr.period != 1e7 || ps[0].ID != 14 {
		t.Errorf("tick-10ms: %+v id %d", *pr, ps[0].ID)
	}
}
