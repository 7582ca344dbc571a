package ctype

import (
	"sync"
)

// Kind is the kind of a [Type]; the set follows CTF's type kinds, with
// String added for D's string type.
type Kind uint8

// The kinds of types.
const (
	Invalid Kind = iota
	Void
	Int
	Float
	Pointer
	Array
	Func
	Struct
	Union
	Enum
	Forward
	Typedef
	Volatile
	Const
	Restrict
	String
)

var kindNames = [...]string{
	Invalid: "invalid", Void: "void", Int: "integer", Float: "float",
	Pointer: "pointer", Array: "array", Func: "function", Struct: "struct",
	Union: "union", Enum: "enum", Forward: "forward", Typedef: "typedef",
	Volatile: "volatile", Const: "const", Restrict: "restrict", String: "string",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Encoding holds the flags of an integer or float encoding, as in CTF.
type Encoding uint8

// Integer encoding flags.
const (
	Signed Encoding = 1 << iota
	Char
	Bool
)

// Type is one C or D type. Types are compared by identity within a source;
// [Same] compares them structurally across sources.
//
// Which fields are meaningful depends on Kind:
//   - Int: Name, Size, Enc, Bits and BitOffset (Bits < 8*Size for CTF
//     integer slices; Bits == 0 means 8*Size).
//   - Float: Name, Size.
//   - Pointer: Elem, Size.
//   - Array: Elem, Len; Size is Len times the element size.
//   - Func: Elem is the return type, Params, Variadic.
//   - Struct, Union: Name (empty when anonymous), Size, Members().
//   - Enum: Name, Size, Enc (Signed), Enumerators.
//   - Forward: Name and FwdKind (Struct, Union or Enum).
//   - Typedef, Volatile, Const, Restrict: Elem (and Name for a typedef).
//   - String: Size is the string size (the strsize option).
type Type struct {
	Kind        Kind
	Name        string
	Size        int64
	Enc         Encoding
	Bits        uint16
	BitOffset   uint16
	Elem        *Type
	Len         int64
	Params      []*Type
	Variadic    bool
	Enumerators []Enumerator
	FwdKind     Kind
	// Module names the container the type was defined in ("C", "D",
	// "vmlinux", a kernel module, or the script).
	Module string

	once    sync.Once
	load    func() []Member
	members []Member
}

// Member is one member of a struct or union.
type Member struct {
	Name string // empty for an anonymous struct or union member
	Type *Type
	// Offset is the member's offset from the start of the enclosing type,
	// in bits.
	Offset uint64
	// Bits is the bitfield width, or 0 when the member is not a bitfield.
	Bits uint16
}

// Enumerator is one named value of an enum.
type Enumerator struct {
	Name  string
	Value int64
}

// Members returns the members of a struct or union, loading them on first
// use when the type was created with [Type.SetMemberLoader].
func (t *Type) Members() []Member {
	t.once.Do(func() {
		if t.load != nil {
			t.members = t.load()
			t.load = nil
		}
	})
	return t.members
}

// SetMembers sets the members of a struct or union; it is how a forward
// declaration is completed in place. Like SetMemberLoader, it must be
// called before the type is shared between goroutines; Members is safe
// for concurrent use.
func (t *Type) SetMembers(m []Member) {
	t.once = sync.Once{}
	t.load = nil
	t.members = m
}

// SetMemberLoader makes Members call load once, on first use, so that a
// source need not convert the types of members nobody asks for.
func (t *Type) SetMemberLoader(load func() []Member) {
	t.once = sync.Once{}
	t.members = nil
	t.load = load
}

// Member looks up the named member of a struct or union (after resolving
// typedefs and qualifiers), descending into anonymous members as C11 does.
// The returned offset is relative to the start of t.
func (t *Type) Member(name string) (Member, bool) {
	r := Resolve(t)
	if r.Kind != Struct && r.Kind != Union {
		return Member{}, false
	}
	for _, m := range r.Members() {
		if m.Name == name {
			return m, true
		}
		if m.Name == "" {
			if inner, ok := m.Type.Member(name); ok {
				inner.Offset += m.Offset
				return inner, true
			}
		}
	}
	return Member{}, false
}

// NewInt returns an integer type of size bytes.
func NewInt(name string, size int64, enc Encoding) *Type {
	return &Type{Kind: Int, Name: name, Size: size, Enc: enc, Bits: uint16(size * 8)}
}

// NewPointer returns a pointer to elem in the LP64 data model.
func NewPointer(elem *Type) *Type {
	return &Type{Kind: Pointer, Elem: elem, Size: PointerSize, Module: elem.Module}
}

// NewArray returns an array of n elements of elem.
func NewArray(elem *Type, n int64) *Type {
	return &Type{Kind: Array, Elem: elem, Len: n, Size: n * elem.Sizeof(), Module: elem.Module}
}

// NewTypedef returns a typedef naming elem.
func NewTypedef(name string, elem *Type) *Type {
	return &Type{Kind: Typedef, Name: name, Elem: elem, Module: elem.Module}
}

// NewQualified returns elem qualified by kind (Const, Volatile or Restrict).
func NewQualified(kind Kind, elem *Type) *Type {
	return &Type{Kind: kind, Elem: elem, Module: elem.Module}
}

// NewString returns D's string type holding strings of up to size bytes.
func NewString(size int64) *Type {
	return &Type{Kind: String, Name: "string", Size: size, Module: "D"}
}

// PointerSize is the size of a pointer in the LP64 data model DTrace for
// Linux uses.
const PointerSize = 8

// Sizeof returns the size of the type in bytes, following typedefs and
// qualifiers; functions, void and forward declarations have size 0.
func (t *Type) Sizeof() int64 {
	switch t.Kind {
	case Typedef, Const, Volatile, Restrict:
		return t.Elem.Sizeof()
	case Array:
		return t.Len * t.Elem.Sizeof()
	case Pointer:
		return PointerSize
	}
	return t.Size
}

// Alignof returns the alignment of the type in bytes.
func (t *Type) Alignof() int64 {
	r := Resolve(t)
	switch r.Kind {
	case Array:
		return r.Elem.Alignof()
	case Struct, Union:
		a := int64(1)
		for _, m := range r.Members() {
			a = max(a, m.Type.Alignof())
		}
		return a
	case String, Void, Func, Forward:
		return 1
	}
	return max(r.Sizeof(), 1)
}
