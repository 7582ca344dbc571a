package provider

import (
	"io/fs"
	"strings"
	"testing"
)

// procProv stands for the pid and usdt providers: its probes are named
// pidN, it makes them on demand, and its module field has aliases.
type procProv struct{}

func (procProv) Name() string                   { return "pid" }
func (procProv) Populate(*Table) error          { return nil }
func (procProv) Info(*Probe) (Info, error)      { return Info{}, nil }
func (procProv) Plan([]Enabled) ([]Unit, error) { return nil, nil }
func (procProv) Claims(prov string) bool        { return strings.HasPrefix(prov, "pid") }
func (p procProv) Matches(d Desc, pr *Probe) bool {
	return d.Provider == pr.Desc.Provider && (d.Module == "libc" || d.Module == pr.Module) &&
		matchField(d.Function, pr.Function) && matchField(d.Name, pr.Name)
}
func (p procProv) Provide(t *Table, d Desc) error {
	if d.Provider == "pid42" {
		t.Add(p, Desc{Provider: "pid42", Module: "libc.so.6", Function: "malloc", Name: "entry"}, nil)
	}
	return nil
}

func TestTableClaimsAndMatches(t *testing.T) {
	tab := NewTable([]Provider{procProv{}})
	ps, err := tab.Match(Desc{Provider: "pid42", Module: "libc", Function: "malloc", Name: "entry"})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 || ps[0].Desc.Provider != "pid42" {
		t.Fatalf("Match = %v, want the one pid42 probe", ps)
	}
	var b strings.Builder
	if err := WriteList(&b, ps, false); err != nil {
		t.Fatal(err)
	}
	if want := "    1      pid42         libc.so.6                            malloc entry\n"; !strings.HasSuffix(b.String(), want) {
		t.Errorf("listing =\n%s\nwant it to end with\n%s", b.String(), want)
	}
	if ps, _ := tab.Match(Desc{Provider: "pid7", Name: "entry"}); len(ps) != 0 {
		t.Errorf("pid7 matched %v, want nothing", ps)
	}
}

// deniedProv stands for a provider that lists its probes from tracefs,
// which this user may not read.
type deniedProv struct{ procProv }

func (deniedProv) Name() string { return "syscall" }
func (deniedProv) Populate(*Table) error {
	return &fs.PathError{Op: "open", Path: "/sys/kernel/tracing/events/syscalls", Err: fs.ErrPermission}
}

// TestTableDenied: a provider whose tables this user may not read has no
// probes, other descriptions still match, and a description naming it
// learns why it matches nothing.
func TestTableDenied(t *testing.T) {
	tab := NewTable([]Provider{deniedProv{}, procProv{}})
	d := Desc{Provider: "syscall", Function: "getpid", Name: "entry"}
	if ps, err := tab.Match(d); err != nil || len(ps) != 0 {
		t.Fatalf("Match(%s) = %v, %v; want nothing, no error", d, ps, err)
	}
	if ps, err := tab.Match(Desc{Provider: "pid42", Module: "libc", Function: "malloc", Name: "entry"}); err != nil || len(ps) != 1 {
		t.Errorf("pid42 probe beside a denied provider: %v, %v", ps, err)
	}
	const why = "needs read access to /sys/kernel/tracing/events/syscalls, which this user lacks"
	as, err := tab.Absentees(d, false)
	if err != nil || len(as) != 1 || as[0].Desc != d || as[0].Why != why {
		t.Errorf("Absentees(%s) = %+v, %v; want %s %s", d, as, err, d, why)
	}
	if as, _ := tab.Absentees(Desc{Provider: "pid42"}, false); len(as) != 0 {
		t.Errorf("Absentees(pid42) = %+v, want none", as)
	}
	if as, _ := tab.Absentees(Desc{}, true); len(as) != 1 || as[0].Desc.String() != "syscall:::" {
		t.Errorf("all Absentees = %+v, want syscall:::", as)
	}
}
