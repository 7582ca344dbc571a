package check

import (
	"fmt"
	"strings"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/diag"
)

// Conv is one conversion of a printf-style format string, as DTrace's
// printf(), printa() and friends parse it.
type Conv struct {
	// Prefix is the literal text before the conversion.
	Prefix string
	// Name is the conversion with its size prefix: "d", "llx", "hu", "%";
	// empty for trailing text after the last conversion.
	Name string
	// Flags as written: '-', '+', ' ', '#', '0', '@', '\'', '?'.
	Flags             string
	Width, Prec       int
	HasPrec           bool
	DynWidth, DynPrec bool
	conv              *pfConv
}

// pfConv describes a conversion: the prototype DTrace prints when the
// argument does not fit, and the check it applies.
type pfConv struct {
	proto string
	check func(c *checker, t *ctype.Type) bool
	// isInt says the conversion prints integers, so its argument size
	// picks the printf length modifier.
	isInt bool
}

const (
	protoXint  = "char, short, int, long, or long long"
	protoCSI   = "char, short, or int"
	protoFP    = "float, double, or long double"
	protoAddr  = "pointer or integer"
	protoUaddr = "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)"
	protoCstr  = "char [] or string (or use stringof)"
	protoWstr  = "wchar_t []"
)

// isInteger is DTrace's dt_node_is_integer: the special types are void
// there, whatever they are here.
func isInteger(t *ctype.Type) bool { return ctype.IsInteger(t) && !isSpecial(t) }

func isInt(_ *checker, t *ctype.Type) bool   { return isInteger(t) }
func isFP(_ *checker, t *ctype.Type) bool    { return ctype.IsFloat(t) }
func isAddr(_ *checker, t *ctype.Type) bool  { return ctype.IsPointer(t) || isInteger(t) }
func isKaddr(c *checker, t *ctype.Type) bool { return t == symaddrType || isAddr(c, t) }
func isStack(_ *checker, t *ctype.Type) bool { return t == stackType }
func isCSI(_ *checker, t *ctype.Type) bool   { return isInteger(t) && t.Sizeof() <= 4 }
func isTime(_ *checker, t *ctype.Type) bool  { return isInteger(t) && t.Sizeof() == 8 }

func isUaddr(_ *checker, t *ctype.Type) bool {
	return t == usymaddrType || ctype.IsPointer(t) || isInteger(t)
}

func isStr(_ *checker, t *ctype.Type) bool {
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

func isWstr(_ *checker, t *ctype.Type) bool {
	r := ctype.Resolve(t)
	if r.Kind != ctype.Array {
		return false
	}
	e := ctype.Resolve(r.Elem)
	return e.Kind == ctype.Int && e.Size == 4
}

// resolvedNamed matches when the resolved type's name is one of names.
func resolvedNamed(names ...string) func(*checker, *ctype.Type) bool {
	return func(_ *checker, t *ctype.Type) bool {
		if isSpecial(t) {
			return false
		}
		n := ctype.Resolve(t).Name
		for _, want := range names {
			if n == want {
				return true
			}
		}
		return false
	}
}

func isLongLong(c *checker, t *ctype.Type) bool {
	if resolvedNamed("long long", "signed long long", "unsigned long long")(c, t) {
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

// compatWith matches arguments whose resolved type is compatible with the
// base type named, as CTF's type compatibility has it: the same kind and
// encoding.
func compatWith(want *ctype.Type) func(*checker, *ctype.Type) bool {
	return func(_ *checker, t *ctype.Type) bool {
		r := ctype.Resolve(t)
		return !isSpecial(t) && r.Kind == want.Kind && r.Size == want.Size && r.Enc == want.Enc
	}
}

var pfConvs = map[string]*pfConv{
	"a":   {protoAddr, isKaddr, false},
	"A":   {protoUaddr, isUaddr, false},
	"c":   {protoCSI, isCSI, true},
	"C":   {protoCSI, isCSI, false},
	"d":   {protoXint, isInt, true},
	"e":   {protoFP, isFP, false},
	"E":   {protoFP, isFP, false},
	"f":   {protoFP, isFP, false},
	"g":   {protoFP, isFP, false},
	"G":   {protoFP, isFP, false},
	"hd":  {"short", compatWith(ctype.ShortType), true},
	"hi":  {"short", compatWith(ctype.ShortType), true},
	"ho":  {"unsigned short", compatWith(ctype.UShortType), true},
	"hu":  {"unsigned short", compatWith(ctype.UShortType), true},
	"hx":  {"short", resolvedNamed("short", "signed short", "unsigned short"), true},
	"hX":  {"short", resolvedNamed("short", "signed short", "unsigned short"), true},
	"i":   {protoXint, isInt, true},
	"k":   {"stack", isStack, false},
	"lc":  {"int", compatWith(ctype.IntType), true},
	"ld":  {"long", compatWith(ctype.LongType), true},
	"li":  {"long", compatWith(ctype.LongType), true},
	"lo":  {"unsigned long", compatWith(ctype.ULongType), true},
	"lu":  {"unsigned long", compatWith(ctype.ULongType), true},
	"ls":  {protoWstr, isWstr, false},
	"lx":  {"long", resolvedNamed("long", "signed long", "unsigned long"), true},
	"lX":  {"long", resolvedNamed("long", "signed long", "unsigned long"), true},
	"lld": {"long long", compatWith(ctype.LongLongType), true},
	"lli": {"long long", compatWith(ctype.LongLongType), true},
	"llo": {"unsigned long long", compatWith(ctype.ULongLongType), true},
	"llu": {"unsigned long long", compatWith(ctype.ULongLongType), true},
	"llx": {"long long", isLongLong, true},
	"llX": {"long long", isLongLong, true},
	"Le":  {"long double", compatWith(ctype.LDoubleType), false},
	"LE":  {"long double", compatWith(ctype.LDoubleType), false},
	"Lf":  {"long double", compatWith(ctype.LDoubleType), false},
	"Lg":  {"long double", compatWith(ctype.LDoubleType), false},
	"LG":  {"long double", compatWith(ctype.LDoubleType), false},
	"o":   {protoXint, isInt, true},
	"p":   {protoAddr, isAddr, true},
	"s":   {protoCstr, isStr, false},
	"S":   {protoCstr, isStr, false},
	"T":   {"int64_t", isTime, false},
	"u":   {protoXint, isInt, true},
	"wc":  {"int", compatWith(ctype.IntType), true},
	"ws":  {protoWstr, isWstr, false},
	"x":   {protoXint, isInt, true},
	"X":   {protoXint, isInt, true},
	"Y":   {"int64_t", isTime, false},
	"%":   {"void", nil, false},
}

// ParseFormat splits a format string into conversions the way DTrace
// does, so that the checker, the code generator and the consumer agree on
// them. Errors carry DTrace's text and, as DTrace reports a malformed
// format through its parser's warning routine, the D_SYNTAX tag.
func ParseFormat(format string) ([]Conv, error) {
	var convs []Conv
	q := 0
	for {
		i := strings.IndexByte(format[q:], '%')
		if i < 0 {
			break
		}
		p := q + i
		c := Conv{Prefix: format[q:p]}
		n := len(convs) + 1
		digits, dot := 0, false
		var name strings.Builder
	loop:
		for {
			p++
			if p >= len(format) {
				return nil, semErrorf(diag.D_SYNTAX, "format conversion #%d name expected before end of format string", n)
			}
			ch := format[p]
			switch {
			case ch >= '0' && ch <= '9':
				if !dot && digits == 0 && ch == '0' {
					c.Flags += "0"
					continue
				}
				v := 0
				for ; p < len(format) && format[p] >= '0' && format[p] <= '9'; p++ {
					v = v*10 + int(format[p]-'0')
				}
				p--
				if dot {
					c.Prec = v
				} else {
					c.Width = v
				}
				digits++
			case ch == '#' || ch == '+' || ch == '-' || ch == ' ' || ch == '@' || ch == '\'':
				c.Flags += string(ch)
			case ch == '?':
				c.Flags += "?"
				c.Width = 16
			case ch == '*':
				if dot && c.DynPrec || !dot && c.DynWidth {
					what := "width"
					if dot {
						what = "precision"
					}
					return nil, semErrorf(diag.D_SYNTAX, "format conversion #%d has more than one '*' specified for the output %s", n, what)
				}
				if dot {
					c.DynPrec = true
				} else {
					c.DynWidth = true
				}
			case ch == '.':
				if dot {
					return nil, semErrorf(diag.D_SYNTAX, "format conversion #%d has more than one '.' specified", n)
				}
				dot, c.HasPrec, digits = true, true, 0
			case ch == '$':
				return nil, semErrorf(diag.D_SYNTAX, "format conversion #%d uses unsupported positional format (%%n$)", n)
			case ch == '%' && format[p-1] != '%':
				return nil, semErrorf(diag.D_SYNTAX, "format conversion #%d cannot be combined with other format flags: %%%%", n)
			case ch == 'h' || ch == 'l' || ch == 'L' || ch == 'w':
				if name.Len() < 6 {
					name.WriteByte(ch)
				}
			default:
				name.WriteByte(ch)
				break loop
			}
		}
		c.Name = name.String()
		c.conv = pfConvs[c.Name]
		if c.conv == nil {
			return nil, semErrorf(diag.D_SYNTAX, "format conversion #%d is undefined: %%%s", n, c.Name)
		}
		convs = append(convs, c)
		q = p + 1
	}
	if q < len(format) || format == "" {
		convs = append(convs, Conv{Prefix: format[q:]})
	}
	return convs, nil
}

// validateFormat checks the arguments of a printf-like action against its
// format's conversions, as DTrace's dt_printf_validate does. foff is the
// number of arguments before the first value argument (the format itself
// for printf), aggResult the type %@ consumes (nil outside printa), and
// exact whether extra arguments are an error.
func (c *checker) validateFormat(fn string, convs []Conv, args []*ctype.Type, foff int, aggResult *ctype.Type, exact bool) error {
	j := 0
	for i, cv := range convs {
		if cv.conv == nil || cv.Name == "%" {
			continue
		}
		for _, dyn := range [...]struct {
			on   bool
			name string
		}{{cv.DynWidth, "*"}, {cv.DynPrec, ".*"}} {
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
		case strings.Contains(cv.Flags, "@"):
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
		if !cv.conv.check(c, t) {
			return semErrorf(diag.D_PRINTF_ARG_TYPE, "%s( ) %s is incompatible with conversion #%d prototype:\n\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s", fn, what, i+1, cv.Name, cv.conv.proto, typeName(t))
		}
	}
	if exact && j < len(args) {
		return semErrorf(diag.D_PRINTF_ARG_EXTRA, "%s( ) prototype mismatch: only %d arguments required by this format string", fn, j)
	}
	return nil
}
