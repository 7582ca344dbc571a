package parser

import (
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/token"
)

// stmtList parses statements up to a '}'. As in DTrace, every expression
// statement ends with ';' except that the last one of the list may end at
// the '}'.
func (p *parser) stmtList() []ast.Stmt {
	list := []ast.Stmt{}
	for p.tok.Kind != token.RBRACE {
		if p.tok.Kind == token.EOF {
			p.syntaxError()
		}
		list = append(list, p.stmt(true))
	}
	return list
}

// stmt parses one statement. lastMayOmitSemi allows an expression
// statement to end at the '}' of its list.
func (p *parser) stmt(lastMayOmitSemi bool) ast.Stmt {
	p.enter()
	defer p.leave()
	switch p.tok.Kind {
	case token.SEMI:
		s := &ast.EmptyStmt{Semi: p.tok.Pos}
		p.next()
		return s
	case token.IF:
		return p.ifStmt()
	}
	s := &ast.ExprStmt{X: p.expr()}
	if p.tok.Kind == token.RBRACE && lastMayOmitSemi {
		return s
	}
	p.expect(token.SEMI)
	return s
}

// ifStmt parses `if (cond) stmt-or-block [else stmt-or-block]`.
func (p *parser) ifStmt() *ast.IfStmt {
	s := &ast.IfStmt{If: p.tok.Pos}
	p.next()
	p.expect(token.LPAREN)
	s.Cond = p.expr()
	p.expect(token.RPAREN)
	s.Then = p.stmtOrBlock()
	if p.tok.Kind == token.ELSE {
		p.next()
		s.Else = p.stmtOrBlock()
	}
	return s
}

func (p *parser) stmtOrBlock() ast.Stmt {
	if p.tok.Kind != token.LBRACE {
		return p.stmt(false)
	}
	b := &ast.BlockStmt{Lbrace: p.tok.Pos}
	p.next()
	b.List = p.stmtList()
	b.Rbrace = p.expect(token.RBRACE)
	return b
}
