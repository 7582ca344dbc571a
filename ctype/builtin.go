package ctype

import "strings"

// The C base types of the LP64 data model, shared by every compilation:
// they are never modified.
var (
	VoidType      = &Type{Kind: Void, Name: "void", Module: "C"}
	CharType      = cInt("char", 1, Signed|Char)
	SCharType     = cInt("signed char", 1, Signed|Char)
	UCharType     = cInt("unsigned char", 1, Char)
	ShortType     = cInt("short", 2, Signed)
	UShortType    = cInt("unsigned short", 2, 0)
	IntType       = cInt("int", 4, Signed)
	UIntType      = cInt("unsigned int", 4, 0)
	LongType      = cInt("long", 8, Signed)
	ULongType     = cInt("unsigned long", 8, 0)
	LongLongType  = cInt("long long", 8, Signed)
	ULongLongType = cInt("unsigned long long", 8, 0)
	BoolType      = cInt("_Bool", 1, Bool)
	FloatType     = &Type{Kind: Float, Name: "float", Size: 4, Module: "C"}
	DoubleType    = &Type{Kind: Float, Name: "double", Size: 8, Module: "C"}
	LDoubleType   = &Type{Kind: Float, Name: "long double", Size: 16, Module: "C"}
)

func cInt(name string, size int64, enc Encoding) *Type {
	t := NewInt(name, size, enc)
	t.Module = "C"
	return t
}

var cTypes = []*Type{
	VoidType, CharType, SCharType, UCharType, ShortType, UShortType, IntType,
	UIntType, LongType, ULongType, LongLongType, ULongLongType, BoolType,
	FloatType, DoubleType, LDoubleType,
}

// NewC returns DTrace's "C" module: the C base types.
func NewC() *Scope {
	s := NewScope("C")
	for _, t := range cTypes {
		s.Define(t.Name, t)
	}
	return s
}

// dTypedefs are the typedefs DTrace's "D" module defines on every system,
// with the C base type each names.
var dTypedefs = []struct {
	name string
	of   *Type
}{
	{"int8_t", SCharType}, {"int16_t", ShortType}, {"int32_t", IntType},
	{"int64_t", LongType}, {"intptr_t", LongType}, {"ssize_t", LongType},
	{"ptrdiff_t", LongType},
	{"uint8_t", UCharType}, {"uint16_t", UShortType}, {"uint32_t", UIntType},
	{"uint64_t", ULongType}, {"uintptr_t", ULongType}, {"size_t", ULongType},
	{"uchar_t", UCharType}, {"ushort_t", UShortType}, {"uint_t", UIntType},
	{"ulong_t", ULongType}, {"u_longlong_t", ULongLongType},
	{"id_t", IntType}, {"pid_t", IntType},
}

// NewD returns DTrace's "D" module: the string type holding strsize bytes
// (the strsize option) and D's built-in typedefs.
func NewD(strsize int64) *Scope {
	s := NewScope("D")
	s.Define("string", NewString(strsize))
	for _, td := range dTypedefs {
		t := NewTypedef(td.name, td.of)
		t.Module = "D"
		s.Define(td.name, t)
	}
	return s
}

// BaseName returns the canonical name of a C base type written with the
// specifier words (in any order, as C allows): ["long", "unsigned", "int"]
// is "unsigned long", ["signed"] is "int". It reports false when the words
// name no base type.
func BaseName(words []string) (string, bool) {
	var sign, size, base string
	long := 0
	for _, w := range words {
		switch w {
		case "signed", "unsigned":
			if sign != "" {
				return "", false
			}
			sign = w
		case "short":
			if size != "" {
				return "", false
			}
			size = w
		case "long":
			long++
			if long > 2 || (size != "" && size != "long") {
				return "", false
			}
			size = "long"
		case "char", "int", "float", "double", "void", "_Bool":
			if base != "" {
				return "", false
			}
			base = w
		default:
			return "", false
		}
	}
	if long == 2 {
		size = "long long"
	}
	switch base {
	case "void", "float", "_Bool":
		if sign != "" || size != "" {
			return "", false
		}
		return base, true
	case "double":
		if sign != "" || (size != "" && size != "long") {
			return "", false
		}
		return strings.TrimSpace(size + " double"), true
	case "char":
		if size != "" {
			return "", false
		}
		return strings.TrimSpace(sign + " char"), true
	}
	if base == "" && sign == "" && size == "" {
		return "", false
	}
	if size == "" {
		size = "int"
	}
	if sign == "unsigned" {
		return "unsigned " + size, true
	}
	return size, true
}
