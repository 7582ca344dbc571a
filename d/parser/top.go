package parser

import (
	"strings"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/scanner"
	"github.com/godtrace/godtrace/d/token"
)

// program parses the whole text.
func (p *parser) program() *ast.Program {
	prog := &ast.Program{File: p.file}
	p.nextOuter()
	for p.tok.Kind != token.EOF {
		d := p.topItem()
		// Control lines met inside the item are placed before it, like
		// the ones before its first token: DTrace applies them as it
		// reads them. Those after its end were read with the lookahead
		// and wait for the next item.
		var later []ast.Decl
		for _, pr := range p.pragmas {
			if pr.Pos() < d.End() {
				prog.Decls = append(prog.Decls, pr)
			} else {
				later = append(later, pr)
			}
		}
		prog.Decls = append(prog.Decls, d)
		p.pragmas = later
	}
	prog.Decls = append(prog.Decls, p.pragmas...)
	p.pragmas = nil
	return prog
}

// topItem parses one item of the outer scope.
func (p *parser) topItem() ast.Decl {
	switch p.tok.Kind {
	case token.PSPEC:
		if p.pspecIsType() {
			p.rescan()
			return p.declaration(true)
		}
		return p.clause()
	case token.INLINE:
		return p.inline()
	case token.TRANSLATOR:
		return p.translator()
	case token.PROVIDER:
		return p.provider()
	}
	if isDeclStart(p.tok.Kind) {
		return p.declaration(true)
	}
	p.syntaxError()
	return nil
}

// pspecIsType applies DTrace's rule for an outer-scope word: it begins a
// declaration, not a probe description, when it has none of the
// characters ":-.?!`", is not BEGIN, END or ERROR, and names a type (up to
// a '*' glued to it: "int*x;"). A plain name followed by another name is
// also taken as a type, as no probe description can be followed by one.
func (p *parser) pspecIsType() bool {
	// dtrace -n, -P, -m and -f compile with DTRACE_C_PSPEC, as the pspec
	// option makes everything: there a name is always a description.
	if p.cfg.FromString || p.cfg.PSpec {
		return false
	}
	lit := p.tok.Lit
	if strings.ContainsAny(lit, ":-.?!`$") || lit == "BEGIN" || lit == "END" || lit == "ERROR" {
		return false
	}
	head := lit
	if i := strings.IndexByte(lit, '*'); i > 0 {
		head = lit[:i]
	}
	if strings.ContainsAny(head, "*[]\\") {
		return false
	}
	if p.isType(head) || head != lit && isDeclStart(token.Lookup(head)) {
		return true
	}
	if head != lit {
		return false
	}
	// Look at what follows without consuming it.
	save := p.sc
	p.sc.SetErrorHandler(nil)
	t := p.sc.Scan()
	p.sc = save
	return t.Kind == token.IDENT
}

// rescan scans the lookahead PSPEC again as clause text.
func (p *parser) rescan() {
	p.sc.Seek(p.file.Offset(p.tok.Pos))
	p.next()
}

func isDeclStart(k token.Kind) bool {
	switch k {
	case token.TYPEDEF, token.EXTERN, token.STATIC, token.SELF, token.THIS,
		token.REGISTER, token.AUTO, token.IMPORT:
		return true
	}
	return isTypeKeyword(k)
}

// isTypeKeyword reports whether k begins a type name.
func isTypeKeyword(k token.Kind) bool {
	switch k {
	case token.CONST, token.VOLATILE, token.RESTRICT, token.SIGNED,
		token.UNSIGNED, token.CHARKW, token.SHORT, token.INTKW, token.LONG,
		token.FLOAT, token.DOUBLE, token.VOID, token.STRINGKW,
		token.STRUCT, token.UNION, token.ENUM:
		return true
	}
	return false
}

// clause parses `descriptions [/predicate/] [{ statements }]`.
func (p *parser) clause() *ast.ProbeClause {
	c := &ast.ProbeClause{}
	for {
		c.Descs = append(c.Descs, p.probeDesc(p.tok))
		p.nextOuter()
		if p.tok.Kind != token.COMMA {
			break
		}
		p.nextOuter()
		if p.tok.Kind != token.PSPEC {
			p.syntaxError()
		}
	}
	if p.tok.Kind == token.DIV || p.tok.Kind == token.EPRED {
		p.next()
		c.Pred = p.expr()
		if p.tok.Kind != token.EPRED {
			p.syntaxError()
		}
		p.nextOuter()
	}
	switch {
	case p.tok.Kind == token.LBRACE:
		c.Lbrace = p.tok.Pos
		p.next()
		c.Body = p.stmtList()
		c.Rbrace = p.expectOuter(token.RBRACE)
	case c.Pred != nil:
		p.fail(c.Pred.Pos(), diag.D_SYNTAX, "expected actions { } following probe description and predicate")
	case !p.cfg.FromString:
		// DTrace refuses a bare description in a file, where it can only
		// mean a predicate or body was lost (say, inside a comment).
		p.fail(c.Descs[len(c.Descs)-1].Pos(), diag.D_SYNTAX,
			"expected predicate and/or actions following probe description")
	case p.tok.Kind != token.EOF && p.tok.Kind != token.PSPEC && !isDeclStart(p.tok.Kind) &&
		p.tok.Kind != token.INLINE && p.tok.Kind != token.TRANSLATOR && p.tok.Kind != token.PROVIDER:
		p.syntaxError()
	}
	return c
}

// probeDesc splits a PSPEC token into its fields.
func (p *parser) probeDesc(t scanner.Token) *ast.ProbeDesc {
	d := &ast.ProbeDesc{DescPos: t.Pos, Text: t.Lit}
	text := p.expandDesc(t)
	fields := strings.Split(text, ":")
	if len(fields) > 4 {
		p.failf(t.Pos, diag.D_PDESC_INVAL, "invalid probe description \"%s\": Overspecified probe description", t.Lit)
	}
	last := max(specField[p.cfg.Spec], len(fields)-1)
	var all [4]string
	for i := range fields {
		all[last-len(fields)+1+i] = fields[i]
	}
	d.Provider, d.Module, d.Function, d.Name = all[0], all[1], all[2], all[3]
	return d
}

// specField is the index of the field each Spec names.
var specField = map[Spec]int{SpecProvider: 0, SpecModule: 1, SpecFunction: 2, SpecName: 3}

// expandDesc replaces the macro variables of a probe description:
// pid$target, syscall::$1:entry.
func (p *parser) expandDesc(t scanner.Token) string {
	text := t.Lit
	if !strings.Contains(text, "$") {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] != '$' {
			b.WriteByte(text[i])
			continue
		}
		j := i + 1
		if j < len(text) && isDigit(text[j]) {
			for j < len(text) && isDigit(text[j]) {
				j++
			}
		} else {
			for j < len(text) && isNameChar(text[j]) {
				j++
			}
		}
		name := text[i+1 : j]
		switch {
		case name == "":
			b.WriteByte('$')
			continue
		case isDigits(name):
			n := 0
			for _, c := range name {
				n = min(n*10+int(c-'0'), 1<<30)
			}
			switch {
			case n < len(p.cfg.MacroArgs):
				b.WriteString(p.cfg.MacroArgs[n])
				p.argUsed[n] = true
			case p.cfg.DefaultArgs:
				b.WriteString("0")
			default:
				p.failf(t.Pos, diag.D_PDESC_INVAL, "invalid probe description \"%s\": Undefined macro variable in probe description", t.Lit)
			}
		default:
			v, ok := p.cfg.Macros[name]
			if !ok {
				p.failf(t.Pos, diag.D_PDESC_INVAL, "invalid probe description \"%s\": Undefined macro variable in probe description", t.Lit)
			}
			b.WriteString(v)
		}
		i = j - 1
	}
	return b.String()
}

func isNameChar(c byte) bool {
	return isDigit(c) || c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// inline parses `inline type name = expression;`.
func (p *parser) inline() *ast.InlineDecl {
	d := &ast.InlineDecl{Inline: p.tok.Pos}
	p.next()
	_, d.Base = p.specifiers(specQual)
	name, build := p.declarator(modeNamed)
	d.Var = &ast.Declarator{Name: name, Type: build(d.Base)}
	p.expect(token.ASSIGN)
	d.Value = p.assignExpr()
	d.Semi = p.expectOuter(token.SEMI)
	return d
}

// translator parses `translator Out < In name > { member = expr; ... };`.
func (p *parser) translator() *ast.Translator {
	t := &ast.Translator{TranslatorPos: p.tok.Pos}
	p.next()
	t.Output = p.typeName()
	p.expect(token.LSS)
	t.Input = p.typeName()
	t.Param = p.ident()
	p.expect(token.GTR)
	p.expect(token.LBRACE)
	for p.tok.Kind != token.RBRACE {
		m := &ast.XlateMember{Name: p.ident()}
		p.expect(token.ASSIGN)
		m.Value = p.assignExpr()
		p.expect(token.SEMI)
		t.Members = append(t.Members, m)
	}
	t.Rbrace = p.expect(token.RBRACE)
	t.Semi = p.expectOuter(token.SEMI)
	return t
}

// provider parses `provider name { probe p(args) [: (xargs)]; ... };`.
func (p *parser) provider() *ast.ProviderDef {
	d := &ast.ProviderDef{ProviderPos: p.tok.Pos}
	p.next()
	d.Name = p.ident()
	p.expect(token.LBRACE)
	for p.tok.Kind != token.RBRACE {
		pd := &ast.ProbeDecl{ProbePos: p.expect(token.PROBE)}
		pd.Name = p.ident()
		pd.Native = p.params("")
		if p.tok.Kind == token.COLON {
			p.next()
			pd.Translated = p.params("")
		}
		pd.Semi = p.expect(token.SEMI)
		d.Probes = append(d.Probes, pd)
	}
	d.Rbrace = p.expect(token.RBRACE)
	d.Semi = p.expectOuter(token.SEMI)
	return d
}

// ident consumes a name.
func (p *parser) ident() *ast.Ident {
	if p.tok.Kind != token.IDENT {
		p.syntaxError()
	}
	id := &ast.Ident{NamePos: p.tok.Pos, Name: p.tok.Lit}
	p.next()
	return id
}
