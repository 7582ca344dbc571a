package ast

import "github.com/godtrace/godtrace/d/token"

// Ident is a name. Kernel-scoped names keep their backquotes as written:
// "`max_pfn", "vmlinux`jiffies".
type Ident struct {
	NamePos token.Pos
	Name    string
}

// IntLit is an integer or character constant. Kind is INT or CHAR; Raw is
// the text as written ("0x1fUL", "'\n'") or, for a macro argument, the
// argument's text; Value is its value (a character constant's bytes packed
// as DTrace packs them, first byte most significant).
type IntLit struct {
	ValuePos token.Pos
	Kind     token.Kind
	Raw      string
	Value    uint64
}

// StringLit is a string constant; Value has its escapes decoded. Raw is
// the text with quotes as written, or the quoted argument text for $$1.
type StringLit struct {
	ValuePos token.Pos
	Raw      string
	Value    string
}

// AggExpr names an aggregation: @name, or @ alone (Name "_", the
// anonymous aggregation DTrace calls @_). Name excludes the '@'.
type AggExpr struct {
	At   token.Pos
	Name string
	Anon bool // written as a bare @
}

// ScopedVar is `self->name` (Scope SELF, a thread-local variable) or
// `this->name` (Scope THIS, a clause-local variable).
type ScopedVar struct {
	ScopePos token.Pos
	Scope    token.Kind
	Name     *Ident
}

// ParenExpr is a parenthesised expression.
type ParenExpr struct {
	Lparen token.Pos
	X      Expr
	Rparen token.Pos
}

// UnaryExpr is a prefix operator: + - ! ~ * & ++ --.
type UnaryExpr struct {
	OpPos token.Pos
	Op    token.Kind
	X     Expr
}

// PostfixExpr is x++ or x--.
type PostfixExpr struct {
	X     Expr
	OpPos token.Pos
	Op    token.Kind
}

// BinaryExpr is X Op Y for the binary operators, including the comma
// operator (Op COMMA).
type BinaryExpr struct {
	X     Expr
	OpPos token.Pos
	Op    token.Kind
	Y     Expr
}

// AssignExpr is Lhs Op Rhs for = and the compound assignments. An
// aggregation statement `@a[k] = count()` is an AssignExpr whose Lhs is an
// *AggExpr or an *IndexExpr of one.
type AssignExpr struct {
	Lhs   Expr
	OpPos token.Pos
	Op    token.Kind
	Rhs   Expr
}

// CondExpr is Cond ? X : Y.
type CondExpr struct {
	Cond     Expr
	Question token.Pos
	X        Expr
	Colon    token.Pos
	Y        Expr
}

// CastExpr is (Type) X.
type CastExpr struct {
	Lparen token.Pos
	Type   Type
	Rparen token.Pos
	X      Expr
}

// SizeofExpr is sizeof(Type) or sizeof X; exactly one of Type and X is
// set. `sizeof (name)` where name is not known to be a type is parsed as
// an expression: d/check re-reads a lone *Ident X as a type name when it
// is one.
type SizeofExpr struct {
	Sizeof token.Pos
	Type   Type
	X      Expr
	Rparen token.Pos // NoPos for sizeof X
}

// OffsetofExpr is offsetof(Type, Member).
type OffsetofExpr struct {
	Offsetof token.Pos
	Type     Type
	Member   *Ident
	Rparen   token.Pos
}

// StringofExpr is stringof X.
type StringofExpr struct {
	Stringof token.Pos
	X        Expr
}

// XlateExpr is xlate<Type>(X).
type XlateExpr struct {
	Xlate  token.Pos
	Type   Type
	X      Expr
	Rparen token.Pos
}

// CallExpr is Fun(Args): a D function or action call. Fun is an *Ident
// in any valid program; the grammar lets any postfix expression be called
// and d/check reports the others (D_FUNC_IDENT).
type CallExpr struct {
	Fun    Expr
	Lparen token.Pos
	Args   []Expr
	Rparen token.Pos
}

// IndexExpr is X[Index...]: an array subscript, an associative array or
// aggregation tuple key.
type IndexExpr struct {
	X      Expr
	Lbrack token.Pos
	Index  []Expr
	Rbrack token.Pos
}

// SelectorExpr is X.Sel (Op PERIOD) or X->Sel (Op ARROW).
type SelectorExpr struct {
	X     Expr
	OpPos token.Pos
	Op    token.Kind
	Sel   *Ident
}

func (x *Ident) Pos() token.Pos        { return x.NamePos }
func (x *Ident) End() token.Pos        { return x.NamePos + token.Pos(len(x.Name)) }
func (x *IntLit) Pos() token.Pos       { return x.ValuePos }
func (x *IntLit) End() token.Pos       { return x.ValuePos + token.Pos(len(x.Raw)) }
func (x *StringLit) Pos() token.Pos    { return x.ValuePos }
func (x *StringLit) End() token.Pos    { return x.ValuePos + token.Pos(len(x.Raw)) }
func (x *AggExpr) Pos() token.Pos      { return x.At }
func (x *ScopedVar) Pos() token.Pos    { return x.ScopePos }
func (x *ScopedVar) End() token.Pos    { return x.Name.End() }
func (x *ParenExpr) Pos() token.Pos    { return x.Lparen }
func (x *ParenExpr) End() token.Pos    { return x.Rparen + 1 }
func (x *UnaryExpr) Pos() token.Pos    { return x.OpPos }
func (x *UnaryExpr) End() token.Pos    { return x.X.End() }
func (x *PostfixExpr) Pos() token.Pos  { return x.X.Pos() }
func (x *PostfixExpr) End() token.Pos  { return x.OpPos + 2 }
func (x *BinaryExpr) Pos() token.Pos   { return x.X.Pos() }
func (x *BinaryExpr) End() token.Pos   { return x.Y.End() }
func (x *AssignExpr) Pos() token.Pos   { return x.Lhs.Pos() }
func (x *AssignExpr) End() token.Pos   { return x.Rhs.End() }
func (x *CondExpr) Pos() token.Pos     { return x.Cond.Pos() }
func (x *CondExpr) End() token.Pos     { return x.Y.End() }
func (x *CastExpr) Pos() token.Pos     { return x.Lparen }
func (x *CastExpr) End() token.Pos     { return x.X.End() }
func (x *SizeofExpr) Pos() token.Pos   { return x.Sizeof }
func (x *OffsetofExpr) Pos() token.Pos { return x.Offsetof }
func (x *OffsetofExpr) End() token.Pos { return x.Rparen + 1 }
func (x *StringofExpr) Pos() token.Pos { return x.Stringof }
func (x *StringofExpr) End() token.Pos { return x.X.End() }
func (x *XlateExpr) Pos() token.Pos    { return x.Xlate }
func (x *XlateExpr) End() token.Pos    { return x.Rparen + 1 }
func (x *CallExpr) Pos() token.Pos     { return x.Fun.Pos() }
func (x *CallExpr) End() token.Pos     { return x.Rparen + 1 }
func (x *IndexExpr) Pos() token.Pos    { return x.X.Pos() }
func (x *IndexExpr) End() token.Pos    { return x.Rbrack + 1 }
func (x *SelectorExpr) Pos() token.Pos { return x.X.Pos() }
func (x *SelectorExpr) End() token.Pos { return x.Sel.End() }

// End of @name is after the name; of a bare @ after the @.
func (x *AggExpr) End() token.Pos {
	if x.Anon {
		return x.At + 1
	}
	return x.At + 1 + token.Pos(len(x.Name))
}

func (x *SizeofExpr) End() token.Pos {
	if x.X != nil {
		return x.X.End()
	}
	return x.Rparen + 1
}

func (*Ident) exprNode()        {}
func (*IntLit) exprNode()       {}
func (*StringLit) exprNode()    {}
func (*AggExpr) exprNode()      {}
func (*ScopedVar) exprNode()    {}
func (*ParenExpr) exprNode()    {}
func (*UnaryExpr) exprNode()    {}
func (*PostfixExpr) exprNode()  {}
func (*BinaryExpr) exprNode()   {}
func (*AssignExpr) exprNode()   {}
func (*CondExpr) exprNode()     {}
func (*CastExpr) exprNode()     {}
func (*SizeofExpr) exprNode()   {}
func (*OffsetofExpr) exprNode() {}
func (*StringofExpr) exprNode() {}
func (*XlateExpr) exprNode()    {}
func (*CallExpr) exprNode()     {}
func (*IndexExpr) exprNode()    {}
func (*SelectorExpr) exprNode() {}

// Unparen returns e with its enclosing parentheses stripped.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}
