package provider

// Stability is a DTrace stability level, lowest first.
type Stability uint8

const (
	Internal Stability = iota
	Private
	Obsolete
	External
	Unstable
	Evolving
	Stable
	Standard
)

var stabilityNames = [...]string{"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard"}

func (s Stability) String() string {
	if int(s) < len(stabilityNames) {
		return stabilityNames[s]
	}
	return "Unknown"
}

// Class is a DTrace dependency class, narrowest first.
type Class uint8

const (
	ClassUnknown Class = iota
	ClassCPU
	ClassPlatform
	ClassGroup
	ClassISA
	ClassCommon
)

var classNames = [...]string{"Unknown", "CPU", "Platform", "Group", "ISA", "Common"}

func (c Class) String() string {
	if int(c) < len(classNames) {
		return classNames[c]
	}
	return "Unknown"
}

// Attr is one stability attribute: identifier names, data semantics and
// dependency class.
type Attr struct {
	Name  Stability
	Data  Stability
	Class Class
}

// Min returns the attribute that is the lower of a and b in each part, as
// DTrace combines attributes.
func (a Attr) Min(b Attr) Attr {
	return Attr{Name: min(a.Name, b.Name), Data: min(a.Data, b.Data), Class: min(a.Class, b.Class)}
}

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
