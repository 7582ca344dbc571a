package ast

import (
	"bufio"
	"io"
	"strings"

	"github.com/godtrace/godtrace/d/token"
)

// Fprint writes node as D source text: a whole *Program, a Decl, a Stmt,
// an Expr or a Type (as a type name). The output parses back to the same
// tree (positions aside), and printing that tree gives the same text.
func Fprint(w io.Writer, node Node) error {
	p := &printer{w: bufio.NewWriter(w)}
	p.node(node)
	return p.w.Flush()
}

// String returns the D text of node, as Fprint writes it.
func String(node Node) string {
	var b strings.Builder
	_ = Fprint(&b, node) // a strings.Builder does not fail
	return b.String()
}

type printer struct {
	w      *bufio.Writer
	indent int
}

func (p *printer) print(ss ...string) {
	for _, s := range ss {
		p.w.WriteString(s)
	}
}

func (p *printer) newline() {
	p.w.WriteByte('\n')
	for range p.indent {
		p.w.WriteByte('\t')
	}
}

func (p *printer) node(n Node) {
	switch n := n.(type) {
	case *Program:
		for i, d := range n.Decls {
			if i > 0 {
				p.print("\n")
				// Runs of one kind of one-line item stay together;
				// anything else is set apart by a blank line.
				if !sameKind(n.Decls[i-1], d) {
					p.print("\n")
				}
			}
			p.decl(d)
		}
		if len(n.Decls) > 0 {
			p.print("\n")
		}
	case Decl:
		p.decl(n)
	case Stmt:
		p.stmt(n)
	case Expr:
		p.expr(n)
	case Type:
		p.typ(n, "")
	}
}

// sameKind reports whether a and b are both pragmas, or both declarations
// without a struct, union or enum body, or both inlines.
func sameKind(a, b Decl) bool {
	switch a := a.(type) {
	case *Pragma:
		_, ok := b.(*Pragma)
		return ok
	case *InlineDecl:
		_, ok := b.(*InlineDecl)
		return ok
	case *Declaration:
		b, ok := b.(*Declaration)
		return ok && !hasBody(a.Base) && !hasBody(b.Base)
	}
	return false
}

// hasBody reports whether a declaration's type defines members.
func hasBody(t Type) bool {
	if q, ok := t.(*QualType); ok {
		t = q.Type
	}
	switch t := t.(type) {
	case *StructType:
		return t.Lbrace.IsValid() || t.Members != nil
	case *EnumType:
		return t.Lbrace.IsValid() || t.Enumerators != nil
	}
	return false
}

func (p *printer) decl(d Decl) {
	switch d := d.(type) {
	case *ProbeClause:
		for i, desc := range d.Descs {
			if i > 0 {
				p.print(",")
				p.newline()
			}
			p.print(desc.Text)
		}
		if d.Pred != nil {
			p.newline()
			p.print("/")
			p.expr(d.Pred)
			p.print("/")
		}
		if d.Lbrace.IsValid() || d.Body != nil {
			p.newline()
			p.block(d.Body)
		}
	case *Pragma:
		p.print("#pragma")
		for _, w := range d.Words {
			p.print(" ", pragmaWord(w))
		}
	case *Declaration:
		p.declaration(d)
	case *InlineDecl:
		p.print("inline ")
		p.typ(d.Var.Type, d.Var.Name.Name)
		p.print(" = ")
		p.expr(d.Value)
		p.print(";")
	case *Translator:
		p.print("translator ")
		p.typ(d.Output, "")
		p.print(" < ")
		p.typ(d.Input, d.Param.Name)
		p.print(" > {")
		p.indent++
		for _, m := range d.Members {
			p.newline()
			p.print(m.Name.Name, " = ")
			p.expr(m.Value)
			p.print(";")
		}
		p.indent--
		p.newline()
		p.print("};")
	case *ProviderDef:
		p.print("provider ", d.Name.Name, " {")
		p.indent++
		for _, pd := range d.Probes {
			p.newline()
			p.print("probe ", pd.Name.Name)
			p.params(pd.Native)
			if pd.Translated != nil {
				p.print(" : ")
				p.params(pd.Translated)
			}
			p.print(";")
		}
		p.indent--
		p.newline()
		p.print("};")
	}
}

// pragmaWord quotes a control-line word that would not survive as a bare
// word.
func pragmaWord(w string) string {
	if w != "" && !strings.ContainsAny(w, " \t\f\v\r\"\\\n") {
		return w
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(w); i++ {
		switch c := w[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

var classNames = map[token.Kind]string{
	token.TYPEDEF: "typedef ", token.EXTERN: "extern ", token.STATIC: "static ",
	token.SELF: "self ", token.THIS: "this ", token.REGISTER: "register ",
	token.AUTO: "auto ", token.IMPORT: "import ",
}

func (p *printer) declaration(d *Declaration) {
	p.print(classNames[d.Class])
	p.typ(d.Base, "")
	for i, v := range d.Vars {
		if i > 0 {
			p.print(",")
		}
		name := ""
		if v.Name != nil {
			name = v.Name.Name
		}
		if name != "" || v.Type != d.Base {
			p.print(" ")
			p.declarator(v.Type, d.Base, name)
		}
		if v.BitWidth != nil {
			p.print(" : ")
			p.expr(v.BitWidth)
		}
	}
	p.print(";")
}

func (p *printer) block(list []Stmt) {
	p.print("{")
	p.indent++
	for _, s := range list {
		p.newline()
		p.stmt(s)
	}
	p.indent--
	p.newline()
	p.print("}")
}

func (p *printer) stmt(s Stmt) {
	switch s := s.(type) {
	case *ExprStmt:
		p.expr(s.X)
		p.print(";")
	case *EmptyStmt:
		p.print(";")
	case *BlockStmt:
		p.block(s.List)
	case *IfStmt:
		p.print("if (")
		p.expr(s.Cond)
		p.print(") ")
		p.stmt(s.Then)
		if s.Else != nil {
			p.print(" else ")
			p.stmt(s.Else)
		}
	}
}

func (p *printer) exprs(list []Expr) {
	for i, x := range list {
		if i > 0 {
			p.print(", ")
		}
		p.expr(x)
	}
}

func (p *printer) expr(x Expr) {
	switch x := x.(type) {
	case *Ident:
		p.print(x.Name)
	case *IntLit:
		p.print(x.Raw)
	case *StringLit:
		p.print(x.Raw)
	case *AggExpr:
		if x.Anon {
			p.print("@")
		} else {
			p.print("@", x.Name)
		}
	case *ScopedVar:
		p.print(x.Scope.String(), "->", x.Name.Name)
	case *ParenExpr:
		p.print("(")
		p.expr(x.X)
		p.print(")")
	case *UnaryExpr:
		p.print(x.Op.String())
		// Keep "- -x" and "+ ++x" from fusing into -- and +++, and
		// "& &x" into &&.
		if inner, ok := x.X.(*UnaryExpr); ok && inner.Op.String()[0] == x.Op.String()[0] {
			p.print(" ")
		}
		p.expr(x.X)
	case *PostfixExpr:
		p.expr(x.X)
		p.print(x.Op.String())
	case *BinaryExpr:
		p.expr(x.X)
		if x.Op == token.COMMA {
			p.print(", ")
		} else {
			p.print(" ", x.Op.String(), " ")
		}
		p.expr(x.Y)
	case *AssignExpr:
		p.expr(x.Lhs)
		p.print(" ", x.Op.String(), " ")
		p.expr(x.Rhs)
	case *CondExpr:
		p.expr(x.Cond)
		p.print(" ? ")
		p.expr(x.X)
		p.print(" : ")
		p.expr(x.Y)
	case *CastExpr:
		p.print("(")
		p.typ(x.Type, "")
		p.print(")")
		p.expr(x.X)
	case *SizeofExpr:
		if x.Type != nil {
			p.print("sizeof (")
			p.typ(x.Type, "")
			p.print(")")
		} else {
			p.print("sizeof ")
			p.expr(x.X)
		}
	case *OffsetofExpr:
		p.print("offsetof(")
		p.typ(x.Type, "")
		p.print(", ", x.Member.Name, ")")
	case *StringofExpr:
		p.print("stringof ")
		p.expr(x.X)
	case *XlateExpr:
		p.print("xlate<")
		p.typ(x.Type, "")
		p.print(">(")
		p.expr(x.X)
		p.print(")")
	case *CallExpr:
		p.expr(x.Fun)
		p.print("(")
		p.exprs(x.Args)
		p.print(")")
	case *IndexExpr:
		p.expr(x.X)
		p.print("[")
		p.exprs(x.Index)
		p.print("]")
	case *SelectorExpr:
		p.expr(x.X)
		if _, ok := x.X.(*IntLit); ok {
			// "0 .a" printed as "0.a" would scan as a floating-point constant.
			p.print(" ")
		}
		p.print(x.Op.String(), x.Sel.Name)
	}
}
