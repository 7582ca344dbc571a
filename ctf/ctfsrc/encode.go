package ctfsrc

import (
	"fmt"
	"math"
	"strings"

	"github.com/godtrace/godtrace/ctf"
	"github.com/godtrace/godtrace/ctype"
)

// Encoder writes ctype types into a CTF dict, each distinct *ctype.Type
// once, so that New over the result gives back the same types.
type Encoder struct {
	d     *ctf.Dict
	ids   map[*ctype.Type]ctf.TypeID
	roots map[string]bool
	void  ctf.TypeID
	index ctf.TypeID
	char  ctf.TypeID
}

// NewEncoder returns an encoder appending to d (a parent or a child dict;
// new types take d's next IDs).
func NewEncoder(d *ctf.Dict) *Encoder {
	return &Encoder{d: d, ids: map[*ctype.Type]ctf.TypeID{}, roots: map[string]bool{}}
}

// Dict returns the dict being filled.
func (e *Encoder) Dict() *ctf.Dict { return e.d }

// AddVar adds t and a variable of that type.
func (e *Encoder) AddVar(name string, t *ctype.Type) error {
	id, err := e.Add(t)
	if err != nil {
		return err
	}
	e.d.Vars = append(e.d.Vars, ctf.Symbol{Name: name, Type: id})
	return nil
}

// Add encodes t and everything it refers to, returning t's ID. It fails
// only for what CTF version 3 cannot hold: an invalid type, or an
// enumerator outside 32 bits.
func (e *Encoder) Add(t *ctype.Type) (ctf.TypeID, error) {
	if t == nil {
		return 0, fmt.Errorf("ctfsrc: nil type")
	}
	if id, ok := e.ids[t]; ok {
		return id, nil
	}
	if t.Kind == ctype.Void {
		return e.voidID(), nil
	}
	// Reserve the ID first: members and pointers may lead back here.
	i := len(e.d.Types)
	e.d.Types = append(e.d.Types, ctf.Type{})
	id := e.d.ID(i)
	e.ids[t] = id
	ct, err := e.encode(t)
	if err != nil {
		return 0, err
	}
	if ct.Name != "" {
		key := ct.Kind.String() + " " + ct.Name
		ct.Root = !e.roots[key]
		e.roots[key] = true
	} else {
		ct.Root = true
	}
	e.d.Types[i] = ct
	return id, nil
}

func (e *Encoder) add(t ctf.Type) ctf.TypeID {
	t.Root = true
	e.d.Types = append(e.d.Types, t)
	return e.d.ID(len(e.d.Types) - 1)
}

func (e *Encoder) voidID() ctf.TypeID {
	if e.void == 0 {
		e.void = e.add(ctf.Type{Kind: ctf.KindInteger, Name: "void", Encoding: ctf.IntSigned})
	}
	return e.void
}

func (e *Encoder) encode(t *ctype.Type) (ctf.Type, error) {
	ct := ctf.Type{Name: t.Name}
	ref := func(x *ctype.Type) (ctf.TypeID, error) {
		if x == nil {
			return e.voidID(), nil
		}
		return e.Add(x)
	}
	var err error
	switch t.Kind {
	case ctype.Int:
		ct.Kind, ct.Size, ct.Encoding, ct.Bits, ct.BitOffset = ctf.KindInteger, uint64(t.Size), uint8(t.Enc), t.Bits, t.BitOffset
		if ct.Bits == 0 {
			ct.Bits = uint16(8 * t.Size)
		}
	case ctype.Float:
		ct.Kind, ct.Size, ct.Bits, ct.Encoding = ctf.KindFloat, uint64(t.Size), uint16(8*t.Size), floatEncoding(t)
	case ctype.Pointer:
		ct.Kind, ct.Name = ctf.KindPointer, ""
		ct.Ref, err = ref(t.Elem)
	case ctype.Array:
		ct.Kind, ct.Name, ct.NElems = ctf.KindArray, "", uint32(t.Len)
		if t.Len < 0 || t.Len > math.MaxUint32 {
			return ct, fmt.Errorf("ctfsrc: array of %d elements does not fit CTF", t.Len)
		}
		if ct.Ref, err = ref(t.Elem); err == nil {
			ct.Index = e.indexID()
		}
	case ctype.Func:
		ct.Kind, ct.Name, ct.Variadic = ctf.KindFunction, "", t.Variadic
		if ct.Ref, err = ref(t.Elem); err != nil {
			return ct, err
		}
		for _, p := range t.Params {
			id, err := ref(p)
			if err != nil {
				return ct, err
			}
			ct.Params = append(ct.Params, id)
		}
	case ctype.Struct, ctype.Union:
		ct.Kind, ct.Size = ctf.KindStruct, uint64(t.Size)
		if t.Kind == ctype.Union {
			ct.Kind = ctf.KindUnion
		}
		for _, m := range t.Members() {
			id, err := ref(m.Type)
			if err != nil {
				return ct, err
			}
			if m.Bits > 0 && !isBitfieldInt(m.Type, m.Bits) {
				id = e.add(ctf.Type{Kind: ctf.KindSlice, Ref: id, Bits: m.Bits, Size: sliceSize(m.Bits)})
			}
			ct.Members = append(ct.Members, ctf.Member{Name: m.Name, Type: id, Offset: m.Offset})
		}
	case ctype.Enum:
		ct.Kind, ct.Size = ctf.KindEnum, uint64(t.Size)
		for _, v := range t.Enumerators {
			if v.Value < math.MinInt32 || v.Value > math.MaxInt32 {
				return ct, fmt.Errorf("ctfsrc: enum %s: %s = %d does not fit CTF's 32 bits", t.Name, v.Name, v.Value)
			}
			ct.Enumerators = append(ct.Enumerators, ctf.Enumerator{Name: v.Name, Value: int32(v.Value)})
		}
	case ctype.Forward:
		ct.Kind, ct.FwdKind = ctf.KindForward, map[ctype.Kind]ctf.Kind{ctype.Struct: ctf.KindStruct,
			ctype.Union: ctf.KindUnion, ctype.Enum: ctf.KindEnum}[t.FwdKind]
		if ct.FwdKind == 0 {
			ct.FwdKind = ctf.KindStruct
		}
	case ctype.Typedef:
		ct.Kind = ctf.KindTypedef
		ct.Ref, err = ref(t.Elem)
	case ctype.Const, ctype.Volatile, ctype.Restrict:
		ct.Kind, ct.Name = map[ctype.Kind]ctf.Kind{ctype.Const: ctf.KindConst,
			ctype.Volatile: ctf.KindVolatile, ctype.Restrict: ctf.KindRestrict}[t.Kind], ""
		ct.Ref, err = ref(t.Elem)
	case ctype.String:
		// DTrace's D container: typedef char string[strsize]
		if e.char == 0 {
			e.char = e.add(ctf.Type{Kind: ctf.KindInteger, Name: "char", Size: 1, Encoding: ctf.IntSigned | ctf.IntChar, Bits: 8})
		}
		arr := e.add(ctf.Type{Kind: ctf.KindArray, Ref: e.char, Index: e.indexID(), NElems: uint32(t.Size)})
		ct.Kind, ct.Name, ct.Ref = ctf.KindTypedef, "string", arr
	default:
		return ct, fmt.Errorf("ctfsrc: %v type %q has no CTF encoding", t.Kind, t.Name)
	}
	return ct, err
}

// isBitfieldInt reports whether t is already an integer narrowed to bits,
// the other way CTF writes a bitfield, which needs no slice.
func isBitfieldInt(t *ctype.Type, bits uint16) bool {
	return t.Kind == ctype.Int && t.Bits == bits && int64(bits) < 8*t.Size
}

func (e *Encoder) indexID() ctf.TypeID {
	if e.index == 0 {
		e.index = e.add(ctf.Type{Kind: ctf.KindInteger, Name: "long", Size: 8, Encoding: ctf.IntSigned, Bits: 64})
	}
	return e.index
}

// sliceSize is the storage libctf gives a slice of bits bits.
func sliceSize(bits uint16) uint64 {
	n := (uint64(bits) + 7) / 8
	s := uint64(1)
	for s < n {
		s <<= 1
	}
	return s
}

func floatEncoding(t *ctype.Type) uint8 {
	cplx := strings.Contains(t.Name, "complex") || strings.Contains(t.Name, "_Complex")
	switch {
	case cplx && t.Size == 8:
		return ctf.FloatCplx
	case cplx && t.Size == 16:
		return ctf.FloatDCplx
	case cplx:
		return ctf.FloatLDCplx
	case t.Size == 4:
		return ctf.FloatSingle
	case t.Size == 8:
		return ctf.FloatDouble
	}
	return ctf.FloatLDouble
}
