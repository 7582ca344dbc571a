package dtrace

import (
	"testing"

	"github.com/godtrace/godtrace/provider"
)

func TestProbes(t *testing.T) {
	p := New()
	tab := provider.NewTable([]provider.Provider{p})
	all, err := tab.Probes()
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 3 {
		t.Fatalf("%d probes, want 3", len(all))
	}
	for i, name := range []string{"dtrace:::BEGIN", "dtrace:::END", "dtrace:::ERROR"} {
		if all[i].ID != uint32(i+1) || all[i].Desc.String() != name {
			t.Errorf("probe %d is %d %s, want %d %s", i, all[i].ID, all[i].Desc, i+1, name)
		}
	}
	info, err := p.Info(all[0])
	if err != nil || len(info.Args) != 0 {
		t.Fatalf("Info = %+v, %v", info, err)
	}
	want := provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown}
	if got := info.Attrs.Desc(); got != want {
		t.Errorf("description attributes %+v, want %+v", got, want)
	}
	other := &provider.Probe{ID: 9, Desc: provider.Desc{Provider: "dtrace", Name: "NOPE"}, Provider: p}
	if _, err := p.Plan([]provider.Enabled{{Probe: other}}); err == nil {
		t.Error("Plan accepted a probe dtrace does not have")
	}
}
