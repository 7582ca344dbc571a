package token

import "strconv"

// Kind is the kind of a lexical token.
type Kind int

// The token kinds of D. Operators are named after their spelling; keywords
// are the D reserved words (C's plus D's own such as self, this, string,
// translator, xlate), all reserved whether or not the grammar uses them.
const (
	ILLEGAL Kind = iota
	EOF

	literalBeg
	IDENT    // main, `max_pfn, vmlinux`task_struct (backquotes scope kernel symbols)
	INT      // 12, 0x1f, 017, 10ull, 'a' is CHAR
	CHAR     // 'a', '\n', 'ab'
	STRING   // "abc"
	AGG      // @name, or @ alone (anonymous aggregation)
	PSPEC    // a probe description: syscall::open*:entry
	PRAGMA   // a control line: #pragma D option quiet (Lit holds the text after "#pragma")
	MACRO    // a macro variable: $1, $target (Lit without the $)
	MACROSTR // a macro variable forced to a string: $$1, $$target (Lit without the $$)
	literalEnd

	operatorBeg
	ADD // +
	SUB // -
	MUL // *
	DIV // /
	MOD // %

	AND  // &
	OR   // |
	XOR  // ^
	SHL  // <<
	SHR  // >>
	BNEG // ~

	LAND // &&
	LOR  // ||
	LXOR // ^^
	NOT  // !

	INC // ++
	DEC // --

	EQL // ==
	NEQ // !=
	LSS // <
	LEQ // <=
	GTR // >
	GEQ // >=

	ASSIGN     // =
	ADD_ASSIGN // +=
	SUB_ASSIGN // -=
	MUL_ASSIGN // *=
	DIV_ASSIGN // /=
	MOD_ASSIGN // %=
	AND_ASSIGN // &=
	OR_ASSIGN  // |=
	XOR_ASSIGN // ^=
	SHL_ASSIGN // <<=
	SHR_ASSIGN // >>=

	QUESTION // ?
	COLON    // :
	ARROW    // ->
	PERIOD   // .
	ELLIPSIS // ...
	COMMA    // ,
	SEMI     // ;
	LPAREN   // (
	RPAREN   // )
	LBRACK   // [
	RBRACK   // ]
	LBRACE   // {
	RBRACE   // }
	EPRED    // the / that closes a predicate
	operatorEnd

	keywordBeg
	AUTO
	BREAK
	CASE
	CHARKW // char
	CONST
	CONTINUE
	COUNTER
	DEFAULT
	DO
	DOUBLE
	ELSE
	ENUM
	EXTERN
	FLOAT
	FOR
	GOTO
	IF
	IMPORT
	INLINE
	INTKW // int
	LONG
	OFFSETOF
	PROBE
	PROVIDER
	REGISTER
	RESTRICT
	RETURN
	SELF
	SHORT
	SIGNED
	SIZEOF
	STATIC
	STRINGKW // string
	STRINGOF
	STRUCT
	SWITCH
	THIS
	TRANSLATOR
	TYPEDEF
	UNION
	UNSIGNED
	VOID
	VOLATILE
	WHILE
	XLATE
	keywordEnd
)

var names = [...]string{
	ILLEGAL:  "ILLEGAL",
	EOF:      "EOF",
	IDENT:    "IDENT",
	INT:      "INT",
	CHAR:     "CHAR",
	STRING:   "STRING",
	AGG:      "AGG",
	PSPEC:    "PSPEC",
	PRAGMA:   "PRAGMA",
	MACRO:    "MACRO",
	MACROSTR: "MACROSTR",

	ADD: "+", SUB: "-", MUL: "*", DIV: "/", MOD: "%",
	AND: "&", OR: "|", XOR: "^", SHL: "<<", SHR: ">>", BNEG: "~",
	LAND: "&&", LOR: "||", LXOR: "^^", NOT: "!",
	INC: "++", DEC: "--",
	EQL: "==", NEQ: "!=", LSS: "<", LEQ: "<=", GTR: ">", GEQ: ">=",
	ASSIGN: "=", ADD_ASSIGN: "+=", SUB_ASSIGN: "-=", MUL_ASSIGN: "*=",
	DIV_ASSIGN: "/=", MOD_ASSIGN: "%=", AND_ASSIGN: "&=", OR_ASSIGN: "|=",
	XOR_ASSIGN: "^=", SHL_ASSIGN: "<<=", SHR_ASSIGN: ">>=",
	QUESTION: "?", COLON: ":", ARROW: "->", PERIOD: ".", ELLIPSIS: "...",
	COMMA: ",", SEMI: ";", LPAREN: "(", RPAREN: ")", LBRACK: "[",
	RBRACK: "]", LBRACE: "{", RBRACE: "}", EPRED: "/",

	AUTO: "auto", BREAK: "break", CASE: "case", CHARKW: "char",
	CONST: "const", CONTINUE: "continue", COUNTER: "counter",
	DEFAULT: "default", DO: "do", DOUBLE: "double", ELSE: "else",
	ENUM: "enum", EXTERN: "extern", FLOAT: "float", FOR: "for",
	GOTO: "goto", IF: "if", IMPORT: "import", INLINE: "inline",
	INTKW: "int", LONG: "long", OFFSETOF: "offsetof", PROBE: "probe",
	PROVIDER: "provider", REGISTER: "register", RESTRICT: "restrict",
	RETURN: "return", SELF: "self", SHORT: "short", SIGNED: "signed",
	SIZEOF: "sizeof", STATIC: "static", STRINGKW: "string",
	STRINGOF: "stringof", STRUCT: "struct", SWITCH: "switch",
	THIS: "this", TRANSLATOR: "translator", TYPEDEF: "typedef",
	UNION: "union", UNSIGNED: "unsigned",
	VOID: "void", VOLATILE: "volatile", WHILE: "while", XLATE: "xlate",
}

// String is the spelling of operators and keywords, and the kind name of
// the others.
func (k Kind) String() string {
	if k >= 0 && int(k) < len(names) && names[k] != "" {
		return names[k]
	}
	return "token(" + strconv.Itoa(int(k)) + ")"
}

// IsLiteral reports whether k is an identifier, constant or other token
// that carries text.
func (k Kind) IsLiteral() bool { return literalBeg < k && k < literalEnd }

// IsOperator reports whether k is an operator or delimiter.
func (k Kind) IsOperator() bool { return operatorBeg < k && k < operatorEnd }

// IsKeyword reports whether k is a reserved word.
func (k Kind) IsKeyword() bool { return keywordBeg < k && k < keywordEnd }

var keywords = func() map[string]Kind {
	m := make(map[string]Kind, keywordEnd-keywordBeg)
	for k := keywordBeg + 1; k < keywordEnd; k++ {
		m[names[k]] = k
	}
	return m
}()

// Lookup returns the keyword kind of ident, or IDENT.
func Lookup(ident string) Kind {
	if k, ok := keywords[ident]; ok {
		return k
	}
	return IDENT
}

// LowestPrec is the precedence of tokens that are not binary operators.
const LowestPrec = 0

// Precedence returns the binary-operator precedence of k, as in C with
// D's logical exclusive or (^^) between || and &&: from 1 for || to 11
// for * / %, or LowestPrec when k is not a binary operator.
func (k Kind) Precedence() int {
	switch k {
	case LOR:
		return 1
	case LXOR:
		return 2
	case LAND:
		return 3
	case OR:
		return 4
	case XOR:
		return 5
	case AND:
		return 6
	case EQL, NEQ:
		return 7
	case LSS, LEQ, GTR, GEQ:
		return 8
	case SHL, SHR:
		return 9
	case ADD, SUB:
		return 10
	case MUL, DIV, MOD:
		return 11
	}
	return LowestPrec
}

// IsAssign reports whether k is = or a compound assignment operator.
func (k Kind) IsAssign() bool { return k >= ASSIGN && k <= SHR_ASSIGN }
