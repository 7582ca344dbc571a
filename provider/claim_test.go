package provider

import (
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
