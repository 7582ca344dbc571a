package consume

import "testing"

// collector is a Handler that keeps the records it is given.
type collector struct{ recs []Record }

func (c *collector) Record(r Record) error {
	r.Data = append([]byte(nil), r.Data...)
	c.recs = append(c.recs, r)
	return nil
}
func (*collector) Fault(Fault) error                 { return nil }
func (*collector) Drops(DropKind, int, uint64) error { return nil }
func (*collector) SpecDrops(SpecDrop, uint64) error  { return nil }

func TestDropsMessage(t *testing.T) {
	for _, c := range []struct {
		kind DropKind
		cpu  int
		n    uint64
		want string
	}{
		{DropPrincipal, 1, 5, "5 drops on CPU 1"},
		{DropPrincipal, 0, 1, "1 drop on CPU 0"},
		{DropAggregation, 1, 1, "1 aggregation drop on CPU 1"},
		{DropAggregation, 0, 12, "12 aggregation drops on CPU 0"},
		{DropDynamic, -1, 1, "1 dynamic variable drop"},
		{DropDynamic, -1, 3, "3 dynamic variable drops"},
	} {
		if got := DropsMessage(c.kind, c.cpu, c.n); got != c.want {
			t.Errorf("DropsMessage(%v, %d, %d) = %q, want %q", c.kind, c.cpu, c.n, got, c.want)
		}
	}
}

func TestSpecDropsMessage(t *testing.T) {
	for _, c := range []struct {
		kind SpecDrop
		n    uint64
		want string
	}{
		{SpecDropFull, 1, "1 speculative drop"},
		{SpecDropFull, 3, "3 speculative drops"},
		{SpecDropBusy, 2, "2 failed speculations (available buffer(s) still busy)"},
		{SpecDropUnavail, 1, "1 failed speculation (no speculative buffer available)"},
	} {
		if got := SpecDropsMessage(c.kind, c.n); got != c.want {
			t.Errorf("SpecDropsMessage(%d, %d) = %q, want %q", c.kind, c.n, got, c.want)
		}
	}
}
