package ast

import (
	"bufio"
	"strings"
)

// typ prints a full type with an optional declared name: the specifier,
// then the declarator.
func (p *printer) typ(t Type, name string) {
	base := t
	for {
		switch b := base.(type) {
		case *PointerType:
			base = b.Elem
			continue
		case *ArrayType:
			base = b.Elem
			continue
		case *FuncType:
			if b.Result != nil {
				base = b.Result
				continue
			}
		}
		break
	}
	p.spec(base)
	if t == base && name == "" {
		return
	}
	p.print(" ")
	p.declarator(t, base, name)
}

// spec prints a type specifier with its qualifiers.
func (p *printer) spec(t Type) {
	switch t := t.(type) {
	case *QualType:
		for _, q := range t.Quals {
			p.print(q.String(), " ")
		}
		p.spec(t.Type)
	case *BuiltinType:
		p.print(strings.Join(t.Words, " "))
	case *NamedType:
		p.print(t.Name)
	case *StructType:
		p.print(t.Kind.String())
		if t.Name != "" {
			p.print(" ", t.Name)
		}
		if t.Lbrace.IsValid() || t.Members != nil {
			p.print(" {")
			p.indent++
			for _, m := range t.Members {
				p.newline()
				p.declaration(m)
			}
			p.indent--
			p.newline()
			p.print("}")
		}
	case *EnumType:
		p.print("enum")
		if t.Name != "" {
			p.print(" ", t.Name)
		}
		if t.Lbrace.IsValid() || t.Enumerators != nil {
			p.print(" {")
			p.indent++
			for i, e := range t.Enumerators {
				p.newline()
				p.print(e.Name.Name)
				if e.Value != nil {
					p.print(" = ")
					p.expr(e.Value)
				}
				if i < len(t.Enumerators)-1 {
					p.print(",")
				}
			}
			p.indent--
			p.newline()
			p.print("}")
		}
	}
}

// declarator prints the declarator of t around name, stopping at base (the
// specifier, printed already). It builds the C text inside out: pointers
// go to the left, arrays and parameter lists to the right, and a pointer
// to an array or function needs parentheses.
func (p *printer) declarator(t, base Type, name string) {
	s := name
	needParen := false
	for t != base {
		switch tt := t.(type) {
		case *PointerType:
			star := "*"
			for i, k := range tt.Quals {
				if i > 0 {
					star += " "
				}
				star += k.String()
			}
			if len(tt.Quals) > 0 && s != "" {
				star += " "
			}
			s = star + s
			needParen = true
			t = tt.Elem
		case *ArrayType:
			if needParen {
				s = "(" + s + ")"
			}
			s += p.sub(func(q *printer) { q.arraySuffix(tt) })
			needParen = false
			t = tt.Elem
		case *FuncType:
			if needParen {
				s = "(" + s + ")"
			}
			s += p.sub(func(q *printer) { q.params(tt) })
			needParen = false
			t = tt.Result
			if t == nil {
				t = base
			}
		default:
			// A type that is not built on base (it cannot happen in a
			// parsed tree): print it whole.
			p.spec(t)
			t = base
		}
	}
	p.print(s)
}

// sub renders with a fresh printer at the same indentation.
func (p *printer) sub(f func(*printer)) string {
	var b strings.Builder
	q := &printer{indent: p.indent}
	q.w = bufio.NewWriter(&b)
	f(q)
	q.w.Flush()
	return b.String()
}

func (p *printer) arraySuffix(a *ArrayType) {
	p.print("[")
	if a.Len != nil {
		p.expr(a.Len)
	}
	for i, k := range a.Keys {
		if i > 0 {
			p.print(", ")
		}
		p.param(k)
	}
	p.print("]")
}

func (p *printer) params(f *FuncType) {
	p.print("(")
	for i, prm := range f.Params {
		if i > 0 {
			p.print(", ")
		}
		p.param(prm)
	}
	if f.Variadic {
		if len(f.Params) > 0 {
			p.print(", ")
		}
		p.print("...")
	}
	p.print(")")
}

func (p *printer) param(prm *Param) {
	name := ""
	if prm.Name != nil {
		name = prm.Name.Name
	}
	p.typ(prm.Type, name)
}
