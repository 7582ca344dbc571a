package parser

import (
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/scanner"
	"github.com/godtrace/godtrace/d/token"
)

// expr parses an expression, comma operator included.
func (p *parser) expr() ast.Expr {
	x := p.assignExpr()
	for p.tok.Kind == token.COMMA {
		pos := p.tok.Pos
		p.next()
		x = &ast.BinaryExpr{X: x, OpPos: pos, Op: token.COMMA, Y: p.assignExpr()}
	}
	return x
}

// assignExpr parses an assignment or a conditional expression. As in C's
// grammar only a unary expression may be assigned to; anything else before
// '=' is a syntax error at the '='.
func (p *parser) assignExpr() ast.Expr {
	p.enter()
	defer p.leave()
	x := p.condExpr()
	if p.tok.Kind.IsAssign() {
		if !isUnary(x) {
			p.syntaxError()
		}
		pos, op := p.tok.Pos, p.tok.Kind
		p.next()
		return &ast.AssignExpr{Lhs: x, OpPos: pos, Op: op, Rhs: p.assignExpr()}
	}
	return x
}

// isUnary reports whether x is a unary_expression of the C grammar.
func isUnary(x ast.Expr) bool {
	switch x.(type) {
	case *ast.BinaryExpr, *ast.CondExpr, *ast.CastExpr, *ast.AssignExpr:
		return false
	}
	return true
}

// condExpr parses `a ? b : c`.
func (p *parser) condExpr() ast.Expr {
	x := p.binaryExpr(1)
	if p.tok.Kind != token.QUESTION {
		return x
	}
	c := &ast.CondExpr{Cond: x, Question: p.tok.Pos}
	p.next()
	c.X = p.expr()
	c.Colon = p.expect(token.COLON)
	p.enter()
	c.Y = p.condExpr()
	p.leave()
	return c
}

// binaryExpr parses binary operators of precedence prec and above, left
// associative.
func (p *parser) binaryExpr(prec int) ast.Expr {
	x := p.castExpr()
	for {
		op := p.tok.Kind
		oprec := op.Precedence()
		if oprec < prec || oprec == token.LowestPrec {
			return x
		}
		pos := p.tok.Pos
		p.next()
		p.enter()
		y := p.binaryExpr(oprec + 1)
		p.leave()
		x = &ast.BinaryExpr{X: x, OpPos: pos, Op: op, Y: y}
	}
}

// castExpr parses `(type) x` or a unary expression.
func (p *parser) castExpr() ast.Expr {
	p.enter()
	defer p.leave()
	if p.tok.Kind == token.LPAREN && p.parenIsType() {
		c := &ast.CastExpr{Lparen: p.tok.Pos}
		p.next()
		c.Type = p.typeName()
		c.Rparen = p.expect(token.RPAREN)
		c.X = p.castExpr()
		return c
	}
	return p.unaryExpr()
}

// parenIsType reports whether the '(' lookahead opens a type name. Type
// keywords always do; a name does when it is a known type, or when its
// shape allows nothing else: `(name *...)` or `(name)` followed by
// something that can only begin an operand.
func (p *parser) parenIsType() bool {
	save, tok, queue := p.sc, p.tok, p.queue
	p.sc.SetErrorHandler(nil)
	defer func() {
		p.sc, p.tok, p.queue = save, tok, queue
		p.sc.SetErrorHandler(p.scanError)
	}()
	t := p.sc.Scan()
	if isTypeKeyword(t.Kind) {
		return true
	}
	if t.Kind != token.IDENT {
		return false
	}
	if p.isType(t.Lit) {
		return true
	}
	t = p.sc.Scan()
	if t.Kind == token.MUL {
		for t.Kind == token.MUL {
			t = p.sc.Scan()
		}
		return t.Kind == token.RPAREN
	}
	if t.Kind != token.RPAREN {
		return false
	}
	switch p.sc.Scan().Kind {
	case token.IDENT, token.INT, token.CHAR, token.STRING, token.AGG,
		token.SELF, token.THIS, token.NOT, token.BNEG, token.SIZEOF,
		token.STRINGOF, token.OFFSETOF, token.XLATE, token.MACRO, token.MACROSTR:
		return true
	}
	return false
}

// unaryExpr parses prefix operators, sizeof and stringof.
func (p *parser) unaryExpr() ast.Expr {
	p.enter()
	defer p.leave()
	pos := p.tok.Pos
	switch op := p.tok.Kind; op {
	case token.INC, token.DEC:
		p.next()
		return &ast.UnaryExpr{OpPos: pos, Op: op, X: p.unaryExpr()}
	case token.ADD, token.SUB, token.NOT, token.BNEG, token.MUL, token.AND:
		p.next()
		return &ast.UnaryExpr{OpPos: pos, Op: op, X: p.castExpr()}
	case token.SIZEOF:
		p.next()
		s := &ast.SizeofExpr{Sizeof: pos}
		if p.tok.Kind == token.LPAREN && p.parenIsType() {
			p.next()
			s.Type = p.typeName()
			s.Rparen = p.expect(token.RPAREN)
			return s
		}
		s.X = p.unaryExpr()
		return s
	case token.STRINGOF:
		p.next()
		return &ast.StringofExpr{Stringof: pos, X: p.unaryExpr()}
	}
	return p.postfixExpr()
}

// postfixExpr parses a primary expression and its subscripts, calls,
// member accesses and ++/--.
func (p *parser) postfixExpr() ast.Expr {
	x := p.primaryExpr()
	for {
		switch p.tok.Kind {
		case token.LBRACK:
			ix := &ast.IndexExpr{X: x, Lbrack: p.tok.Pos}
			p.next()
			ix.Index = p.args(token.RBRACK)
			ix.Rbrack = p.expect(token.RBRACK)
			x = ix
		case token.LPAREN:
			c := &ast.CallExpr{Fun: x, Lparen: p.tok.Pos}
			p.next()
			c.Args = p.args(token.RPAREN)
			c.Rparen = p.expect(token.RPAREN)
			x = c
		case token.PERIOD, token.ARROW:
			s := &ast.SelectorExpr{X: x, OpPos: p.tok.Pos, Op: p.tok.Kind}
			p.next()
			s.Sel = p.ident()
			x = s
		case token.INC, token.DEC:
			x = &ast.PostfixExpr{X: x, OpPos: p.tok.Pos, Op: p.tok.Kind}
			p.next()
		default:
			return x
		}
	}
}

// args parses a possibly empty comma-separated list of assignment
// expressions ending before end.
func (p *parser) args(end token.Kind) []ast.Expr {
	var list []ast.Expr
	if p.tok.Kind == end {
		return list
	}
	for {
		list = append(list, p.assignExpr())
		if p.tok.Kind != token.COMMA {
			return list
		}
		p.next()
	}
}

// primaryExpr parses names, constants, aggregations, self->x, this->x,
// offsetof, xlate (whose result may be followed by a member access) and
// parenthesised expressions.
func (p *parser) primaryExpr() ast.Expr {
	t := p.tok
	switch t.Kind {
	case token.IDENT:
		p.next()
		return &ast.Ident{NamePos: t.Pos, Name: t.Lit}
	case token.INT:
		p.next()
		v, err := scanner.ParseInt(t.Lit)
		if err != nil {
			// The scanner has reported malformed constants; a macro's
			// integer text was checked when it was expanded.
			p.failf(t.Pos, diag.D_INT_OFLOW, "constant %s results in integer overflow", t.Lit)
		}
		return &ast.IntLit{ValuePos: t.Pos, Kind: token.INT, Raw: t.Lit, Value: v}
	case token.CHAR:
		p.next()
		return &ast.IntLit{ValuePos: t.Pos, Kind: token.CHAR, Raw: t.Lit, Value: scanner.CharValue(t.Lit)}
	case token.STRING:
		p.next()
		return stringLit(t)
	case token.AGG:
		p.next()
		if t.Lit == "@" {
			return &ast.AggExpr{At: t.Pos, Name: "_", Anon: true}
		}
		return &ast.AggExpr{At: t.Pos, Name: t.Lit[1:]}
	case token.SELF, token.THIS:
		p.next()
		if p.tok.Kind != token.ARROW {
			// The grammar takes a bare self or this as a name; d/check
			// says what is wrong with it.
			return &ast.Ident{NamePos: t.Pos, Name: t.Kind.String()}
		}
		p.next()
		return &ast.ScopedVar{ScopePos: t.Pos, Scope: t.Kind, Name: p.ident()}
	case token.OFFSETOF:
		p.next()
		o := &ast.OffsetofExpr{Offsetof: t.Pos}
		p.expect(token.LPAREN)
		o.Type = p.typeName()
		p.expect(token.COMMA)
		o.Member = p.ident()
		o.Rparen = p.expect(token.RPAREN)
		return o
	case token.XLATE:
		p.next()
		x := &ast.XlateExpr{Xlate: t.Pos}
		p.expect(token.LSS)
		x.Type = p.typeName()
		p.expect(token.GTR)
		p.expect(token.LPAREN)
		x.X = p.expr()
		x.Rparen = p.expect(token.RPAREN)
		return x
	case token.LPAREN:
		p.next()
		x := p.expr()
		return &ast.ParenExpr{Lparen: t.Pos, X: x, Rparen: p.expect(token.RPAREN)}
	}
	p.syntaxError()
	return nil
}

// stringLit decodes a STRING token.
func stringLit(t scanner.Token) *ast.StringLit {
	raw := t.Lit
	v := ""
	if len(raw) >= 2 {
		v, _ = scanner.Unescape(raw[1 : len(raw)-1])
	}
	return &ast.StringLit{ValuePos: t.Pos, Raw: raw, Value: v}
}
