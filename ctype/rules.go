package ctype

// Resolve follows typedefs and qualifiers to the underlying type, as C does
// when it applies its rules to a type.
func Resolve(t *Type) *Type {
	for t != nil {
		switch t.Kind {
		case Typedef, Const, Volatile, Restrict:
			t = t.Elem
		default:
			return t
		}
	}
	return t
}

// IsConst reports whether t is const-qualified at its top level, looking
// through typedefs.
func IsConst(t *Type) bool {
	for t != nil {
		switch t.Kind {
		case Const:
			return true
		case Typedef, Volatile, Restrict:
			t = t.Elem
		default:
			return false
		}
	}
	return false
}

// IsInteger reports whether t is an integer or enum type.
func IsInteger(t *Type) bool {
	r := Resolve(t)
	return r.Kind == Int || r.Kind == Enum
}

// IsFloat reports whether t is a floating-point type.
func IsFloat(t *Type) bool { return Resolve(t).Kind == Float }

// IsArith reports whether t is an arithmetic type.
func IsArith(t *Type) bool { return IsInteger(t) || IsFloat(t) }

// IsPointer reports whether t is a pointer or an array (which decays to a
// pointer in expressions).
func IsPointer(t *Type) bool {
	k := Resolve(t).Kind
	return k == Pointer || k == Array
}

// IsScalar reports whether t is an arithmetic or pointer type: what C allows
// in a condition or a logical operator.
func IsScalar(t *Type) bool { return IsArith(t) || IsPointer(t) }

// IsString reports whether t is D's string type.
func IsString(t *Type) bool { return Resolve(t).Kind == String }

// IsVoid reports whether t is void.
func IsVoid(t *Type) bool { return Resolve(t).Kind == Void }

// IsComposite reports whether t is a struct or union.
func IsComposite(t *Type) bool {
	k := Resolve(t).Kind
	return k == Struct || k == Union
}

// IsSigned reports whether an arithmetic type is signed.
func IsSigned(t *Type) bool {
	r := Resolve(t)
	switch r.Kind {
	case Float:
		return true
	case Int, Enum:
		return r.Enc&Signed != 0
	}
	return false
}

// IsCharPointer reports whether t is char * or char [] (of any
// signedness): what D accepts where a string is expected.
func IsCharPointer(t *Type) bool {
	r := Resolve(t)
	if r.Kind != Pointer && r.Kind != Array {
		return false
	}
	e := Resolve(r.Elem)
	return e.Kind == Int && e.Size == 1 && e.Enc&Bool == 0
}

// Promote applies C's integer promotions: integers narrower than int, bools
// and enums become int.
func Promote(t, intType *Type) *Type {
	r := Resolve(t)
	switch r.Kind {
	case Enum:
		return intType
	case Int:
		if r.Size < intType.Size || r.Enc&Bool != 0 {
			return intType
		}
	}
	return t
}

// UsualArith returns the common type of a binary arithmetic operation on a
// and b as D defines it, which is not C's: there are no integer
// promotions (an enum counts as intType, but char + char stays char), and
// the operand of higher rank wins, rank being the width in bits plus one
// for an unsigned type; at equal rank a wins. The operands are converted
// to it as in C, but D computes in 64 bits, so the common type says how
// the result is stored, recorded and compared, not where the arithmetic
// wraps.
func UsualArith(a, b, intType *Type) *Type {
	ra, rb := Resolve(a), Resolve(b)
	if ra.Kind == Float || rb.Kind == Float {
		switch {
		case ra.Kind != Float:
			return b
		case rb.Kind != Float:
			return a
		case rb.Size > ra.Size:
			return b
		}
		return a
	}
	if ra.Kind == Enum {
		a = intType
	}
	if rb.Kind == Enum {
		b = intType
	}
	if rank(b) > rank(a) {
		return b
	}
	return a
}

// rank orders integer types for UsualArith.
func rank(t *Type) int64 {
	r := Resolve(t)
	n := 8 * r.Size
	if r.Enc&Signed == 0 {
		n++
	}
	return n
}

// Same reports whether a and b are the same type, comparing structurally so
// that types from different sources (BTF, CTF, the script) can match.
// Typedefs and qualifiers are significant; struct, union and enum types
// match by tag name and size, and a forward declaration matches a complete
// type of the same tag.
func Same(a, b *Type) bool {
	for {
		if a == b {
			return true
		}
		if a == nil || b == nil {
			return false
		}
		if a.Kind == Forward || b.Kind == Forward {
			return tagOf(a) == tagOf(b) && a.Name == b.Name
		}
		if a.Kind != b.Kind {
			return false
		}
		switch a.Kind {
		case Int:
			return a.Name == b.Name && a.Size == b.Size && a.Enc == b.Enc && a.Bits == b.Bits
		case Float, Struct, Union, Enum, String:
			return a.Name == b.Name && a.Size == b.Size
		case Void:
			return true
		case Typedef:
			if a.Name != b.Name {
				return false
			}
		case Array:
			if a.Len != b.Len {
				return false
			}
		case Func:
			if len(a.Params) != len(b.Params) || a.Variadic != b.Variadic {
				return false
			}
			for i := range a.Params {
				if !Same(a.Params[i], b.Params[i]) {
					return false
				}
			}
		}
		a, b = a.Elem, b.Elem
	}
}

// tagOf is the tag namespace kind of a struct, union, enum or forward.
func tagOf(t *Type) Kind {
	if t.Kind == Forward {
		return t.FwdKind
	}
	return t.Kind
}
