package parser

import (
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/scanner"
	"github.com/godtrace/godtrace/d/token"
)

// declaration parses a C declaration; at top level it ends the item and
// the next token is scanned in the outer scope.
func (p *parser) declaration(top bool) *ast.Declaration {
	d := &ast.Declaration{StartPos: p.tok.Pos}
	d.Class, d.Base = p.specifiers(specDecl)
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

// Where specifiers are read decides what a storage class there means.
type specMode int

const (
	specDecl  specMode = iota // a declaration: one storage class allowed
	specParam                 // a parameter: only register is appropriate
	specQual                  // a member or type name: no storage class
)

// Type attributes, as DTrace's declaration stack keeps them beside the
// one type specifier: short, long and long long, signed and unsigned.
const (
	attrShort = 1 << iota
	attrLong
	attrLongLong
	attrSigned
	attrUnsigned
)

// specKind is the kind of the one type specifier of a declaration.
type specKind int

const (
	specNone    specKind = iota
	specInteger          // void, char, int
	specFloat            // float, double
	specTypedef          // a type name, string
	specSOU              // struct, union
	specEnum
)

// specState follows the specifiers of one declaration as DTrace's
// dt_decl_spec and dt_decl_attr do, refusing combinations as soon as the
// token that makes them is read.
type specState struct {
	kind  specKind
	name  string // the specifier's name: "int", a typedef, a tag ("" if none)
	attrs int
}

// spec records the type specifier read at pos.
func (p *parser) spec(s *specState, pos token.Pos, kind specKind, name string) {
	if s.kind != specNone {
		p.fail(pos, diag.D_DECL_COMBO, "invalid type combination")
	}
	s.kind, s.name = kind, name
	p.checkSpec(s, pos)
}

// attr records short, long, signed or unsigned, read at pos.
func (p *parser) attr(s *specState, pos token.Pos, a int) {
	if a == attrLong && s.attrs&attrLong != 0 {
		s.attrs &^= attrLong
		a = attrLongLong
	}
	s.attrs |= a
	p.checkSpec(s, pos)
}

// checkSpec refuses attributes the type specifier cannot take.
func (p *parser) checkSpec(s *specState, pos token.Pos) {
	if s.kind == specNone {
		return
	}
	switch {
	case s.name == "char" && s.attrs&(attrShort|attrLong|attrLongLong) != 0:
		p.fail(pos, diag.D_DECL_CHARATTR, "invalid type declaration: short and long may not be used with char type")
	case s.name == "void" && s.attrs != 0:
		p.fail(pos, diag.D_DECL_VOIDATTR, "invalid type declaration: attributes may not be used with void type")
	case s.kind != specInteger && s.attrs&(attrSigned|attrUnsigned) != 0:
		p.fail(pos, diag.D_DECL_SIGNINT, "invalid type declaration: signed and unsigned may only be used with integer type")
	case s.kind != specInteger && s.kind != specFloat && s.attrs&(attrLong|attrLongLong) != 0:
		p.fail(pos, diag.D_DECL_LONGINT, "invalid type declaration: long and long long may only be used with integer or floating-point type")
	}
}

// specifiers parses declaration specifiers: storage class (as mode
// permits), qualifiers and the type specifier with its attributes. A
// declaration with attributes and no type specifier is of type int, and
// one with neither declares an int: "extern x;".
func (p *parser) specifiers(mode specMode) (token.Kind, ast.Type) {
	p.enter()
	defer p.leave()
	class := token.ILLEGAL
	var quals []token.Kind
	qualPos := token.NoPos
	var st specState
	var base ast.Type
	var words *ast.BuiltinType
	word := func(t scanner.Token) {
		if words == nil {
			words = &ast.BuiltinType{TypePos: t.Pos}
		}
		words.Words = append(words.Words, t.Kind.String())
		words.EndAt = t.Pos + token.Pos(len(t.Kind.String()))
	}
	start := p.tok.Pos
loop:
	for {
		t := p.tok
		switch t.Kind {
		case token.TYPEDEF, token.EXTERN, token.STATIC, token.SELF, token.THIS,
			token.REGISTER, token.AUTO, token.IMPORT:
			if mode == specQual {
				p.syntaxError()
			}
			if class != token.ILLEGAL {
				p.fail(t.Pos, diag.D_DECL_CLASS, "only one storage class allowed in a declaration")
			}
			class = t.Kind
			p.next()
		case token.CONST, token.VOLATILE, token.RESTRICT:
			if qualPos == token.NoPos {
				qualPos = t.Pos
			}
			quals = append(quals, t.Kind)
			p.next()
		case token.SHORT, token.LONG, token.SIGNED, token.UNSIGNED:
			a := map[token.Kind]int{token.SHORT: attrShort, token.LONG: attrLong,
				token.SIGNED: attrSigned, token.UNSIGNED: attrUnsigned}[t.Kind]
			p.attr(&st, t.Pos, a)
			word(t)
			p.next()
		case token.CHARKW, token.INTKW, token.VOID:
			p.spec(&st, t.Pos, specInteger, t.Kind.String())
			word(t)
			p.next()
		case token.FLOAT, token.DOUBLE:
			p.spec(&st, t.Pos, specFloat, t.Kind.String())
			word(t)
			p.next()
		case token.STRINGKW:
			p.spec(&st, t.Pos, specTypedef, "string")
			word(t)
			p.next()
		case token.STRUCT, token.UNION:
			base = p.structType(&st)
		case token.ENUM:
			base = p.enumType(&st)
		case token.IDENT:
			// In a declaration, a name followed by ';', ',', '[' or '='
			// is the name declared even when it names a type, as
			// DTrace's lexer decides ("typedef unsigned long dev_t;").
			isType := p.isType(t.Lit) && (mode != specDecl || !p.declaredName())
			if !isType && (st.kind != specNone || st.attrs != 0 || mode == specDecl && !p.unknownTypeName()) {
				break loop // the declarator's name
			}
			if st.kind != specNone && st.name != "" {
				// A type name after a type is the name declared, but
				// in a typedef, where it would redeclare the type.
				if class != token.TYPEDEF {
					break loop
				}
				p.failf(t.Pos, diag.D_DECL_IDRED, "identifier redeclared: %s", t.Lit)
			}
			p.spec(&st, t.Pos, specTypedef, t.Lit)
			base = &ast.NamedType{NamePos: t.Pos, Name: t.Lit}
			p.next()
		default:
			break loop
		}
	}
	switch {
	case st.kind == specNone && st.attrs == 0 && class == token.ILLEGAL && len(quals) == 0:
		p.syntaxError()
	case base == nil && words == nil:
		// No type at all: C's implicit int.
		base = &ast.BuiltinType{TypePos: start, Words: []string{"int"}, EndAt: start}
	case base == nil || st.kind == specInteger || st.kind == specFloat || st.name == "string":
		// Attributes given to a struct, enum or type name that can take
		// them (short) are of no effect there.
		base = words
	}
	if len(quals) > 0 {
		base = &ast.QualType{QualPos: qualPos, Quals: quals, Type: base}
	}
	return class, base
}

// unknownTypeName reports whether the lookahead name, which names no known
// type, is still written where a type must be: followed by a name or a
// '*', as in "nosuch_t x;". It is then taken as a type, to be refused as
// an unknown one, as a lone name is in a type name, member or parameter.
func (p *parser) unknownTypeName() bool {
	t := p.peek()
	return t.Kind == token.IDENT || t.Kind == token.MUL
}

// declaredName reports whether the token after the lookahead name shows
// it to be the name declared, as DTrace's lexer decides it.
func (p *parser) declaredName() bool {
	switch p.peek().Kind {
	case token.SEMI, token.COMMA, token.LBRACK, token.ASSIGN:
		return true
	}
	return false
}

// peek scans the token after the lookahead without consuming either.
func (p *parser) peek() scanner.Token {
	save, tok, queue := p.sc, p.tok, p.queue
	p.sc.SetErrorHandler(nil)
	t := p.sc.Scan()
	p.sc, p.tok, p.queue = save, tok, queue
	p.sc.SetErrorHandler(p.scanError)
	return t
}

// defineTag records the struct, union or enum the '{' lookahead begins to
// define, refusing one the program defined already as DTrace does there.
func (p *parser) defineTag(kind, name string) {
	if name == "" {
		return
	}
	key := kind + " " + name
	if p.tags[key] {
		p.failf(p.tok.Pos, diag.D_DECL_TYPERED, "type redeclared: %s", key)
	}
	p.tags[key] = true
}

// structType parses `struct [name] [{ members }]` (or union), recording
// the specifier when DTrace does: at the '{' of a definition, or at the
// token after the name of a reference.
func (p *parser) structType(st *specState) *ast.StructType {
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
		p.spec(st, p.tok.Pos, specSOU, s.Name)
		return s
	}
	p.spec(st, p.tok.Pos, specSOU, s.Name)
	p.defineTag(s.Kind.String(), s.Name)
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
	_, d.Base = p.specifiers(specQual)
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
func (p *parser) enumType(st *specState) *ast.EnumType {
	e := &ast.EnumType{EnumPos: p.tok.Pos, EndAt: p.tok.Pos + 4}
	p.next()
	if p.tok.Kind == token.IDENT {
		e.Name = p.tok.Lit
		e.EndAt = p.tok.Pos + token.Pos(len(p.tok.Lit))
		p.next()
	}
	if p.tok.Kind != token.LBRACE && e.Name == "" {
		p.syntaxError()
	}
	p.spec(st, p.tok.Pos, specEnum, e.Name)
	if p.tok.Kind != token.LBRACE {
		return e
	}
	p.defineTag("enum", e.Name)
	e.Lbrace = p.tok.Pos
	p.next()
	e.Enumerators = []*ast.Enumerator{}
	for {
		en := &ast.Enumerator{Name: p.ident()}
		if p.tok.Kind == token.ASSIGN {
			p.next()
			en.Value = p.condExpr()
		}
		en.After = p.tok.Pos
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
	_, base := p.specifiers(specQual)
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
			f := p.params("function")
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
	case p.startsType() || p.tok.Kind == token.ELLIPSIS:
		a.Keys = p.paramList(token.RBRACK, "array")
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

// params parses a parameter list `(...)`. kind names the prototype in
// DTrace's messages ("function"); provider probes, checked elsewhere, pass
// "".
func (p *parser) params(kind string) *ast.FuncType {
	f := &ast.FuncType{Lparen: p.expect(token.LPAREN)}
	if p.tok.Kind != token.RPAREN {
		f.Params = p.paramList(token.RPAREN, kind)
		if n := len(f.Params); n > 0 && f.Params[n-1].Type == nil {
			f.Params, f.Variadic = f.Params[:n-1], true
		}
	}
	f.Rparen = p.expect(token.RPAREN)
	return f
}

// paramList parses the parameters of a function (up to ')') or the key
// types of an associative array (up to ']'), a `...` among them as a
// Param without a type, and checks them as DTrace checks a prototype as
// soon as it is read: an array's may not be variadic or void, neither may
// have associative-array parameters, and void must be alone and unnamed.
func (p *parser) paramList(end token.Kind, kind string) []*ast.Param {
	var ps []*ast.Param
	var after []token.Pos // the token after each: DTrace's line for it
	for {
		if p.tok.Kind == token.ELLIPSIS {
			ps = append(ps, &ast.Param{})
			p.next()
		} else {
			ps = append(ps, p.param())
		}
		after = append(after, p.tok.Pos)
		if p.tok.Kind != token.COMMA || ps[len(ps)-1].Type == nil {
			break
		}
		p.next()
	}
	if kind == "" {
		return ps
	}
	voids := 0
	for i, par := range ps {
		name := "(anonymous)"
		if par.Name != nil {
			name = par.Name.Name
		}
		switch {
		case par.Type == nil:
			if kind == "array" {
				p.failf(after[i], diag.D_DECL_PROTO_VARARGS, "%s prototype may not use a variable-length argument list", kind)
			}
			continue
		case isAssocType(par.Type):
			p.failf(after[i], diag.D_DECL_PROTO_TYPE, "%s prototype may not use parameter of type dynamic variable: %s, parameter #%d", kind, name, i+1)
		}
		if !isVoidType(par.Type) {
			continue
		}
		voids++
		if kind == "array" {
			p.failf(after[i], diag.D_DECL_PROTO_TYPE, "%s prototype may not use parameter of type void: %s, parameter #%d", kind, name, i+1)
		}
		if par.Name != nil {
			p.failf(after[i], diag.D_DECL_PROTO_NAME, "void parameter may not have a name: %s", name)
		}
	}
	if voids > 0 && len(ps) > 1 {
		p.fail(p.tok.Pos, diag.D_DECL_PROTO_VOID, "void must be sole parameter")
	}
	return ps
}

// isVoidType reports whether t is written as plain void.
func isVoidType(t ast.Type) bool {
	if q, ok := t.(*ast.QualType); ok {
		t = q.Type
	}
	b, ok := t.(*ast.BuiltinType)
	return ok && len(b.Words) == 1 && b.Words[0] == "void"
}

// isAssocType reports whether t declares an associative array, which
// DTrace types as a dynamic variable.
func isAssocType(t ast.Type) bool {
	a, ok := t.(*ast.ArrayType)
	return ok && a.Keys != nil
}

// param parses one parameter: a type with an optional name. Of the
// storage classes only register is appropriate there.
func (p *parser) param() *ast.Param {
	class, base := p.specifiers(specParam)
	name, build := p.declarator(modeEither)
	if class != token.ILLEGAL && class != token.REGISTER {
		p.fail(p.tok.Pos, diag.D_DECL_PARMCLASS, "inappropriate storage class for function or associative array parameter")
	}
	return &ast.Param{Type: build(base), Name: name}
}
