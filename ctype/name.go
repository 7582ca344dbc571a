package ctype

import (
	"strconv"
	"strings"
)

// String returns the type's name as C and DTrace spell it in declarations
// and messages: "char [16]", "struct task_struct *", "int (*)(int, char *)".
func (t *Type) String() string {
	var b strings.Builder
	t.declare(&b, "")
	return b.String()
}

// declare writes t as the type of a declarator inner, building the C
// declarator from the outside in the way C reads it.
func (t *Type) declare(b *strings.Builder, inner string) {
	switch t.Kind {
	case Pointer:
		switch t.Elem.Kind {
		case Array, Func:
			t.Elem.declare(b, "(*"+inner+")")
		default:
			t.Elem.declare(b, "*"+inner)
		}
	case Array:
		t.Elem.declare(b, inner+"["+strconv.FormatInt(t.Len, 10)+"]")
	case Func:
		var p strings.Builder
		p.WriteString(inner)
		p.WriteByte('(')
		for i, a := range t.Params {
			if i > 0 {
				p.WriteString(", ")
			}
			p.WriteString(a.String())
		}
		if t.Variadic {
			if len(t.Params) > 0 {
				p.WriteString(", ")
			}
			p.WriteString("...")
		} else if len(t.Params) == 0 {
			p.WriteString("void")
		}
		p.WriteByte(')')
		t.Elem.declare(b, p.String())
	case Const, Volatile, Restrict:
		q := t.Kind.String()
		switch t.Elem.Kind {
		case Pointer:
			t.Elem.declare(b, strings.TrimSpace(q+" "+inner))
			return
		case Array, Func:
			t.Elem.declare(b, inner)
			return
		}
		b.WriteString(q)
		b.WriteByte(' ')
		t.Elem.declare(b, inner)
	default:
		b.WriteString(t.baseName())
		if inner != "" {
			b.WriteByte(' ')
			b.WriteString(inner)
		}
	}
}

// baseName is the name of a type that has no declarator part.
func (t *Type) baseName() string {
	switch t.Kind {
	case Struct, Union, Enum:
		if t.Name == "" {
			return t.Kind.String() + " (anon)"
		}
		return t.Kind.String() + " " + t.Name
	case Forward:
		return t.FwdKind.String() + " " + t.Name
	case Void:
		return "void"
	}
	return t.Name
}
