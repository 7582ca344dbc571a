package ast

import "github.com/godtrace/godtrace/d/token"

// Node is any node of the tree. Pos is the position of its first byte;
// End that of the byte just after it.
type Node interface {
	Pos() token.Pos
	End() token.Pos
}

// Decl is a top-level item: *ProbeClause, *Pragma, *Declaration,
// *InlineDecl, *Translator or *ProviderDef.
type Decl interface {
	Node
	declNode()
}

// Stmt is a statement of a clause body: *ExprStmt, *IfStmt, *BlockStmt or
// *EmptyStmt. (D declarations, `this int x;` included, live outside
// clauses.)
type Stmt interface {
	Node
	stmtNode()
}

// Expr is an expression.
type Expr interface {
	Node
	exprNode()
}

// Type is the syntax of a C type: a specifier (*BuiltinType, *NamedType,
// *StructType, *EnumType) possibly qualified (*QualType) and wrapped by
// declarator parts (*PointerType, *ArrayType, *FuncType).
type Type interface {
	Node
	typeNode()
}

// Program is one parsed D program (a script file or a -n/-P/-m/-f/-i
// description).
type Program struct {
	File  *token.File // turns the positions of the tree into lines
	Decls []Decl
}

// Pos is the start of the first item (or NoPos for an empty program).
func (p *Program) Pos() token.Pos {
	if len(p.Decls) == 0 {
		return token.NoPos
	}
	return p.Decls[0].Pos()
}

// End is the end of the last item.
func (p *Program) End() token.Pos {
	if len(p.Decls) == 0 {
		return token.NoPos
	}
	return p.Decls[len(p.Decls)-1].End()
}

// ---------------------------------------------------------------------------
// Top-level items

// ProbeDesc is one probe description of a clause. The four fields are
// filled from the right as DTrace does ("BEGIN" is ":::BEGIN", "a:b" is
// "::a:b"), with macro variables ($target, $1) already expanded; empty
// fields match everything.
type ProbeDesc struct {
	DescPos  token.Pos
	Text     string // as written, before macro expansion
	Provider string
	Module   string
	Function string
	Name     string
}

func (d *ProbeDesc) Pos() token.Pos { return d.DescPos }
func (d *ProbeDesc) End() token.Pos { return d.DescPos + token.Pos(len(d.Text)) }

// String is the expanded description, "provider:module:function:name".
func (d *ProbeDesc) String() string {
	return d.Provider + ":" + d.Module + ":" + d.Function + ":" + d.Name
}

// ProbeClause is `descriptions /predicate/ { statements }`. Pred is nil
// without a predicate. A clause without braces (allowed for -n
// descriptions) has Lbrace == NoPos and a nil Body; `{}` has Lbrace set
// and an empty Body.
type ProbeClause struct {
	Descs  []*ProbeDesc
	Pred   Expr
	Lbrace token.Pos
	Body   []Stmt
	Rbrace token.Pos
}

func (c *ProbeClause) Pos() token.Pos { return c.Descs[0].Pos() }
func (c *ProbeClause) End() token.Pos {
	switch {
	case c.Rbrace.IsValid():
		return c.Rbrace + 1
	case c.Pred != nil:
		return c.Pred.End() + 1
	}
	return c.Descs[len(c.Descs)-1].End()
}

// Pragma is a `#pragma` control line. Words are the words after
// "#pragma" with string quotes removed: `#pragma D option quiet` has
// Words ["D", "option", "quiet"]. Line markers (`# 3 "x.d"`, `#line`) are
// applied by the scanner and do not appear in the tree.
type Pragma struct {
	Hash  token.Pos
	Words []string
	EndAt token.Pos // the newline that ends the line
}

func (p *Pragma) Pos() token.Pos { return p.Hash }
func (p *Pragma) End() token.Pos { return p.EndAt }

// Declaration is a C declaration: `extern int x, *y;`,
// `typedef struct s s_t;`, `self int z;`, `struct s { int a; };`.
// Class is the storage class keyword (TYPEDEF, EXTERN, STATIC, SELF, THIS,
// REGISTER, AUTO) or ILLEGAL when there is none. Base is the type given by
// the specifiers; each declarator's Type is its full type, built on Base.
type Declaration struct {
	StartPos token.Pos
	Class    token.Kind
	Base     Type
	Vars     []*Declarator
	Semi     token.Pos
}

func (d *Declaration) Pos() token.Pos { return d.StartPos }
func (d *Declaration) End() token.Pos { return d.Semi + 1 }

// Declarator is one declared name with its full type. Name is nil in a
// declaration that only defines a type (`struct s { ... };` has no
// Declarator at all) and for unnamed bit-fields. BitWidth is set for
// bit-field members.
type Declarator struct {
	Name     *Ident
	Type     Type
	BitWidth Expr
}

func (d *Declarator) Pos() token.Pos {
	if d.Name != nil {
		return d.Name.Pos()
	}
	return d.Type.Pos()
}
func (d *Declarator) End() token.Pos {
	if d.BitWidth != nil {
		return d.BitWidth.End()
	}
	if d.Name != nil && d.Name.End() > d.Type.End() {
		return d.Name.End()
	}
	return d.Type.End()
}

// InlineDecl is `inline type name = expression;`: a named constant or
// expression that d/check substitutes wherever the name is used.
type InlineDecl struct {
	Inline token.Pos
	Base   Type
	Var    *Declarator
	Value  Expr
	Semi   token.Pos
}

func (d *InlineDecl) Pos() token.Pos { return d.Inline }
func (d *InlineDecl) End() token.Pos { return d.Semi + 1 }

// Translator is `translator Out < In Param > { member = expr; ... };`.
type Translator struct {
	TranslatorPos token.Pos
	Output        Type
	Input         Type
	Param         *Ident
	Members       []*XlateMember
	Rbrace        token.Pos
	Semi          token.Pos
}

func (t *Translator) Pos() token.Pos { return t.TranslatorPos }
func (t *Translator) End() token.Pos { return t.Semi + 1 }

// XlateMember is one `member = expression;` of a translator.
type XlateMember struct {
	Name  *Ident
	Value Expr
}

func (m *XlateMember) Pos() token.Pos { return m.Name.Pos() }
func (m *XlateMember) End() token.Pos { return m.Value.End() + 1 }

// ProviderDef is `provider name { probe p(args) : (xargs); ... };`, the
// definition of a user-space (USDT) provider for dtrace -h and -G.
type ProviderDef struct {
	ProviderPos token.Pos
	Name        *Ident
	Probes      []*ProbeDecl
	Rbrace      token.Pos
	Semi        token.Pos
}

func (p *ProviderDef) Pos() token.Pos { return p.ProviderPos }
func (p *ProviderDef) End() token.Pos { return p.Semi + 1 }

// ProbeDecl is one `probe name(native args) : (translated args);` of a
// provider. Translated is nil when there is no ": (...)" part.
type ProbeDecl struct {
	ProbePos   token.Pos
	Name       *Ident
	Native     *FuncType
	Translated *FuncType
	Semi       token.Pos
}

func (p *ProbeDecl) Pos() token.Pos { return p.ProbePos }
func (p *ProbeDecl) End() token.Pos { return p.Semi + 1 }

func (*ProbeClause) declNode() {}
func (*Pragma) declNode()      {}
func (*Declaration) declNode() {}
func (*InlineDecl) declNode()  {}
func (*Translator) declNode()  {}
func (*ProviderDef) declNode() {}

// ---------------------------------------------------------------------------
// Statements

// ExprStmt is an expression statement, ended by ';' or, for the last
// statement of a clause, by its '}'.
type ExprStmt struct {
	X Expr
}

func (s *ExprStmt) Pos() token.Pos { return s.X.Pos() }
func (s *ExprStmt) End() token.Pos { return s.X.End() }

// IfStmt is `if (Cond) Then [else Else]`; Else is nil without else.
type IfStmt struct {
	If   token.Pos
	Cond Expr
	Then Stmt
	Else Stmt
}

func (s *IfStmt) Pos() token.Pos { return s.If }
func (s *IfStmt) End() token.Pos {
	if s.Else != nil {
		return s.Else.End()
	}
	return s.Then.End()
}

// BlockStmt is `{ statements }` inside a clause.
type BlockStmt struct {
	Lbrace token.Pos
	List   []Stmt
	Rbrace token.Pos
}

func (s *BlockStmt) Pos() token.Pos { return s.Lbrace }
func (s *BlockStmt) End() token.Pos { return s.Rbrace + 1 }

// EmptyStmt is a lone ';'.
type EmptyStmt struct {
	Semi token.Pos
}

func (s *EmptyStmt) Pos() token.Pos { return s.Semi }
func (s *EmptyStmt) End() token.Pos { return s.Semi + 1 }

func (*ExprStmt) stmtNode()  {}
func (*IfStmt) stmtNode()    {}
func (*BlockStmt) stmtNode() {}
func (*EmptyStmt) stmtNode() {}
