package ctf

import "fmt"

// TypeID names a type within a dict and its parent; 0 means no type
// (void, or "not known").
type TypeID uint32

// Kind is the kind of a CTF type.
type Kind uint8

// The kinds of CTF version 3.
const (
	KindUnknown Kind = iota
	KindInteger
	KindFloat
	KindPointer
	KindArray
	KindFunction
	KindStruct
	KindUnion
	KindEnum
	KindForward
	KindTypedef
	KindVolatile
	KindConst
	KindRestrict
	KindSlice
	kindMax = 63
)

var kindNames = [...]string{"unknown", "integer", "float", "pointer", "array",
	"function", "struct", "union", "enum", "forward", "typedef", "volatile",
	"const", "restrict", "slice"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// hasSize reports whether the type header of kind k holds a size rather
// than a referenced type.
func (k Kind) hasSize() bool {
	switch k {
	case KindInteger, KindFloat, KindStruct, KindUnion, KindEnum, KindSlice, KindUnknown, KindArray:
		return true
	}
	return false
}

// Type is one decoded CTF type. Which fields mean something depends on
// Kind; the others are zero.
type Type struct {
	Kind Kind
	Name string
	// Root types are visible by name; non-root ones (a second definition
	// of a name in one dict) are reachable only by ID.
	Root bool
	// Size in bytes of integers, floats, structs, unions, enums and slices.
	// Arrays record 0 here (libctf computes their size) unless a producer
	// stored one.
	Size uint64
	// Ref is the pointed-to, qualified or aliased type, a function's
	// return type, an array's element type or a slice's base type; for a
	// forward it is unused (see FwdKind).
	Ref TypeID
	// Encoding is IntSigned|IntChar|... for integers, Float* for floats.
	Encoding uint8
	// BitOffset and Bits place an integer, float or slice within its
	// storage.
	BitOffset uint16
	Bits      uint16
	// Index and NElems describe an array.
	Index  TypeID
	NElems uint32
	// Params and Variadic describe a function's arguments.
	Params   []TypeID
	Variadic bool
	// Members of a struct or union, offsets in bits.
	Members []Member
	// Enumerators of an enum.
	Enumerators []Enumerator
	// FwdKind is KindStruct, KindUnion or KindEnum for a forward.
	FwdKind Kind
}

// Member is one member of a struct or union.
type Member struct {
	Name   string
	Type   TypeID
	Offset uint64 // bits from the start of the aggregate
}

// Enumerator is one name of an enum.
type Enumerator struct {
	Name  string
	Value int32
}

// Symbol binds a name to a type: a variable, a data object or a function
// (whose type is a KindFunction).
type Symbol struct {
	Name string
	Type TypeID
}

// Label is a CTF label: a name for the types up to and including Type.
type Label struct {
	Name string
	Type TypeID
}
