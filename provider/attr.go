package provider

import "github.com/godtrace/godtrace/attr"

// The stability model is package attr's, shared with the checker.
type (
	// Stability is a DTrace stability level, lowest first.
	Stability = attr.Stability
	// Class is a DTrace dependency class, narrowest first.
	Class = attr.Class
	// Attr is one stability attribute: identifier names, data semantics
	// and dependency class.
	Attr = attr.Attr
)

// The stability levels and dependency classes, in DTrace's order.
const (
	Internal = attr.Internal
	Private  = attr.Private
	Obsolete = attr.Obsolete
	External = attr.External
	Unstable = attr.Unstable
	Evolving = attr.Evolving
	Stable   = attr.Stable
	Standard = attr.Standard

	ClassUnknown  = attr.ClassUnknown
	ClassCPU      = attr.ClassCPU
	ClassPlatform = attr.ClassPlatform
	ClassGroup    = attr.ClassGroup
	ClassISA      = attr.ClassISA
	ClassCommon   = attr.ClassCommon
)

// Attrs are a provider's attributes for each part of its probes.
type Attrs struct {
	Provider, Module, Function, Name, Args Attr
}

// Desc is the combined attribute of a probe description.
func (a Attrs) Desc() Attr {
	return a.Provider.Min(a.Module).Min(a.Function).Min(a.Name)
}

// Of is the attribute of description d of one of the provider's probes,
// as DTrace's dt_probe_info computes it: the provider's, and those of
// the parts d names, a part that is empty or a pattern not counting;
// when d's provider is a pattern, Unstable.
func (a Attrs) Of(d Desc) Attr {
	glob := func(s string) bool { return s == "" || IsGlob(s) }
	if glob(d.Provider) {
		return Attr{Name: Unstable, Data: Unstable, Class: ClassCommon}
	}
	attr := a.Provider
	for _, part := range []struct {
		s string
		a Attr
	}{{d.Module, a.Module}, {d.Function, a.Function}, {d.Name, a.Name}} {
		if !glob(part.s) {
			attr = attr.Min(part.a)
		}
	}
	return attr
}
