package ctfsrc

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/godtrace/godtrace/ctf"
	"github.com/godtrace/godtrace/ctype"
)

// Source is a ctype.Source and ctype.VarSource over one CTF dict (with
// its parent, if attached).
type Source struct {
	module string
	d      *ctf.Dict
	mu     sync.Mutex
	conv   map[typeKey]*ctype.Type
}

type typeKey struct {
	d  *ctf.Dict
	id ctf.TypeID
}

// New returns a source named module over d.
func New(module string, d *ctf.Dict) *Source {
	return &Source{module: module, d: d, conv: map[typeKey]*ctype.Type{}}
}

// Loader returns a module loader for ctype.NewUniverse that opens the
// archive member of the module's name.
func Loader(a *ctf.Archive) func(module string) (ctype.Source, error) {
	var mu sync.Mutex
	srcs := map[string]*Source{}
	return func(module string) (ctype.Source, error) {
		mu.Lock()
		defer mu.Unlock()
		if s, ok := srcs[module]; ok {
			return s, nil
		}
		d, err := a.Dict(module)
		if errors.Is(err, ctf.ErrNotFound) {
			return nil, fmt.Errorf("CTF module %s: %w", module, ctype.ErrNotFound)
		}
		if err != nil {
			return nil, err
		}
		s := New(module, d)
		srcs[module] = s
		return s, nil
	}
}

// Module implements ctype.Source.
func (s *Source) Module() string { return s.module }

// LookupType implements ctype.Source.
func (s *Source) LookupType(name string) (*ctype.Type, error) {
	id, err := s.d.LookupType(name)
	if err != nil {
		return nil, s.notFound(name, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.convert(s.d, id), nil
}

// LookupVar implements ctype.VarSource.
func (s *Source) LookupVar(name string) (*ctype.Type, error) {
	id, err := s.d.LookupVar(name)
	if err != nil {
		return nil, s.notFound(name, err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.convert(s.d, id), nil
}

func (s *Source) notFound(name string, err error) error {
	if errors.Is(err, ctf.ErrNotFound) {
		return fmt.Errorf("%s`%s: %w", s.module, name, ctype.ErrNotFound)
	}
	return fmt.Errorf("%s`%s: %w", s.module, name, err)
}

// convert maps one CTF type to ctype, once per type; the entry is
// recorded before its parts are converted so cycles through pointers
// end. Members are converted when first asked for. s.mu must be held.
func (s *Source) convert(d *ctf.Dict, id ctf.TypeID) *ctype.Type {
	if id == 0 {
		return s.void()
	}
	t, owner, err := d.Type(id)
	if err != nil {
		return &ctype.Type{Kind: ctype.Invalid, Module: s.module}
	}
	key := typeKey{owner, id}
	if c, ok := s.conv[key]; ok {
		return c
	}
	c := &ctype.Type{Module: s.module, Name: t.Name}
	s.conv[key] = c
	switch t.Kind {
	case ctf.KindInteger:
		if t.Name == "void" && t.Size == 0 {
			c.Kind = ctype.Void
			break
		}
		c.Kind, c.Size, c.Enc, c.Bits, c.BitOffset = ctype.Int, int64(t.Size), ctype.Encoding(t.Encoding&(ctf.IntSigned|ctf.IntChar|ctf.IntBool)), t.Bits, t.BitOffset
	case ctf.KindSlice:
		// a slice outside a member: the integer it narrows
		base := ctype.Resolve(s.convert(owner, t.Ref))
		c.Kind, c.Name, c.Size, c.Enc, c.Bits, c.BitOffset = ctype.Int, base.Name, base.Size, base.Enc, t.Bits, t.BitOffset
	case ctf.KindFloat:
		c.Kind, c.Size = ctype.Float, int64(t.Size)
	case ctf.KindPointer:
		c.Kind, c.Size, c.Elem = ctype.Pointer, ctype.PointerSize, s.convert(owner, t.Ref)
	case ctf.KindArray:
		c.Kind, c.Elem, c.Len = ctype.Array, s.convert(owner, t.Ref), int64(t.NElems)
		c.Size = c.Len * c.Elem.Sizeof()
	case ctf.KindFunction:
		c.Kind, c.Elem, c.Variadic = ctype.Func, s.convert(owner, t.Ref), t.Variadic
		for _, p := range t.Params {
			c.Params = append(c.Params, s.convert(owner, p))
		}
	case ctf.KindStruct, ctf.KindUnion:
		c.Kind, c.Size = ctype.Struct, int64(t.Size)
		if t.Kind == ctf.KindUnion {
			c.Kind = ctype.Union
		}
		c.SetMemberLoader(s.members(owner, t.Members))
	case ctf.KindEnum:
		c.Kind, c.Size = ctype.Enum, int64(t.Size)
		for _, e := range t.Enumerators {
			c.Enumerators = append(c.Enumerators, ctype.Enumerator{Name: e.Name, Value: int64(e.Value)})
			if e.Value < 0 {
				c.Enc = ctype.Signed
			}
		}
	case ctf.KindForward:
		if full := s.complete(t); full != nil {
			s.conv[key] = full
			return full
		}
		c.Kind, c.FwdKind = ctype.Forward, tagKind(t.FwdKind)
	case ctf.KindTypedef:
		c.Kind, c.Elem = ctype.Typedef, s.convert(owner, t.Ref)
		if n, ok := stringLen(c); ok {
			c.Kind, c.Name, c.Size, c.Elem = ctype.String, "string", n, nil
		}
	case ctf.KindConst, ctf.KindVolatile, ctf.KindRestrict:
		c.Kind, c.Name = map[ctf.Kind]ctype.Kind{ctf.KindConst: ctype.Const,
			ctf.KindVolatile: ctype.Volatile, ctf.KindRestrict: ctype.Restrict}[t.Kind], ""
		c.Elem = s.convert(owner, t.Ref)
	default:
		c.Kind = ctype.Invalid
	}
	return c
}

// complete finds the definition a forward stands for in the source's own
// dict (a child's definition of what its parent only declares).
func (s *Source) complete(fwd *ctf.Type) *ctype.Type {
	tag := map[ctf.Kind]string{ctf.KindStruct: "struct ", ctf.KindUnion: "union ", ctf.KindEnum: "enum "}[fwd.FwdKind]
	id, err := s.d.LookupType(tag + fwd.Name)
	if err != nil {
		return nil
	}
	if t, _, err := s.d.Type(id); err != nil || t.Kind == ctf.KindForward {
		return nil
	}
	return s.convert(s.d, id)
}

func (s *Source) void() *ctype.Type {
	key := typeKey{nil, 0}
	if c, ok := s.conv[key]; ok {
		return c
	}
	c := &ctype.Type{Kind: ctype.Void, Name: "void", Module: s.module}
	s.conv[key] = c
	return c
}

// members returns the loader of a struct's members: a slice member is a
// bitfield of the integer it narrows.
func (s *Source) members(d *ctf.Dict, ms []ctf.Member) func() []ctype.Member {
	return func() []ctype.Member {
		s.mu.Lock()
		defer s.mu.Unlock()
		out := make([]ctype.Member, len(ms))
		for i, m := range ms {
			cm := ctype.Member{Name: m.Name, Offset: m.Offset}
			if t, owner, err := d.Type(m.Type); err == nil && t.Kind == ctf.KindSlice {
				cm.Type, cm.Bits = s.convert(owner, t.Ref), t.Bits
				cm.Offset += uint64(t.BitOffset)
			} else {
				cm.Type = s.convert(d, m.Type)
				if r := ctype.Resolve(cm.Type); r.Kind == ctype.Int && r.Bits != 0 && int64(r.Bits) < 8*r.Size {
					cm.Bits = r.Bits
				}
			}
			out[i] = cm
		}
		return out
	}
}

func tagKind(k ctf.Kind) ctype.Kind {
	switch k {
	case ctf.KindUnion:
		return ctype.Union
	case ctf.KindEnum:
		return ctype.Enum
	}
	return ctype.Struct
}

// stringLen recognises D's string, typedef string of char[n], and
// returns n.
func stringLen(td *ctype.Type) (int64, bool) {
	if td.Name != "string" || td.Elem == nil || td.Elem.Kind != ctype.Array {
		return 0, false
	}
	if e := td.Elem.Elem; e == nil || e.Kind != ctype.Int || e.Size != 1 || e.Enc&ctype.Char == 0 || !strings.HasSuffix(e.Name, "char") {
		return 0, false
	}
	return td.Elem.Len, true
}
