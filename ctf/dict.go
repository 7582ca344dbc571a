package ctf

import (
	"fmt"
	"strings"
	"sync"
)

// Dict is one CTF dict.
type Dict struct {
	// ParentName is the archive member name of the parent dict; a dict
	// with a parent name is a child, numbering its types from ChildBase.
	ParentName  string
	ParentLabel string
	// CUName names the compilation unit or module the dict describes.
	CUName string

	Labels []Label
	// Objects and Funcs are the data-object and function symbols. Their
	// names are empty when the file indexes them by ELF symbol table order
	// instead of by name.
	Objects []Symbol
	Funcs   []Symbol
	// Vars is the variable section; written sorted by name.
	Vars []Symbol
	// Types holds the dict's own types: Types[i] has ID Base()+i+1.
	Types []Type

	parent *Dict

	once   sync.Once
	byName map[string]TypeID
	vars   map[string]TypeID
}

// IsChild reports whether d is a child dict.
func (d *Dict) IsChild() bool { return d.ParentName != "" }

// Base is the ID just before d's first type: 0 for a parent dict,
// ChildBase for a child.
func (d *Dict) Base() TypeID {
	if d.IsChild() {
		return ChildBase
	}
	return 0
}

// ID is the type ID of d.Types[i].
func (d *Dict) ID(i int) TypeID { return d.Base() + TypeID(i) + 1 }

// SetParent attaches the parent that d's parent-range IDs refer to.
func (d *Dict) SetParent(p *Dict) { d.parent = p }

// Parent returns the attached parent, or nil.
func (d *Dict) Parent() *Dict { return d.parent }

// Type returns the type with the given ID and the dict that holds it,
// looking in the parent for parent-range IDs of a child.
func (d *Dict) Type(id TypeID) (*Type, *Dict, error) {
	if id == 0 {
		return nil, nil, fmt.Errorf("ctf: type 0 is void")
	}
	if d.IsChild() && id < ChildBase {
		if d.parent == nil {
			return nil, nil, fmt.Errorf("ctf: type %#x is in parent %q, which is not attached", id, d.ParentName)
		}
		return d.parent.Type(id)
	}
	i := int64(id) - int64(d.Base()) - 1
	if i < 0 || i >= int64(len(d.Types)) {
		return nil, nil, fmt.Errorf("ctf: no type %#x in dict %q", id, d.CUName)
	}
	return &d.Types[i], d, nil
}

// LookupType finds a root type by its C name: "struct foo", "union foo",
// "enum foo" or a bare name (typedef, integer, float). A child falls back
// to its parent. The error wraps ErrNotFound when there is no such type.
func (d *Dict) LookupType(name string) (TypeID, error) {
	d.once.Do(d.indexNames)
	key := strings.Join(strings.Fields(name), " ")
	if id, ok := d.byName[key]; ok {
		return id, nil
	}
	if d.parent != nil {
		return d.parent.LookupType(name)
	}
	return 0, fmt.Errorf("ctf: type %q: %w", name, ErrNotFound)
}

// LookupVar finds a variable (or, failing that, a named data object) by
// name; a child falls back to its parent. Like LookupType it indexes the
// dict on first use, so the dict must not change afterwards.
func (d *Dict) LookupVar(name string) (TypeID, error) {
	d.once.Do(d.indexNames)
	if id, ok := d.vars[name]; ok {
		return id, nil
	}
	if d.parent != nil {
		return d.parent.LookupVar(name)
	}
	return 0, fmt.Errorf("ctf: variable %q: %w", name, ErrNotFound)
}

// indexNames builds the name maps once: the first root type of a name
// wins, and a complete definition wins over a forward; variables win over
// data objects.
func (d *Dict) indexNames() {
	d.vars = make(map[string]TypeID, len(d.Vars)+len(d.Objects))
	for _, list := range [][]Symbol{d.Objects, d.Vars} {
		for _, s := range list {
			if s.Name != "" {
				d.vars[s.Name] = s.Type
			}
		}
	}
	d.byName = make(map[string]TypeID)
	for i := range d.Types {
		t := &d.Types[i]
		if !t.Root || t.Name == "" {
			continue
		}
		key := qualifiedName(t)
		if prev, ok := d.byName[key]; ok {
			if pt, _, _ := d.Type(prev); pt == nil || pt.Kind != KindForward || t.Kind == KindForward {
				continue
			}
		}
		d.byName[key] = d.ID(i)
	}
}

// qualifiedName is the name C code uses for t: tagged kinds carry their tag.
func qualifiedName(t *Type) string {
	k := t.Kind
	if k == KindForward {
		k = t.FwdKind
	}
	switch k {
	case KindStruct:
		return "struct " + t.Name
	case KindUnion:
		return "union " + t.Name
	case KindEnum:
		return "enum " + t.Name
	}
	return t.Name
}
