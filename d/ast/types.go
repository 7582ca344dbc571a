package ast

import "github.com/godtrace/godtrace/d/token"

// BuiltinType is a type spelt with keywords: "int", "unsigned long long",
// "char", "void", "string", "float". Words keeps the keywords in the order
// written.
type BuiltinType struct {
	TypePos token.Pos
	Words   []string
	EndAt   token.Pos
}

// NamedType is a typedef name, possibly scoped: "uint64_t",
// "vmlinux`pid_t".
type NamedType struct {
	NamePos token.Pos
	Name    string
}

// StructType is `struct Name`, `union Name`, or a definition with a
// member list. Kind is STRUCT or UNION. Members is nil for a reference to
// the type; a definition (Lbrace set) may have no members.
type StructType struct {
	KwPos   token.Pos
	Kind    token.Kind
	Name    string // "" for an anonymous struct or union
	Lbrace  token.Pos
	Members []*Declaration
	Rbrace  token.Pos
	EndAt   token.Pos
}

// EnumType is `enum Name` or an enum definition.
type EnumType struct {
	EnumPos     token.Pos
	Name        string
	Lbrace      token.Pos
	Enumerators []*Enumerator
	Rbrace      token.Pos
	EndAt       token.Pos
}

// Enumerator is `Name` or `Name = Value` in an enum definition. After is
// the token that follows it (',' or '}'), where DTrace, having read it,
// reports the enumerator's errors.
type Enumerator struct {
	Name  *Ident
	Value Expr
	After token.Pos
}

// QualType adds const, volatile or restrict to a type specifier:
// `const char`.
type QualType struct {
	QualPos token.Pos
	Quals   []token.Kind
	Type    Type
}

// PointerType is `Elem *` (with optional qualifiers after the star).
type PointerType struct {
	Star  token.Pos
	Quals []token.Kind
	Elem  Type
}

// ArrayType is `Elem [Len]` or, for an associative array, `Elem
// [key types]` (Keys set, Len nil). `Elem []` has neither.
type ArrayType struct {
	Lbrack token.Pos
	Len    Expr
	Keys   []*Param
	Rbrack token.Pos
	Elem   Type
}

// FuncType is `Result (Params)`, also the argument lists of provider
// probes. Variadic is set for a trailing `...`; `(void)` is one unnamed
// void parameter.
type FuncType struct {
	Lparen   token.Pos
	Params   []*Param
	Variadic bool
	Rparen   token.Pos
	Result   Type // nil in provider probe argument lists
}

// Param is a parameter: its type, and its name when it has one.
type Param struct {
	Type Type
	Name *Ident
}

func (t *BuiltinType) Pos() token.Pos { return t.TypePos }
func (t *BuiltinType) End() token.Pos { return t.EndAt }
func (t *NamedType) Pos() token.Pos   { return t.NamePos }
func (t *NamedType) End() token.Pos   { return t.NamePos + token.Pos(len(t.Name)) }
func (t *StructType) Pos() token.Pos  { return t.KwPos }
func (t *StructType) End() token.Pos  { return t.EndAt }
func (t *EnumType) Pos() token.Pos    { return t.EnumPos }
func (t *EnumType) End() token.Pos    { return t.EndAt }
func (t *QualType) Pos() token.Pos    { return min(t.QualPos, t.Type.Pos()) }
func (t *QualType) End() token.Pos    { return t.Type.End() }

// Declarator parts are written around the name, so a part's span is the
// span of what it wraps, widened by its own tokens.
func (t *PointerType) Pos() token.Pos { return min(t.Elem.Pos(), t.Star) }
func (t *PointerType) End() token.Pos { return max(t.Elem.End(), t.Star+1) }
func (t *ArrayType) Pos() token.Pos   { return min(t.Elem.Pos(), t.Lbrack) }
func (t *ArrayType) End() token.Pos   { return max(t.Elem.End(), t.Rbrack+1) }
func (t *FuncType) Pos() token.Pos {
	if t.Result != nil {
		return min(t.Result.Pos(), t.Lparen)
	}
	return t.Lparen
}
func (t *FuncType) End() token.Pos {
	if t.Result != nil {
		return max(t.Result.End(), t.Rparen+1)
	}
	return t.Rparen + 1
}

func (e *Enumerator) Pos() token.Pos { return e.Name.Pos() }
func (e *Enumerator) End() token.Pos {
	if e.Value != nil {
		return e.Value.End()
	}
	return e.Name.End()
}

func (p *Param) Pos() token.Pos {
	return p.Type.Pos()
}
func (p *Param) End() token.Pos {
	if p.Name != nil && p.Name.End() > p.Type.End() {
		return p.Name.End()
	}
	return p.Type.End()
}

func (*BuiltinType) typeNode() {}
func (*NamedType) typeNode()   {}
func (*StructType) typeNode()  {}
func (*EnumType) typeNode()    {}
func (*QualType) typeNode()    {}
func (*PointerType) typeNode() {}
func (*ArrayType) typeNode()   {}
func (*FuncType) typeNode()    {}
