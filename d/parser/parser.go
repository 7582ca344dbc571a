package parser

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/scanner"
	"github.com/godtrace/godtrace/d/token"
)

// ParseFile parses the D program src, named filename in positions. The
// error, when not nil, is a diag.List holding the first error.
func ParseFile(filename string, src []byte, cfg *Config) (prog *ast.Program, err error) {
	p := newParser(filename, src, cfg)
	defer p.recover(&err)
	prog = p.program()
	p.checkArgsUsed()
	return prog, nil
}

// ParseProbeDesc parses one probe description given to -P, -m, -f, -n or
// -l, filling the fields a short description leaves out from spec, and
// expanding macro variables. Like every command-line text, its errors
// have no line number.
func ParseProbeDesc(text string, spec Spec, cfg *Config) (desc *ast.ProbeDesc, err error) {
	c := Config{}
	if cfg != nil {
		c = *cfg
	}
	c.Spec = spec
	c.FromString = true
	p := newParser("", []byte(text), &c)
	defer p.recover(&err)
	desc = p.probeDesc(scanner.Token{Pos: p.file.Pos(0), Kind: token.PSPEC, Lit: text})
	return desc, nil
}

// ParseExpr parses a lone expression, as DTrace compiles expressions
// given to its library: "curthread->pid + 1".
func ParseExpr(text string, cfg *Config) (ast.Expr, error) {
	return parseAlone(text, cfg, (*parser).expr)
}

// ParseType parses a type name, "struct task_struct *" or "int [4]", as
// DTrace's type lookups by string do.
func ParseType(text string, cfg *Config) (ast.Type, error) {
	return parseAlone(text, cfg, (*parser).typeName)
}

// parseAlone parses text as the one construct parse reads, which must
// take all of it.
func parseAlone[T any](text string, cfg *Config, parse func(*parser) T) (x T, err error) {
	p := newParser("", []byte(text), cfg)
	defer p.recover(&err)
	p.next()
	x = parse(p)
	p.expect(token.EOF)
	return x, nil
}

// bailout unwinds the parser at its first error; ParseFile recovers it.
type bailout struct{}

type parser struct {
	file *token.File
	src  []byte
	sc   scanner.Scanner
	cfg  Config

	tok     scanner.Token   // the lookahead token
	queue   []scanner.Token // tokens a macro expanded to, still to come
	err     *diag.Error
	pragmas []ast.Decl // control lines met while scanning, not yet placed
	types   map[string]bool
	tags    map[string]bool // "struct s", "enum e": the ones defined so far
	// macroPos and macroText are where the last macro variable or
	// argument expanded was and how it was written.
	macroPos  token.Pos
	macroText string
	argUsed   []bool
	depth     int

	// parens, brackets and braces count the open ones in clause text.
	parens, brackets, braces int
}

func newParser(filename string, src []byte, cfg *Config) *parser {
	p := &parser{src: src, types: map[string]bool{}, tags: map[string]bool{}}
	if cfg != nil {
		p.cfg = *cfg
	}
	if p.cfg.FileSet != nil {
		p.file = p.cfg.FileSet.AddFile(filename, len(src))
	} else {
		p.file = token.NewFile(filename, len(src))
	}
	p.argUsed = make([]bool, len(p.cfg.MacroArgs))
	p.sc.Init(p.file, src, p.scanError)
	return p
}

func (p *parser) recover(err *error) {
	if r := recover(); r != nil {
		if _, ok := r.(bailout); !ok {
			panic(r)
		}
		*err = diag.List{p.err}
	}
}

func (p *parser) scanError(pos token.Pos, tag diag.Tag, msg string) {
	p.fail(pos, tag, msg)
}

// fail records the first error and stops the parse.
func (p *parser) fail(pos token.Pos, tag diag.Tag, msg string) {
	position := p.file.Position(pos)
	if p.cfg.FromString {
		position = token.Position{Filename: position.Filename}
	}
	p.err = &diag.Error{Pos: position, Tag: tag, Msg: msg}
	panic(bailout{})
}

func (p *parser) failf(pos token.Pos, tag diag.Tag, format string, args ...any) {
	p.fail(pos, tag, fmt.Sprintf(format, args...))
}

// syntaxError reports the lookahead token as DTrace's yacc parser does.
func (p *parser) syntaxError() {
	if p.tok.Kind == token.EOF {
		p.fail(p.tok.Pos, diag.D_SYNTAX, "syntax error near end of input")
	}
	text := p.tok.Text()
	if p.tok.Pos == p.macroPos {
		// DTrace's lexer still holds what the program wrote: "$pid".
		text = p.macroText
	}
	p.failf(p.tok.Pos, diag.D_SYNTAX, "syntax error near \"%s\"", text)
}

// next advances to the next token of clause or declaration text.
func (p *parser) next() { p.advance(false) }

// nextOuter advances to the next token of the outer scope, where probe
// descriptions are tokens.
func (p *parser) nextOuter() { p.advance(true) }

func (p *parser) advance(outer bool) {
	if len(p.queue) > 0 {
		p.tok, p.queue = p.queue[0], p.queue[1:]
		return
	}
	for {
		if outer {
			p.tok = p.sc.ScanOuter()
		} else {
			p.tok = p.sc.Scan()
		}
		if p.tok.Kind != token.PRAGMA {
			break
		}
		p.pragma(p.tok)
	}
	if !outer || p.tok.Kind == token.LBRACE {
		p.balance()
	}
	if p.tok.Kind == token.MACRO || p.tok.Kind == token.MACROSTR {
		p.expandMacro()
	}
}

// balance counts brackets as DTrace's lexer does in clause text (and '{'
// everywhere), where a closing one too many, or a predicate closed inside
// brackets, is an error as soon as it is read.
func (p *parser) balance() {
	switch p.tok.Kind {
	case token.LPAREN:
		p.parens++
	case token.RPAREN:
		if p.parens--; p.parens < 0 {
			p.fail(p.tok.Pos, diag.D_SYNTAX, "extra ) in input stream")
		}
	case token.LBRACK:
		p.brackets++
	case token.RBRACK:
		if p.brackets--; p.brackets < 0 {
			p.fail(p.tok.Pos, diag.D_SYNTAX, "extra ] in input stream")
		}
	case token.LBRACE:
		p.braces++
	case token.RBRACE:
		if p.braces--; p.braces < 0 {
			p.fail(p.tok.Pos, diag.D_SYNTAX, "extra } in input stream")
		}
	case token.EPRED:
		// DTrace's lexer read past the blanks after the '/' to tell it
		// from a division, so its line is already that of what follows.
		pos := p.afterBlanks(p.tok.Pos + 1)
		if p.parens != 0 {
			p.fail(pos, diag.D_SYNTAX, "closing ) expected in predicate before /")
		}
		if p.brackets != 0 {
			p.fail(pos, diag.D_SYNTAX, "closing ] expected in predicate before /")
		}
	}
}

// afterBlanks is the position of the first character from pos on that is
// not blank or a newline (or the end of the text).
func (p *parser) afterBlanks(pos token.Pos) token.Pos {
	off := p.file.Offset(pos)
	for off < len(p.src) && strings.IndexByte(" \t\n\r\f\v", p.src[off]) >= 0 {
		if p.src[off] == '\n' {
			// The scanner has not counted these lines yet.
			p.file.AddLine(off + 1)
		}
		off++
	}
	return p.file.Pos(off)
}

func (p *parser) pragma(t scanner.Token) {
	words, _ := scanner.Words(t.Lit)
	end := p.file.Pos(p.sc.Offset())
	p.pragmas = append(p.pragmas, &ast.Pragma{Hash: t.Pos, Words: words, EndAt: end})
	// #pragma error stops the compilation where it stands.
	if len(words) > 0 && words[0] == "error" || len(words) > 1 && words[0] == "D" && words[1] == "error" {
		i := slices.Index(words, "error")
		p.failf(t.Pos, diag.D_PRAGERR, "#error: %s", strings.Join(words[i+1:], " "))
	}
	if len(words) > 1 && words[0] == "D" {
		p.dpragma(t.Pos, words[1], words[2:])
	}
	// DTrace applies options as it reads them, so the two that change how
	// macro arguments are read, and pspec, take effect for the rest of
	// the text.
	if len(words) == 3 && words[0] == "D" && words[1] == "option" {
		switch words[2] {
		case "defaultargs":
			p.cfg.DefaultArgs = true
		case "argref":
			p.cfg.ArgRef = true
		case "pspec":
			p.cfg.PSpec = true
		}
	}
}

// dpragma checks a "#pragma D name args" line as DTrace does when it reads
// it, before what follows is parsed: its form, and what can be known
// without the program's identifiers and the kernel (the checker does the
// rest). Options are the driver's.
func (p *parser) dpragma(pos token.Pos, name string, args []string) {
	switch name {
	case "attributes":
		if len(args) < 2 {
			p.fail(pos, diag.D_PRAGMA_MALFORM, "malformed #pragma attributes <attributes> <ident>")
		}
		if !validAttributes(args[0]) {
			p.fail(pos, diag.D_PRAGMA_INVAL, "invalid attributes specified by #pragma attributes")
		}
	case "binding":
		if len(args) < 2 {
			p.fail(pos, diag.D_PRAGMA_MALFORM, "malformed #pragma binding \"version\" <ident>")
		}
	case "depends_on":
		if len(args) < 2 {
			p.fail(pos, diag.D_PRAGMA_MALFORM, "malformed #pragma depends_on <class> <name>")
		}
		switch args[0] {
		case "provider", "module", "library":
		default:
			p.failf(pos, diag.D_PRAGMA_INVAL, "invalid class %s specified by #pragma depends_on", args[0])
		}
	case "option", "error", "ident", "line":
	default:
		p.failf(pos, diag.D_PRAGMA_INVAL, "invalid D pragma: %s", name)
	}
}

// validAttributes reports whether s is a stability attribute,
// "name/data/class" or a prefix of it, each part named in any case.
func validAttributes(s string) bool {
	stabilities := []string{"internal", "private", "obsolete", "external", "unstable", "evolving", "stable", "standard"}
	classes := []string{"unknown", "cpu", "platform", "group", "isa", "common"}
	for i, part := range strings.SplitN(s, "/", 3) {
		if part == "" {
			return true
		}
		names := stabilities
		if i == 2 {
			names = classes
		}
		if !slices.Contains(names, strings.ToLower(part)) {
			return false
		}
	}
	return true
}

// expect consumes a token of kind k (advancing in clause mode).
func (p *parser) expect(k token.Kind) token.Pos {
	if p.tok.Kind != k {
		p.syntaxError()
	}
	pos := p.tok.Pos
	p.next()
	return pos
}

// expectOuter consumes the token that ends a top-level item, scanning the
// next in the outer scope.
func (p *parser) expectOuter(k token.Kind) token.Pos {
	if p.tok.Kind != k {
		p.syntaxError()
	}
	pos := p.tok.Pos
	p.nextOuter()
	return pos
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.failf(p.tok.Pos, diag.D_SYNTAX, "program is nested too deeply near \"%s\"", p.tok.Text())
	}
}

func (p *parser) leave() { p.depth-- }

// isType reports whether name is a type name to the parser.
func (p *parser) isType(name string) bool {
	if p.types[name] || standardTypes[name] {
		return true
	}
	return p.cfg.IsType != nil && p.cfg.IsType(name)
}

// ---------------------------------------------------------------------------
// Macro variables

// expandMacro replaces a MACRO or MACROSTR lookahead by the tokens it
// stands for, as DTrace's lexer does: $$N and $$name are strings; $N is an
// integer when its text is one, a name when it is one, and otherwise a
// string; $name is an integer.
func (p *parser) expandMacro() {
	t := p.tok
	p.macroPos, p.macroText = t.Pos, t.Text()
	name := t.Lit
	var v string
	if n, err := strconv.Atoi(name); err == nil || isDigits(name) {
		switch {
		case err == nil && n < len(p.cfg.MacroArgs):
			v = p.cfg.MacroArgs[n]
			p.argUsed[n] = true
		case p.cfg.DefaultArgs:
			v = "0"
			if t.Kind == token.MACROSTR {
				v = ""
			}
		default:
			p.failf(t.Pos, diag.D_MACRO_UNDEF, "macro argument %s is not defined", t.Text())
		}
		if t.Kind == token.MACROSTR {
			p.tok = scanner.Token{Pos: t.Pos, Kind: token.STRING, Lit: quote(v)}
			return
		}
		p.tok = p.macroToken(t, v)
		return
	}
	val, ok := p.cfg.Macros[name]
	if !ok {
		p.failf(t.Pos, diag.D_MACRO_UNDEF, "macro variable %s is not defined", t.Text())
	}
	if t.Kind == token.MACROSTR {
		p.tok = scanner.Token{Pos: t.Pos, Kind: token.STRING, Lit: quote(val)}
		return
	}
	// The driver gives numbers; a negative one (an id_t cast to int, as
	// DTrace does) becomes '-' and its magnitude.
	p.tok = p.macroToken(t, val)
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// macroToken classifies the text of a $N argument.
func (p *parser) macroToken(t scanner.Token, v string) scanner.Token {
	if badIdentOrNumber(v) {
		if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
			v = v[1 : len(v)-1]
		}
		dec, _ := scanner.Unescape(v)
		return scanner.Token{Pos: t.Pos, Kind: token.STRING, Lit: quote(dec)}
	}
	if c := v[0]; c == '-' || c == '+' || isDigit(c) {
		digits := strings.TrimLeft(v, "+-")
		if _, err := scanner.ParseInt(digits); err != nil {
			p.failf(t.Pos, diag.D_MACRO_OFLOW, "macro argument %s constant %s results in integer overflow", t.Text(), digits)
		}
		num := scanner.Token{Pos: t.Pos, Kind: token.INT, Lit: digits}
		if c == '-' || c == '+' {
			op := token.SUB
			if c == '+' {
				op = token.ADD
			}
			p.queue = append(p.queue, num)
			return scanner.Token{Pos: t.Pos, Kind: op}
		}
		return num
	}
	return scanner.Token{Pos: t.Pos, Kind: token.IDENT, Lit: v}
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// badIdentOrNumber reports whether s is neither an integer constant
// (optionally signed) nor an identifier.
func badIdentOrNumber(s string) bool {
	if s == "" {
		return true
	}
	if c := s[0]; c == '-' || c == '+' || isDigit(c) {
		digits := s
		if !isDigit(c) {
			digits = s[1:]
		}
		if digits == "" || !isDigit(digits[0]) {
			return true
		}
		// An integer too large is still an integer; the caller reports
		// the overflow.
		_, err := scanner.ParseInt(digits)
		ne, ok := err.(*strconv.NumError)
		return err != nil && !(ok && ne.Err == strconv.ErrRange)
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c == '`' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && isDigit(c)) {
			return true
		}
	}
	return false
}

// checkArgsUsed refuses macro arguments the program never references,
// unless ArgRef says they are allowed.
func (p *parser) checkArgsUsed() {
	if p.cfg.ArgRef {
		return
	}
	for i := 1; i < len(p.argUsed); i++ {
		if !p.argUsed[i] {
			p.failf(p.file.Pos(len(p.src)), diag.D_MACRO_UNUSED,
				"extraneous argument '%s' ($%d is not referenced)", p.cfg.MacroArgs[i], i)
		}
	}
}

// quote writes s as a D string literal.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString("\\n")
		case c == '\t':
			b.WriteString("\\t")
		case c < ' ' || c >= 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
