package parser

import (
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// declaration parses a C declaration; at top level it ends the item and
// the next token is scanned in the outer scope.
func (p *parser) declaration(top bool) *ast.Declaration {
	d := &ast.Declaration{StartPos: p.tok.Pos}
	d.Class, d.Base = p.specifiers(true)
	if p.tok.Kind != token.SEMI {
		for {
			name, build := p.declarator(modeNamed)
			d.Vars = append(d.Vars, &ast.Declarator{Name: name, Type: build(d.Base)})
			if d.Class == token.TYPEDEF && name != nil {
				p.types[name.Name] = true
			}
			if p.tok.Kind != token.COMMA {
				break
			}
			p.next()
		}
	}
	if top {
		d.Semi = p.expectOuter(token.SEMI)
	} else {
		d.Semi = p.expect(token.SEMI)
	}
	return d
}

// specifiers parses declaration specifiers: storage class (when
// allowClass), qualifiers and one type specifier.
func (p *parser) specifiers(allowClass bool) (token.Kind, ast.Type) {
	p.enter()
	defer p.leave()
	class := token.ILLEGAL
	var quals []token.Kind
	qualPos := token.NoPos
	var base ast.Type
	var words *ast.BuiltinType
	for {
		t := p.tok
		switch t.Kind {
		case token.TYPEDEF, token.EXTERN, token.STATIC, token.SELF, token.THIS,
			token.REGISTER, token.AUTO, token.IMPORT:
			if !allowClass || class != token.ILLEGAL {
				p.syntaxError()
			}
			class = t.Kind
			p.next()
			continue
		case token.CONST, token.VOLATILE, token.RESTRICT:
			if qualPos == token.NoPos {
				qualPos = t.Pos
			}
			quals = append(quals, t.Kind)
			p.next()
			continue
		case token.SIGNED, token.UNSIGNED, token.CHARKW, token.SHORT, token.INTKW,
			token.LONG, token.FLOAT, token.DOUBLE, token.VOID, token.STRINGKW:
			if base != nil && words == nil {
				p.syntaxError()
			}
			if words == nil {
				words = &ast.BuiltinType{TypePos: t.Pos}
				base = words
			}
			words.Words = append(words.Words, t.Kind.String())
			words.EndAt = t.Pos + token.Pos(len(t.Kind.String()))
			p.next()
			continue
		case token.STRUCT, token.UNION:
			if base != nil {
				p.syntaxError()
			}
			base = p.structType()
			continue
		case token.ENUM:
			if base != nil {
				p.syntaxError()
			}
			base = p.enumType()
			continue
		case token.IDENT:
			if base == nil {
				base = &ast.NamedType{NamePos: t.Pos, Name: t.Lit}
				p.next()
				continue
			}
		}
		break
	}
	if base == nil {
		p.syntaxError()
	}
	if len(quals) > 0 {
		base = &ast.QualType{QualPos: qualPos, Quals: quals, Type: base}
	}
	return class, base
}

// structType parses `struct [name] [{ members }]` (or union).
func (p *parser) structType() *ast.StructType {
	s := &ast.StructType{KwPos: p.tok.Pos, Kind: p.tok.Kind}
	s.EndAt = p.tok.Pos + token.Pos(len(p.tok.Kind.String()))
	p.next()
	if p.tok.Kind == token.IDENT {
		s.Name = p.tok.Lit
		s.EndAt = p.tok.Pos + token.Pos(len(p.tok.Lit))
		p.next()
	}
	if p.tok.Kind != token.LBRACE {
		if s.Name == "" {
			p.syntaxError()
		}
		return s
	}
	s.Lbrace = p.tok.Pos
	p.next()
	s.Members = []*ast.Declaration{}
	for {
		// C wants at least one member.
		s.Members = append(s.Members, p.member())
		if p.tok.Kind == token.RBRACE {
			break
		}
	}
	s.Rbrace = p.tok.Pos
	s.EndAt = s.Rbrace + 1
	p.next()
	return s
}

// member parses one member declaration of a struct or union, bit-fields
// included.
func (p *parser) member() *ast.Declaration {
	d := &ast.Declaration{StartPos: p.tok.Pos}
	_, d.Base = p.specifiers(false)
	for {
		var v *ast.Declarator
		if p.tok.Kind == token.COLON {
			v = &ast.Declarator{Type: d.Base}
		} else {
			name, build := p.declarator(modeNamed)
			v = &ast.Declarator{Name: name, Type: build(d.Base)}
		}
		if p.tok.Kind == token.COLON {
			p.next()
			v.BitWidth = p.condExpr()
		}
		d.Vars = append(d.Vars, v)
		if p.tok.Kind != token.COMMA {
			break
		}
		p.next()
	}
	d.Semi = p.expect(token.SEMI)
	return d
}

// enumType parses `enum [name] [{ a, b = 2 }]`.
func (p *parser) enumType() *ast.EnumType {
	e := &ast.EnumType{EnumPos: p.tok.Pos, EndAt: p.tok.Pos + 4}
	p.next()
	if p.tok.Kind == token.IDENT {
		e.Name = p.tok.Lit
		e.EndAt = p.tok.Pos + token.Pos(len(p.tok.Lit))
		p.next()
	}
	if p.tok.Kind != token.LBRACE {
		if e.Name == "" {
			p.syntaxError()
		}
		return e
	}
	e.Lbrace = p.tok.Pos
	p.next()
	e.Enumerators = []*ast.Enumerator{}
	for {
		en := &ast.Enumerator{Name: p.ident()}
		if p.tok.Kind == token.ASSIGN {
			p.next()
			en.Value = p.condExpr()
		}
		e.Enumerators = append(e.Enumerators, en)
		if p.tok.Kind != token.COMMA {
			break
		}
		p.next()
	}
	e.Rbrace = p.tok.Pos
	e.EndAt = e.Rbrace + 1
	p.expect(token.RBRACE)
	return e
}

// Declarator modes: whether a name is required, forbidden or optional.
type declMode int

const (
	modeNamed declMode = iota
	modeAbstract
	modeEither
)

// typeName parses a type as written in casts, sizeof, offsetof, xlate and
// translators: specifiers and an abstract declarator.
func (p *parser) typeName() ast.Type {
	_, base := p.specifiers(false)
	_, build := p.declarator(modeAbstract)
	return build(base)
}

// declarator parses pointers and a direct declarator. It returns the name
// (nil when abstract) and a function that builds the declared type around
// the specifiers' type: C declarators are read inside out.
func (p *parser) declarator(mode declMode) (*ast.Ident, func(ast.Type) ast.Type) {
	p.enter()
	defer p.leave()
	type star struct {
		pos   token.Pos
		quals []token.Kind
	}
	var stars []star
	for p.tok.Kind == token.MUL {
		s := star{pos: p.tok.Pos}
		p.next()
		for p.tok.Kind == token.CONST || p.tok.Kind == token.VOLATILE || p.tok.Kind == token.RESTRICT {
			s.quals = append(s.quals, p.tok.Kind)
			p.next()
		}
		stars = append(stars, s)
		if len(stars) > maxDepth {
			p.failf(p.tok.Pos, diag.D_SYNTAX, "program is nested too deeply near \"%s\"", p.tok.Text())
		}
	}
	name, direct := p.directDeclarator(mode)
	return name, func(t ast.Type) ast.Type {
		for _, s := range stars {
			t = &ast.PointerType{Star: s.pos, Quals: s.quals, Elem: t}
		}
		return direct(t)
	}
}

func (p *parser) directDeclarator(mode declMode) (*ast.Ident, func(ast.Type) ast.Type) {
	var name *ast.Ident
	inner := func(t ast.Type) ast.Type { return t }
	switch {
	case p.tok.Kind == token.IDENT && mode != modeAbstract:
		name = p.ident()
	case p.tok.Kind == token.LPAREN && p.nestedDeclarator(mode):
		p.next()
		name, inner = p.declarator(mode)
		p.expect(token.RPAREN)
	case mode == modeNamed:
		p.syntaxError()
	}
	var suffixes []func(ast.Type) ast.Type
	for {
		switch p.tok.Kind {
		case token.LBRACK:
			a := p.arraySuffix()
			suffixes = append(suffixes, func(t ast.Type) ast.Type { a.Elem = t; return a })
			continue
		case token.LPAREN:
			f := p.params()
			suffixes = append(suffixes, func(t ast.Type) ast.Type { f.Result = t; return f })
			continue
		}
		break
	}
	return name, func(t ast.Type) ast.Type {
		for i := len(suffixes) - 1; i >= 0; i-- {
			t = suffixes[i](t)
		}
		return inner(t)
	}
}

// nestedDeclarator reports whether the '(' lookahead opens a
// parenthesised declarator rather than a parameter list.
func (p *parser) nestedDeclarator(mode declMode) bool {
	save, tok, queue := p.sc, p.tok, p.queue
	p.sc.SetErrorHandler(nil)
	t := p.sc.Scan()
	p.sc, p.tok, p.queue = save, tok, queue
	p.sc.SetErrorHandler(p.scanError)
	switch t.Kind {
	case token.MUL, token.LPAREN, token.LBRACK:
		return true
	case token.IDENT:
		return mode != modeAbstract && !p.isType(t.Lit)
	}
	return false
}

// arraySuffix parses `[]`, `[size]` or `[key types]`.
func (p *parser) arraySuffix() *ast.ArrayType {
	a := &ast.ArrayType{Lbrack: p.tok.Pos}
	p.next()
	switch {
	case p.tok.Kind == token.RBRACK:
	case p.startsType():
		for {
			a.Keys = append(a.Keys, p.param())
			if p.tok.Kind != token.COMMA {
				break
			}
			p.next()
		}
	default:
		a.Len = p.condExpr()
	}
	a.Rbrack = p.expect(token.RBRACK)
	return a
}

// startsType reports whether the lookahead begins a type name.
func (p *parser) startsType() bool {
	return isTypeKeyword(p.tok.Kind) || p.tok.Kind == token.IDENT && p.isType(p.tok.Lit)
}

// params parses a parameter list `(...)`.
func (p *parser) params() *ast.FuncType {
	f := &ast.FuncType{Lparen: p.expect(token.LPAREN)}
	if p.tok.Kind != token.RPAREN {
		for {
			if p.tok.Kind == token.ELLIPSIS {
				f.Variadic = true
				p.next()
				break
			}
			f.Params = append(f.Params, p.param())
			if p.tok.Kind != token.COMMA {
				break
			}
			p.next()
		}
	}
	f.Rparen = p.expect(token.RPAREN)
	return f
}

// param parses one parameter: a type with an optional name.
func (p *parser) param() *ast.Param {
	_, base := p.specifiers(false)
	name, build := p.declarator(modeEither)
	return &ast.Param{Type: build(base), Name: name}
}
