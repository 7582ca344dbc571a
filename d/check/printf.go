package check

import (
	"fmt"
	"slices"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/format"
)

// isInteger is DTrace's dt_node_is_integer: the special types are void
// there, whatever they are here.
func isInteger(t *ctype.Type) bool { return ctype.IsInteger(t) && !isSpecial(t) }

func isAddr(t *ctype.Type) bool { return ctype.IsPointer(t) || isInteger(t) }

func isStr(t *ctype.Type) bool {
	if ctype.IsString(t) {
		return true
	}
	r := ctype.Resolve(t)
	return r.Kind == ctype.Array && isChar(r.Elem)
}

func isChar(t *ctype.Type) bool {
	r := ctype.Resolve(t)
	return r.Kind == ctype.Int && r.Enc&ctype.Char != 0
}

func isWstr(t *ctype.Type) bool {
	r := ctype.Resolve(t)
	if r.Kind != ctype.Array {
		return false
	}
	e := ctype.Resolve(r.Elem)
	return e.Kind == ctype.Int && e.Size == 4
}

// resolvedNamed reports whether t resolves to a type named one of names.
func resolvedNamed(t *ctype.Type, names ...string) bool {
	return !isSpecial(t) && slices.Contains(names, ctype.Resolve(t).Name)
}

func isLongLong(t *ctype.Type) bool {
	if resolvedNamed(t, "long long", "signed long long", "unsigned long long") {
		return true
	}
	// int64_t and uint64_t work with %llx in every data model even though
	// they name long in LP64.
	for ; t != nil && t.Kind == ctype.Typedef; t = t.Elem {
		if t.Name == "int64_t" || t.Name == "uint64_t" {
			return true
		}
	}
	return false
}

// protoTypes are the C types of the ArgType conversions (%hd %ld %lld
// %Lf ...), by the prototype format names them with.
var protoTypes = map[string]*ctype.Type{
	"short":              ctype.ShortType,
	"unsigned short":     ctype.UShortType,
	"int":                ctype.IntType,
	"long":               ctype.LongType,
	"unsigned long":      ctype.ULongType,
	"long long":          ctype.LongLongType,
	"unsigned long long": ctype.ULongLongType,
	"long double":        ctype.LDoubleType,
}

// accepts reports whether a conversion takes an argument of type t, by
// the argument class format gives it (DTrace's pfcheck_* functions).
func (c *checker) accepts(cv format.Conv, t *ctype.Type) bool {
	switch cv.Class() {
	case format.ArgInteger:
		return isInteger(t)
	case format.ArgSmallInt:
		return isInteger(t) && t.Sizeof() <= 4
	case format.ArgFloat:
		return ctype.IsFloat(t)
	case format.ArgAddr:
		return isAddr(t)
	case format.ArgKernelAddr:
		return t == symaddrType || isAddr(t)
	case format.ArgUserAddr:
		return t == usymaddrType || isAddr(t)
	case format.ArgStack:
		return t == stackType
	case format.ArgTime:
		return isInteger(t) && t.Sizeof() == 8
	case format.ArgString:
		return isStr(t)
	case format.ArgWideString:
		return isWstr(t)
	case format.ArgType:
		// Compatible with the type named, as CTF's type compatibility
		// has it: the same kind, size and encoding.
		want := protoTypes[cv.Proto()]
		r := ctype.Resolve(t)
		return want != nil && !isSpecial(t) && r.Kind == want.Kind && r.Size == want.Size && r.Enc == want.Enc
	case format.ArgShortName:
		return resolvedNamed(t, "short", "signed short", "unsigned short")
	case format.ArgLongName:
		return resolvedNamed(t, "long", "signed long", "unsigned long")
	case format.ArgLongLongName:
		return isLongLong(t)
	}
	return false
}

// parseFormat parses a format string with format.Parse, the one parser
// of formats, giving a malformed one the D_SYNTAX tag, as DTrace reports
// it through its parser's warning routine.
func parseFormat(s string) ([]format.Conv, error) {
	convs, err := format.Parse(s)
	if err != nil {
		return nil, semErrorf(diag.D_SYNTAX, "%s", err)
	}
	return convs, nil
}

// validateFormat checks the arguments of a printf-like action against its
// format's conversions, as DTrace's dt_printf_validate does. foff is the
// number of arguments before the first value argument (the format itself
// for printf), aggResult the type %@ consumes (nil outside printa), and
// exact whether extra arguments are an error.
func (c *checker) validateFormat(fn string, convs []format.Conv, args []*ctype.Type, foff int, aggResult *ctype.Type, exact bool) error {
	j := 0
	for i, cv := range convs {
		if cv.IsText() || cv.Class() == format.ArgNone {
			continue
		}
		for _, dyn := range [...]struct {
			on   bool
			name string
		}{{cv.Flags&format.FlagDynWidth != 0, "*"}, {cv.Flags&format.FlagDynPrec != 0, ".*"}} {
			if !dyn.on {
				continue
			}
			if j >= len(args) {
				return semErrorf(diag.D_PRINTF_DYN_PROTO, "%s( ) prototype mismatch: conversion #%d (%%%s) is missing a corresponding \"%s\" argument", fn, i+1, cv.Name, dyn.name)
			}
			if !ctype.IsInteger(args[j]) {
				return semErrorf(diag.D_PRINTF_DYN_TYPE, "%s( ) argument #%d is incompatible with conversion #%d prototype:\n\tconversion: %% %s %s\n\t prototype: int\n\t  argument: %s", fn, j+foff+1, i+1, dyn.name, cv.Name, typeName(args[j]))
			}
			j++
		}
		var t *ctype.Type
		var what string
		switch {
		case cv.Flags&format.FlagAgg != 0:
			if aggResult == nil {
				return semErrorf(diag.D_PRINTF_AGG_CONV, "%%@ conversion requires an aggregation and is not for use with %s( )", fn)
			}
			t, what = aggResult, "aggregating action"
		case j >= len(args):
			return semErrorf(diag.D_PRINTF_ARG_PROTO, "%s( ) prototype mismatch: conversion #%d (%%%s) is missing a corresponding value argument", fn, i+1, cv.Name)
		default:
			t, what = args[j], fmt.Sprintf("argument #%d", j+foff+1)
			j++
		}
		if !c.accepts(cv, t) {
			return semErrorf(diag.D_PRINTF_ARG_TYPE, "%s( ) %s is incompatible with conversion #%d prototype:\n\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s", fn, what, i+1, cv.Name, cv.Proto(), typeName(t))
		}
	}
	if exact && j < len(args) {
		return semErrorf(diag.D_PRINTF_ARG_EXTRA, "%s( ) prototype mismatch: only %d arguments required by this format string", fn, j)
	}
	return nil
}
