package scanner

import (
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// Token is one scanned token. Lit is the text as written for literals,
// identifiers and probe descriptions (strings and characters with their
// quotes), the text after "#pragma" for PRAGMA, the name for MACRO and
// MACROSTR, and empty for operators and keywords.
type Token struct {
	Pos  token.Pos
	Kind token.Kind
	Lit  string
}

// Text is the token as DTrace quotes it in "syntax error near" messages.
func (t Token) Text() string {
	switch {
	case t.Kind == token.EOF:
		return ""
	case t.Kind == token.MACRO:
		return "$" + t.Lit
	case t.Kind == token.MACROSTR:
		return "$$" + t.Lit
	case t.Lit != "":
		return t.Lit
	}
	return t.Kind.String()
}

// ScanOuter scans a token in the outer scope of a program, where a probe
// description is one PSPEC token. Keywords are returned as keywords; the
// parser decides whether a PSPEC that looks like a name is a type.
func (s *Scanner) ScanOuter() Token {
	if pos, lit, ok := s.skip(true); ok {
		return Token{pos, token.PRAGMA, lit}
	}
	if s.eof() || !isPSpecStart(s.src[s.off]) {
		return s.Scan()
	}
	start := s.off
	for s.off < len(s.src) && isPSpec(s.src[s.off]) {
		s.off++
	}
	s.lineStart = false
	s.selector = false
	lit := string(s.src[start:s.off])
	if k := token.Lookup(lit); k != token.IDENT {
		return Token{s.file.Pos(start), k, ""}
	}
	return Token{s.file.Pos(start), token.PSPEC, lit}
}

// Scan scans a token of clause or declaration text.
func (s *Scanner) Scan() Token {
	if pos, lit, ok := s.skip(false); ok {
		return Token{pos, token.PRAGMA, lit}
	}
	selector := s.selector
	s.selector = false
	if s.eof() {
		return Token{s.file.Pos(len(s.src)), token.EOF, ""}
	}
	s.lineStart = false
	start := s.off
	pos := s.file.Pos(start)
	c := s.src[s.off]
	switch {
	case isLetter(c) || c == '`':
		for s.off < len(s.src) && isIdent(s.src[s.off]) {
			s.off++
		}
		lit := string(s.src[start:s.off])
		if !selector {
			if k := token.Lookup(lit); k != token.IDENT {
				return Token{pos, k, ""}
			}
		}
		return Token{pos, token.IDENT, lit}
	case isDigit(c) || c == '.' && isDigit(s.peek(1)):
		return s.number()
	case c == '"':
		return s.string()
	case c == '\'':
		return s.char()
	case c == '$':
		return s.macro()
	case c == '@':
		s.off++
		if s.off < len(s.src) && isLetter(s.src[s.off]) {
			for s.off < len(s.src) && (isLetter(s.src[s.off]) || isDigit(s.src[s.off])) {
				s.off++
			}
		}
		return Token{pos, token.AGG, string(s.src[start:s.off])}
	}
	kind, n := s.operator()
	if kind == token.ILLEGAL {
		s.off++
		s.error(start, diag.D_SYNTAX, "syntax error near \"%c\"", c)
		return Token{pos, token.ILLEGAL, string(c)}
	}
	s.off += n
	switch kind {
	case token.PERIOD, token.ARROW:
		s.selector = true
	case token.DIV:
		kind = s.slash()
	}
	return Token{pos, kind, ""}
}

// slash decides, as DTrace does, whether a '/' divides or closes a
// predicate: it closes one when the next non-blank is the end of input,
// ';', '{' or '/'.
func (s *Scanner) slash() token.Kind {
	for i := s.off; i < len(s.src); i++ {
		switch c := s.src[i]; {
		case c == '\n' || isBlank(c):
		case c == ';' || c == '{' || c == '/':
			return token.EPRED
		default:
			return token.DIV
		}
	}
	return token.EPRED
}

var operators = []struct {
	text string
	kind token.Kind
}{
	{"<<=", token.SHL_ASSIGN}, {">>=", token.SHR_ASSIGN}, {"...", token.ELLIPSIS},
	{"->", token.ARROW}, {"++", token.INC}, {"--", token.DEC},
	{"<<", token.SHL}, {">>", token.SHR}, {"<=", token.LEQ}, {">=", token.GEQ},
	{"==", token.EQL}, {"!=", token.NEQ}, {"&&", token.LAND}, {"||", token.LOR},
	{"^^", token.LXOR}, {"+=", token.ADD_ASSIGN}, {"-=", token.SUB_ASSIGN},
	{"*=", token.MUL_ASSIGN}, {"/=", token.DIV_ASSIGN}, {"%=", token.MOD_ASSIGN},
	{"&=", token.AND_ASSIGN}, {"|=", token.OR_ASSIGN}, {"^=", token.XOR_ASSIGN},
	{"+", token.ADD}, {"-", token.SUB}, {"*", token.MUL}, {"/", token.DIV},
	{"%", token.MOD}, {"&", token.AND}, {"|", token.OR}, {"^", token.XOR},
	{"~", token.BNEG}, {"!", token.NOT}, {"<", token.LSS}, {">", token.GTR},
	{"=", token.ASSIGN}, {"?", token.QUESTION}, {":", token.COLON},
	{".", token.PERIOD}, {",", token.COMMA}, {";", token.SEMI},
	{"(", token.LPAREN}, {")", token.RPAREN}, {"[", token.LBRACK},
	{"]", token.RBRACK}, {"{", token.LBRACE}, {"}", token.RBRACE},
}

// operatorsByByte indexes operators by their first byte, longest first.
var operatorsByByte = func() (t [256][]int) {
	for i, op := range operators {
		t[op.text[0]] = append(t[op.text[0]], i)
	}
	return t
}()

// operator matches the longest operator at the current offset.
func (s *Scanner) operator() (token.Kind, int) {
	rest := s.src[s.off:]
	for _, i := range operatorsByByte[rest[0]] {
		op := operators[i]
		if len(rest) >= len(op.text) && string(rest[:len(op.text)]) == op.text {
			return op.kind, len(op.text)
		}
	}
	return token.ILLEGAL, 0
}

// number scans an integer constant: decimal, octal (leading 0) or hex,
// with u/l/ul/ll/ull suffixes. Floating-point constants are refused as
// DTrace refuses them.
func (s *Scanner) number() Token {
	start := s.off
	pos := s.file.Pos(start)
	hex := s.peek(0) == '0' && (s.peek(1) == 'x' || s.peek(1) == 'X') && isHex(s.peek(2))
	if hex {
		s.off += 2
		for s.off < len(s.src) && isHex(s.src[s.off]) {
			s.off++
		}
	} else {
		for s.off < len(s.src) && isDigit(s.src[s.off]) {
			s.off++
		}
		if fp := s.float(start); fp {
			lit := string(s.src[start:s.off])
			s.error(start, diag.D_SYNTAX, "floating-point constants are not permitted")
			return Token{pos, token.ILLEGAL, lit}
		}
	}
	digits := s.off
	if c := s.peek(0); c == 'u' || c == 'U' {
		s.off++
	}
	for range 2 {
		if c := s.peek(0); c == 'l' || c == 'L' {
			s.off++
		}
	}
	lit := string(s.src[start:s.off])
	if _, err := ParseInt(lit); err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			s.error(start, diag.D_INT_OFLOW, "constant %s results in integer overflow", lit)
		} else {
			bad := s.src[start+1]
			for _, c := range s.src[start+1 : digits] {
				if c > '7' {
					bad = c
					break
				}
			}
			s.error(start, diag.D_INT_DIGIT, "constant %s contains invalid digit %c", lit, bad)
		}
	}
	return Token{pos, token.INT, lit}
}

// float extends a decimal digit run that is in fact a floating-point
// constant ("1.5", ".5", "1e3", "2f"), reporting whether it did.
func (s *Scanner) float(start int) bool {
	i := s.off
	fp := false
	if i < len(s.src) && s.src[i] == '.' {
		i++
		fp = true
		for i < len(s.src) && isDigit(s.src[i]) {
			i++
		}
	}
	if i < len(s.src) && (s.src[i] == 'e' || s.src[i] == 'E') {
		j := i + 1
		if j < len(s.src) && (s.src[j] == '+' || s.src[j] == '-') {
			j++
		}
		if j < len(s.src) && isDigit(s.src[j]) {
			for j < len(s.src) && isDigit(s.src[j]) {
				j++
			}
			i, fp = j, true
		}
	}
	if i < len(s.src) && (s.src[i] == 'f' || s.src[i] == 'F') && i > start {
		i++
		fp = true
	}
	if fp && i < len(s.src) && (s.src[i] == 'l' || s.src[i] == 'L') && s.src[i-1] != 'f' && s.src[i-1] != 'F' {
		i++
	}
	if fp {
		s.off = i
	}
	return fp
}

func isHex(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// ParseInt returns the value of an integer constant as written in D: base
// 0x hex, leading-0 octal or decimal, with an optional u/l suffix.
func ParseInt(lit string) (uint64, error) {
	digits := strings.TrimRight(lit, "uUlL")
	if len(digits) > 1 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X') {
		return strconv.ParseUint(digits[2:], 16, 64)
	}
	if len(digits) > 1 && digits[0] == '0' {
		return strconv.ParseUint(digits[1:], 8, 64)
	}
	return strconv.ParseUint(digits, 10, 64)
}

// string scans a string literal.
func (s *Scanner) string() Token {
	return s.quoted(token.STRING, diag.D_STR_NL, "newline encountered in string literal")
}

// char scans a character constant.
func (s *Scanner) char() Token {
	start := s.off
	t := s.quoted(token.CHAR, diag.D_CHR_NL, "newline encountered in character constant")
	if t.Kind == token.CHAR {
		if len(t.Lit) == 2 {
			s.error(start, diag.D_CHR_NULL, "empty character constant")
		} else if v, _ := Unescape(t.Lit[1 : len(t.Lit)-1]); len(v) > 8 {
			s.error(start, diag.D_CHR_OFLOW, "character constant is too long")
		}
	}
	return t
}

// quoted scans a literal of kind between the quotes it starts with,
// where a backslash escapes the next character but a newline. A newline
// in it is the error nlTag; the end of the input, as an unmatched quote
// in DTrace, a stray quote.
func (s *Scanner) quoted(kind token.Kind, nlTag diag.Tag, nlMsg string) Token {
	start := s.off
	quote := s.src[start]
	s.off++
	for {
		if s.eof() {
			s.off = start + 1
			s.error(start, diag.D_SYNTAX, "syntax error near \"%c\"", quote)
			return Token{s.file.Pos(start), token.ILLEGAL, string(quote)}
		}
		switch s.src[s.off] {
		case quote:
			s.off++
			return Token{s.file.Pos(start), kind, string(s.src[start:s.off])}
		case '\n':
			// DTrace's pattern takes the newline in, so the error is on
			// the next line.
			s.newline(s.off)
			s.error(s.off+1, nlTag, "%s", nlMsg)
			return Token{s.file.Pos(start), token.ILLEGAL, string(s.src[start:s.off])}
		case '\\':
			if s.peek(1) != '\n' {
				s.off++
			}
		}
		s.off++
	}
}

// macro scans $N, $$N, $name and $$name.
func (s *Scanner) macro() Token {
	start := s.off
	kind := token.MACRO
	s.off++
	if s.peek(0) == '$' {
		kind = token.MACROSTR
		s.off++
	}
	nameStart := s.off
	switch c := s.peek(0); {
	case isDigit(c):
		for s.off < len(s.src) && isDigit(s.src[s.off]) {
			s.off++
		}
	case isLetter(c) || c == '`':
		for s.off < len(s.src) && isIdent(s.src[s.off]) {
			s.off++
		}
	default:
		s.off = start + 1
		s.error(start, diag.D_SYNTAX, "syntax error near \"$\"")
		return Token{s.file.Pos(start), token.ILLEGAL, "$"}
	}
	return Token{s.file.Pos(start), kind, string(s.src[nameStart:s.off])}
}

// CharValue is the value of a character constant's text (with quotes):
// its bytes, first byte most significant, as DTrace packs them.
func CharValue(lit string) uint64 {
	if len(lit) < 2 {
		return 0
	}
	v, _ := Unescape(lit[1 : len(lit)-1])
	var n uint64
	for i := 0; i < len(v) && i < 8; i++ {
		n = n<<8 | uint64(v[i])
	}
	return n
}

// Unescape decodes C escapes as DTrace does: \n \t \v \b \r \f \a \\ \",
// octal \ooo and hex \xh... (every hex digit that follows, the value
// cut to a byte); any other escape, \? and \' among them, stays as
// written, backslash and all. It reports whether every escape was known.
func Unescape(s string) (string, bool) {
	if !strings.Contains(s, "\\") {
		return s, true
	}
	ok := true
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b = append(b, c)
			continue
		}
		i++
		switch c = s[i]; c {
		case 'n':
			b = append(b, '\n')
		case 't':
			b = append(b, '\t')
		case 'v':
			b = append(b, '\v')
		case 'b':
			b = append(b, '\b')
		case 'r':
			b = append(b, '\r')
		case 'f':
			b = append(b, '\f')
		case 'a':
			b = append(b, '\a')
		case '\\', '"':
			b = append(b, c)
		case '\n':
			// a backslash-newline continues the string
		case 'x':
			v := 0
			for i+1 < len(s) && isHex(s[i+1]) {
				i++
				v = v*16 + hexVal(s[i])
			}
			b = append(b, byte(v))
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v, n := int(c-'0'), 1
			for n < 3 && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '7' {
				i++
				v = v*8 + int(s[i]-'0')
				n++
			}
			b = append(b, byte(v))
		default:
			b = append(b, '\\', c)
			ok = false
		}
	}
	return string(b), ok
}

func hexVal(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}
