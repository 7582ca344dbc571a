package attr

import "strings"

// Stability is a DTrace stability level, lowest first. The zero value
// means "not given" (a built-in of the checker's table that says nothing
// is Stable); it prints as Unknown.
type Stability uint8

// The stability levels, in DTrace's order.
const (
	Internal Stability = iota + 1
	Private
	Obsolete
	External
	Unstable
	Evolving
	Stable
	Standard
)

var stabilityNames = [...]string{"", "Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard"}

func (s Stability) String() string {
	if s > 0 && int(s) < len(stabilityNames) {
		return stabilityNames[s]
	}
	return "Unknown"
}

// Class is a DTrace dependency class, narrowest first.
type Class uint8

// The dependency classes, in DTrace's order.
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

// Attr is a DTrace stability attribute: the stability of identifier
// names, that of data semantics, and the dependency class.
type Attr struct {
	Name, Data Stability
	Class      Class
}

// Max is the greatest attribute, where a minimum starts.
var Max = Attr{Standard, Standard, ClassCommon}

// Min is the lower of a and b in each part, as DTrace combines them.
func (a Attr) Min(b Attr) Attr {
	return Attr{min(a.Name, b.Name), min(a.Data, b.Data), min(a.Class, b.Class)}
}

// Less reports whether a is below b in any part, as DTrace's
// dt_attr_cmp tests an attribute against the minimum of amin.
func (a Attr) Less(b Attr) bool {
	return a.Name < b.Name || a.Data < b.Data || a.Class < b.Class
}

// String is the attribute as DTrace writes it: "Stable/Private/Common".
func (a Attr) String() string {
	return a.Name.String() + "/" + a.Data.String() + "/" + a.Class.String()
}

// Parse reads "Name/Data/Class" as the amin option and the attributes
// pragma give it, case folded; a part left out is the greatest, as in
// DTrace.
func Parse(s string) (Attr, bool) {
	a := Max
	parts := strings.Split(s, "/")
	if len(parts) > 3 {
		return a, false
	}
	for i, p := range parts {
		found := false
		if i < 2 {
			for v := Internal; v <= Standard; v++ {
				if strings.EqualFold(p, v.String()) {
					found = true
					if i == 0 {
						a.Name = v
					} else {
						a.Data = v
					}
				}
			}
		} else {
			for k := ClassUnknown; k <= ClassCommon; k++ {
				if strings.EqualFold(p, k.String()) {
					found, a.Class = true, k
				}
			}
		}
		if !found {
			return a, false
		}
	}
	return a, true
}
