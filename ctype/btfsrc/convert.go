package btfsrc

import (
	"strings"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/ctype"
)

// convert maps one BTF type to the ctype model, caching by identity so each
// BTF type is converted once and cycles through pointers terminate. Struct
// and union members are converted only when asked for. s.mu must be held.
func (s *Source) convert(t btf.Type) *ctype.Type {
	if c, ok := s.conv[t]; ok {
		return c
	}
	c := &ctype.Type{Module: s.module}
	s.conv[t] = c
	switch t := t.(type) {
	case *btf.Void:
		c.Kind, c.Name = ctype.Void, "void"
	case *btf.Int:
		if bt := base(t); bt != nil {
			s.conv[t] = bt
			return bt
		}
		*c = *ctype.NewInt(t.Name, int64(t.Size), intEncoding(t.Encoding))
		c.Module = s.module
	case *btf.Float:
		c.Kind, c.Name, c.Size = ctype.Float, t.Name, int64(t.Size)
	case *btf.Pointer:
		c.Kind, c.Size, c.Elem = ctype.Pointer, ctype.PointerSize, s.convert(t.Target)
	case *btf.Array:
		elem := s.convert(t.Type)
		c.Kind, c.Elem, c.Len = ctype.Array, elem, int64(t.Nelems)
		c.Size = c.Len * elem.Sizeof()
	case *btf.Struct:
		c.Kind, c.Name, c.Size = ctype.Struct, t.Name, int64(t.Size)
		c.SetMemberLoader(s.members(t.Members))
	case *btf.Union:
		c.Kind, c.Name, c.Size = ctype.Union, t.Name, int64(t.Size)
		c.SetMemberLoader(s.members(t.Members))
	case *btf.Enum:
		c.Kind, c.Name, c.Size = ctype.Enum, t.Name, int64(t.Size)
		if t.Signed {
			c.Enc = ctype.Signed
		}
		for _, v := range t.Values {
			c.Enumerators = append(c.Enumerators, ctype.Enumerator{Name: v.Name, Value: int64(v.Value)})
		}
		if len(t.Values) == 0 {
			c.Kind, c.FwdKind = ctype.Forward, ctype.Enum
		}
	case *btf.Fwd:
		c.Kind, c.Name, c.FwdKind = ctype.Forward, t.Name, ctype.Struct
		if t.Kind == btf.FwdUnion {
			c.FwdKind = ctype.Union
		}
	case *btf.Typedef:
		c.Kind, c.Name, c.Elem = ctype.Typedef, t.Name, s.convert(t.Type)
	case *btf.Const:
		c.Kind, c.Elem = ctype.Const, s.convert(t.Type)
	case *btf.Volatile:
		c.Kind, c.Elem = ctype.Volatile, s.convert(t.Type)
	case *btf.Restrict:
		c.Kind, c.Elem = ctype.Restrict, s.convert(t.Type)
	case *btf.TypeTag:
		// Type tags (__rcu, __user) carry no C type information.
		e := s.convert(t.Type)
		s.conv[t] = e
		return e
	case *btf.Func:
		e := s.convert(t.Type)
		s.conv[t] = e
		return e
	case *btf.FuncProto:
		c.Kind, c.Elem = ctype.Func, s.convert(t.Return)
		for _, p := range t.Params {
			if isVoid(p.Type) {
				// BTF marks variadic functions with a last void parameter.
				c.Variadic = true
				continue
			}
			c.Params = append(c.Params, s.convert(p.Type))
		}
	default:
		// VAR, DATASEC and declaration tags are not types of values.
		c.Kind, c.Name = ctype.Void, "void"
	}
	return c
}

func isVoid(t btf.Type) bool {
	_, ok := t.(*btf.Void)
	return ok
}

// members returns the loader converting a struct's members on first use.
func (s *Source) members(ms []btf.Member) func() []ctype.Member {
	return func() []ctype.Member {
		s.mu.Lock()
		defer s.mu.Unlock()
		out := make([]ctype.Member, len(ms))
		for i, m := range ms {
			out[i] = ctype.Member{
				Name:   m.Name,
				Type:   s.convert(m.Type),
				Offset: uint64(m.Offset),
				Bits:   uint16(m.BitfieldSize),
			}
		}
		return out
	}
}

func intEncoding(e btf.IntEncoding) ctype.Encoding {
	var enc ctype.Encoding
	if e&btf.Signed != 0 {
		enc |= ctype.Signed
	}
	if e&btf.Char != 0 {
		enc |= ctype.Char
	}
	if e&btf.Bool != 0 {
		enc |= ctype.Bool
	}
	return enc
}

// base returns the shared ctype base type a BTF integer is, so that kernel
// ints and D's ints are one type; nil when the BTF name is no C base name.
func base(t *btf.Int) *ctype.Type {
	name, ok := ctype.BaseName(strings.Fields(t.Name))
	if !ok {
		return nil
	}
	for _, b := range [...]*ctype.Type{
		ctype.CharType, ctype.SCharType, ctype.UCharType, ctype.ShortType,
		ctype.UShortType, ctype.IntType, ctype.UIntType, ctype.LongType,
		ctype.ULongType, ctype.LongLongType, ctype.ULongLongType, ctype.BoolType,
	} {
		if b.Name == name && b.Size == int64(t.Size) {
			return b
		}
	}
	return nil
}
