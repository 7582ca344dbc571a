package provider

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
)

// Table holds the probes of one run. Ids are assigned in the order probes
// are added, starting at 1, and never change. Providers are populated
// lazily but always in registry order, each one only after all those
// before it, and all of them before a probe is made on demand, so a probe
// gets the same id whichever descriptions a script uses (dtrace:::BEGIN,
// END and ERROR are always 1, 2 and 3).
type Table struct {
	provs     []Provider
	populated int
	// populating is set while providers populate: their probes take
	// the IDs in order.
	populating bool
	probes     []*Probe
	byDesc     map[Desc]*Probe
	absent     []Absent
	// denied are the providers whose kernel tables this process may
	// not read, each as an Absent naming the provider alone.
	denied []Absent
}

// Absent is a probe a provider has on some kernels and cannot build on
// this one, kept so that a description naming it can say why it matches
// nothing instead of merely that it does not.
type Absent struct {
	Desc Desc
	Why  string // what the probe needs: "needs kprobes, which this kernel lacks"
}

// AddAbsent records that the probe d of a provider cannot be built here,
// and why.
func (t *Table) AddAbsent(d Desc, why string) {
	t.absent = append(t.absent, Absent{Desc: d, Why: why})
}

// Absentees returns the absent probes d matches, after populating the
// providers it names; with all, every provider's.
func (t *Table) Absentees(d Desc, all bool) ([]Absent, error) {
	if all {
		if _, err := t.Probes(); err != nil {
			return nil, err
		}
	} else if _, err := t.Match(d); err != nil {
		return nil, err
	}
	var out []Absent
	for _, a := range t.absent {
		if all || d.Matches(a.Desc) {
			out = append(out, a)
		}
	}
	for _, a := range t.denied {
		switch {
		case all:
			out = append(out, a)
		case d.Provider != "" && matchField(d.Provider, a.Desc.Provider):
			out = append(out, Absent{Desc: d, Why: a.Why})
		}
	}
	return out, nil
}

// NewTable returns an empty table over the providers, in their order.
func NewTable(provs []Provider) *Table {
	return &Table{provs: provs, byDesc: make(map[Desc]*Probe)}
}

// Add adds the probe d (fully named, no patterns) of prov and returns it;
// an existing probe of that name is returned unchanged.
func (t *Table) Add(prov Provider, d Desc, data any) *Probe {
	if p := t.byDesc[d]; p != nil {
		return p
	}
	if !t.populating && t.populated < len(t.provs) {
		// A probe made on demand (tick-1s, pid1234:...) takes the next
		// free ID only after every provider's listed probes have theirs,
		// as in DTrace: a probe's ID does not depend on the descriptions
		// of the run, and -l gives the same. A provider that fails here
		// reports it when a description names it.
		_ = t.populateThrough(len(t.provs) - 1)
	}
	p := &Probe{ID: uint32(len(t.probes) + 1), Desc: d, Provider: prov, Data: data}
	t.probes = append(t.probes, p)
	t.byDesc[d] = p
	return p
}

// populateThrough populates the providers up to and including index i.
func (t *Table) populateThrough(i int) error {
	t.populating = true
	defer func() { t.populating = false }()
	for ; t.populated <= i && t.populated < len(t.provs); t.populated++ {
		p := t.provs[t.populated]
		if err := p.Populate(t); err != nil {
			// A provider whose kernel tables this process may not read
			// (tracefs is root's) has no probes for it: a description
			// that does not name it still compiles, and one that does
			// matches nothing.
			if errors.Is(err, fs.ErrPermission) {
				what := "its kernel tables"
				var pe *fs.PathError
				if errors.As(err, &pe) {
					what = pe.Path
				}
				t.denied = append(t.denied, Absent{Desc: Desc{Provider: p.Name()},
					Why: "needs read access to " + what + ", which this user lacks"})
				continue
			}
			return fmt.Errorf("provider %s: %w", p.Name(), err)
		}
	}
	return nil
}

// Claimer is implemented by a provider whose probes carry provider names
// other than its own, such as pid1234 or python1234.
type Claimer interface {
	// Claims reports whether a description's provider field can name
	// probes of this provider.
	Claims(prov string) bool
}

// Matcher is implemented by a provider whose probes match descriptions by
// more than their text, such as a pid probe in libc.so.6 matching the
// module "libc".
type Matcher interface {
	Matches(d Desc, p *Probe) bool
}

func claims(p Provider, prov string) bool {
	if matchField(prov, p.Name()) {
		return true
	}
	c, ok := p.(Claimer)
	return ok && c.Claims(prov)
}

// Scoper is implemented by a provider that can tell, without listing its
// probes, that a description matches none of them: a description with an
// empty provider field, such as BEGIN, then need not populate it.
type Scoper interface {
	// MayMatch reports false only when no probe the provider lists or
	// provides can match d.
	MayMatch(d Desc) bool
}

// MayMatchName reports whether d's name field can match one of names.
func MayMatchName(d Desc, names ...string) bool {
	for _, n := range names {
		if matchField(d.Name, n) {
			return true
		}
	}
	return false
}

// FieldMatches reports whether a description's field, a pattern, matches
// the field s of a probe.
func FieldMatches(pattern, s string) bool { return matchField(pattern, s) }

// Match returns the probes d matches, in id order, creating on-demand
// probes it names first. Only the providers d names by their own name
// and that may have a probe d matches are populated (with those before
// them): a provider that merely claims the name makes its probes on
// demand, and populating every provider before it would list thousands
// of probes the description cannot match.
func (t *Table) Match(d Desc) ([]*Probe, error) {
	last := -1
	for i, p := range t.provs {
		if !matchField(d.Provider, p.Name()) {
			continue
		}
		if s, ok := p.(Scoper); ok && !s.MayMatch(d) {
			continue
		}
		last = i
	}
	if err := t.populateThrough(last); err != nil {
		return nil, err
	}
	for _, p := range t.provs {
		if !claims(p, d.Provider) {
			continue
		}
		if err := p.Provide(t, d); err != nil {
			return nil, fmt.Errorf("provider %s: %w", p.Name(), err)
		}
	}
	var out []*Probe
	for _, p := range t.probes {
		if m, ok := p.Provider.(Matcher); ok {
			if m.Matches(d, p) {
				out = append(out, p)
			}
		} else if d.Matches(p.Desc) {
			out = append(out, p)
		}
	}
	return out, nil
}

// Lookup returns the probe named exactly d, or nil, creating it when it
// exists on demand.
func (t *Table) Lookup(d Desc) (*Probe, error) {
	ps, err := t.Match(d)
	if err != nil {
		return nil, err
	}
	for _, p := range ps {
		if p.Desc == d {
			return p, nil
		}
	}
	return nil, nil
}

// Probes returns every probe of every provider, in id order.
func (t *Table) Probes() ([]*Probe, error) {
	if err := t.populateThrough(len(t.provs) - 1); err != nil {
		return nil, err
	}
	return slices.Clone(t.probes), nil
}

// ByID returns the probe with the id, or nil.
func (t *Table) ByID(id uint32) *Probe {
	if id == 0 || int(id) > len(t.probes) {
		return nil
	}
	return t.probes[id-1]
}
