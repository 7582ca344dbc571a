package uelf

import (
	"strconv"
	"strings"
)

// Demangle returns the human-readable form of a C++ (Itanium ABI, "_Z")
// or Rust (legacy "_ZN...17h<hash>E" and v0 "_R") symbol name, spelled as
// c++filt and rustc-demangle spell them. Names it does not recognise, or
// uses of the grammar it does not cover, are returned unchanged.
//
// Covered: nested and local names, std:: abbreviations, substitutions,
// templates (with template parameters and integer literals), operators,
// constructors and destructors, CV and reference qualifiers, pointers,
// references, arrays, function pointers, special names (vtable,
// typeinfo, guard variables, thunks) and GCC clone suffixes; Rust legacy
// paths with their $-escapes; Rust v0 paths, impls, generic arguments and
// most types (with fn pointers). Not covered: C++ expressions in
// template arguments (decltype), pack expansions, pointers to members,
// vendor qualifiers; Rust v0 punycode identifiers, dyn types and
// higher-ranked lifetimes.
func Demangle(name string) string {
	switch {
	case strings.HasPrefix(name, "_R"):
		if s, ok := demangleRustV0(name); ok {
			return s
		}
	case strings.HasPrefix(name, "_Z"):
		if s, ok := demangleRustLegacy(name); ok {
			return s
		}
		if s, ok := demangleItanium(name); ok {
			return s
		}
	}
	return name
}

// itanium is the state of one C++ demangling.
type itanium struct {
	s      string
	pos    int
	subs   []string // substitution candidates, formatted
	tmpl   []string // template arguments of the outermost template
	failed bool
}

// maxDemangle bounds the input and the work, so a hostile symbol table
// cannot make demangling slow.
const maxDemangle = 4096

func demangleItanium(name string) (string, bool) {
	if len(name) > maxDemangle {
		return "", false
	}
	// A symbol version ("@GLIBCXX_3.4") is kept as it is.
	name, version, hasVersion := strings.Cut(name, "@")
	if hasVersion {
		version = "@" + version
	}
	main, clone, _ := strings.Cut(name, ".")
	d := &itanium{s: main, pos: 2}
	out := d.encoding(true)
	if d.failed || d.pos != len(d.s) {
		return "", false
	}
	// GCC clones: "foo.constprop.0.isra.1" is
	// "foo() [clone .constprop.0] [clone .isra.1]".
	var groups []string
	if clone != "" {
		for _, c := range strings.Split(clone, ".") {
			switch {
			case c == "":
				return "", false
			case c[0] >= '0' && c[0] <= '9' && len(groups) > 0:
				groups[len(groups)-1] += "." + c
			default:
				groups = append(groups, "."+c)
			}
		}
	}
	for _, g := range groups {
		out += " [clone " + g + "]"
	}
	return out + version, true
}

func (d *itanium) fail() string { d.failed = true; d.pos = len(d.s); return "" }

func (d *itanium) peek() byte {
	if d.pos < len(d.s) {
		return d.s[d.pos]
	}
	return 0
}

func (d *itanium) eat(p string) bool {
	if !d.failed && strings.HasPrefix(d.s[d.pos:], p) {
		d.pos += len(p)
		return true
	}
	return false
}

// encoding: a function (name + parameter types), a data name, or a
// special name. top is false for names nested in local names and
// template arguments.
func (d *itanium) encoding(top bool) string {
	if d.peek() == 'T' || strings.HasPrefix(d.s[d.pos:], "G") {
		return d.special()
	}
	name, isTemplate, cv := d.name()
	if d.failed {
		return ""
	}
	if d.pos == len(d.s) || d.peek() == 'E' || d.peek() == '.' {
		return name
	}
	ret := ""
	if isTemplate {
		ret = d.typ()
		if ret != "" {
			ret += " "
		}
	}
	params := d.params()
	return ret + name + params + cv
}

// closureNumber reads E [<number>] _ after a lambda signature (or the
// [<number>] _ of an unnamed type) and returns the 1-based index.
func (d *itanium) closureNumber() string {
	d.eat("E")
	n := 1
	if d.peek() != '_' {
		n = d.number() + 2
	}
	if !d.eat("_") {
		return d.fail()
	}
	return strconv.Itoa(n)
}

// params reads the parameter types up to the end of the encoding.
func (d *itanium) params() string {
	var ps []string
	for d.pos < len(d.s) && d.peek() != 'E' && !d.failed {
		ps = append(ps, d.typ())
	}
	if len(ps) == 1 && ps[0] == "void" {
		ps = nil
	}
	return "(" + strings.Join(ps, ", ") + ")"
}

func (d *itanium) special() string {
	switch {
	case d.eat("TV"):
		return "vtable for " + d.typ()
	case d.eat("TT"):
		return "VTT for " + d.typ()
	case d.eat("TI"):
		return "typeinfo for " + d.typ()
	case d.eat("TS"):
		return "typeinfo name for " + d.typ()
	case d.eat("GTt"):
		return "transaction clone for " + d.encoding(false)
	case d.eat("GV"):
		n, _, _ := d.name()
		return "guard variable for " + n
	case d.eat("Th"):
		d.eat("n")
		d.number()
		if !d.eat("_") {
			return d.fail()
		}
		return "non-virtual thunk to " + d.encoding(false)
	case d.eat("Tv"):
		d.eat("n")
		d.number()
		if !d.eat("_") {
			return d.fail()
		}
		d.eat("n")
		d.number()
		if !d.eat("_") {
			return d.fail()
		}
		return "virtual thunk to " + d.encoding(false)
	}
	return d.fail()
}

// name returns the formatted name, whether it ends in template arguments
// (so the encoding starts with a return type), and the member function
// qualifiers (" const", " &").
func (d *itanium) name() (string, bool, string) {
	switch {
	case d.peek() == 'N':
		return d.nested()
	case d.peek() == 'Z':
		return d.local()
	}
	var n string
	if d.eat("St") {
		n = "std::" + d.unqualified("")
	} else if d.peek() == 'S' {
		n = d.substitution()
		if d.peek() != 'I' {
			// A substitution alone is not a name here (it must be
			// followed by template arguments), except for std::
			// abbreviations used as a prefix, which nested() handles.
			return d.fail(), false, ""
		}
	} else {
		n = d.unqualified("")
	}
	if d.peek() == 'I' {
		d.subs = append(d.subs, n)
		args := d.templateArgs(true)
		n += templateSep(n) + args
		return n, true, ""
	}
	return n, false, ""
}

func (d *itanium) cvQualifiers() string {
	q := ""
	if d.eat("r") {
		q = " restrict" + q
	}
	if d.eat("V") {
		q = " volatile" + q
	}
	if d.eat("K") {
		q = " const" + q
	}
	return q
}

func (d *itanium) nested() (string, bool, string) {
	d.eat("N")
	cv := d.cvQualifiers()
	if d.eat("R") {
		cv += " &"
	} else if d.eat("O") {
		cv += " &&"
	}
	prefix := ""
	isTemplate, ctor := false, false
	for !d.failed {
		if d.eat("E") {
			break
		}
		if d.pos >= len(d.s) {
			return d.fail(), false, ""
		}
		isTemplate = false
		switch c := d.peek(); {
		case c == 'S' && !strings.HasPrefix(d.s[d.pos:], "St"):
			prefix = d.substitution()
			continue
		case c == 'S':
			d.pos += 2
			prefix = "std"
			continue
		case c == 'T':
			prefix = d.templateParam()
		case c == 'I' && !ctor:
			if prefix == "" {
				return d.fail(), false, ""
			}
			prefix += templateSep(prefix) + d.templateArgs(true)
			isTemplate = true
		default:
			last := d.unqualified(baseName(prefix))
			if prefix != "" {
				prefix += "::" + last
			} else {
				prefix = last
			}
			// Constructors and destructors have no return type, even
			// when they are templates.
			ctor = c == 'C' || c == 'D'
		case c == 'I' && ctor:
			prefix += d.templateArgs(true)
		}
		if d.peek() != 'E' {
			d.subs = append(d.subs, prefix)
		}
	}
	if d.failed {
		return "", false, ""
	}
	return prefix, isTemplate, cv
}

// local: Z <function encoding> E <entity> [<discriminator>], or ...E s
// for a string literal.
func (d *itanium) local() (string, bool, string) {
	d.eat("Z")
	fn := d.encoding(false)
	if !d.eat("E") {
		return d.fail(), false, ""
	}
	if d.eat("s") {
		d.discriminator()
		return fn + "::string literal", false, ""
	}
	n, tmpl, cv := d.name()
	d.discriminator()
	return fn + "::" + n, tmpl, cv
}

func (d *itanium) discriminator() {
	if d.eat("_") {
		if d.eat("_") {
			d.number()
			d.eat("_")
		} else {
			d.number()
		}
	}
}

// unqualified reads one name component; last is the enclosing class
// component, for constructor and destructor names.
func (d *itanium) unqualified(last string) string {
	c := d.peek()
	var n string
	switch {
	case c >= '0' && c <= '9':
		n = d.sourceName()
	case c == 'C' && d.pos+1 < len(d.s) && strings.IndexByte("12345I", d.s[d.pos+1]) >= 0:
		d.pos += 2
		if d.s[d.pos-1] == 'I' {
			d.pos++
			d.typ()
		}
		n = baseName(last)
	case c == 'D' && d.pos+1 < len(d.s) && strings.IndexByte("0124", d.s[d.pos+1]) >= 0:
		d.pos += 2
		n = "~" + baseName(last)
	case c == 'L':
		d.pos++
		n = d.sourceName()
		d.discriminator()
	case strings.HasPrefix(d.s[d.pos:], "Ul"):
		d.pos += 2
		n = "{lambda" + d.params() + "#" + d.closureNumber() + "}"
	case strings.HasPrefix(d.s[d.pos:], "Ut"):
		d.pos += 2
		n = "{unnamed type#" + d.closureNumber() + "}"
	case c >= 'a' && c <= 'z':
		n = d.operator()
	default:
		return d.fail()
	}
	for d.eat("B") {
		n += "[abi:" + d.sourceName() + "]"
	}
	if n == "" && !d.failed {
		return d.fail()
	}
	return n
}

// templateSep separates a name from its template arguments: a space
// after "operator<" and "operator<<", as c++filt writes it.
func templateSep(name string) string {
	if strings.HasSuffix(name, "<") {
		return " "
	}
	return ""
}

// baseName strips the scope, template arguments and ABI tags from a
// class name, for its constructors: "std::vector<int>" -> "vector".
func baseName(s string) string {
	for strings.HasSuffix(s, "]") {
		i := strings.LastIndex(s, "[abi:")
		if i < 0 {
			break
		}
		s = s[:i]
	}
	depth := 0
	for i := len(s) - 1; i >= 0; i-- {
		switch s[i] {
		case '>':
			depth++
		case '<':
			depth--
		case ':':
			if depth == 0 {
				s = s[i+1:]
				i = -1
			}
		}
	}
	if i := strings.IndexAny(s, "<["); i > 0 {
		s = s[:i]
	}
	return s
}

var operators = map[string]string{
	"nw": "new", "na": "new[]", "dl": "delete", "da": "delete[]", "ps": "+", "ng": "-",
	"ad": "&", "de": "*", "co": "~", "pl": "+", "mi": "-", "ml": "*", "dv": "/", "rm": "%",
	"an": "&", "or": "|", "eo": "^", "aS": "=", "pL": "+=", "mI": "-=", "mL": "*=",
	"dV": "/=", "rM": "%=", "aN": "&=", "oR": "|=", "eO": "^=", "ls": "<<", "rs": ">>",
	"lS": "<<=", "rS": ">>=", "eq": "==", "ne": "!=", "lt": "<", "gt": ">", "le": "<=",
	"ge": ">=", "ss": "<=>", "nt": "!", "aa": "&&", "oo": "||", "pp": "++", "mm": "--",
	"cm": ",", "pm": "->*", "pt": "->", "cl": "()", "ix": "[]", "qu": "?", "aw": "co_await",
}

func (d *itanium) operator() string {
	if d.pos+2 > len(d.s) {
		return d.fail()
	}
	code := d.s[d.pos : d.pos+2]
	d.pos += 2
	switch code {
	case "cv":
		return "operator " + d.typ()
	case "li":
		return "operator\"\" " + d.sourceName()
	}
	op, ok := operators[code]
	if !ok {
		return d.fail()
	}
	if op[0] >= 'a' && op[0] <= 'z' {
		return "operator " + op
	}
	return "operator" + op
}

func (d *itanium) number() int {
	start := d.pos
	for d.pos < len(d.s) && d.s[d.pos] >= '0' && d.s[d.pos] <= '9' {
		d.pos++
	}
	n, err := strconv.Atoi(d.s[start:d.pos])
	if err != nil || n > 1<<20 {
		d.fail()
		return 0
	}
	return n
}

func (d *itanium) sourceName() string {
	n := d.number()
	if d.failed || n == 0 || d.pos+n > len(d.s) {
		return d.fail()
	}
	id := d.s[d.pos : d.pos+n]
	d.pos += n
	if strings.HasPrefix(id, "_GLOBAL__N") {
		return "(anonymous namespace)"
	}
	return id
}

// stdAbbrev spells the std:: abbreviations in full, as c++filt does.
var stdAbbrev = map[byte]string{
	'a': "std::allocator", 'b': "std::basic_string",
	's': "std::basic_string<char, std::char_traits<char>, std::allocator<char> >",
	'i': "std::basic_istream<char, std::char_traits<char> >",
	'o': "std::basic_ostream<char, std::char_traits<char> >",
	'd': "std::basic_iostream<char, std::char_traits<char> >",
}

func (d *itanium) substitution() string {
	d.eat("S")
	c := d.peek()
	if n, ok := stdAbbrev[c]; ok {
		d.pos++
		return n
	}
	idx := 0
	if c != '_' {
		v, ok := base36(d)
		if !ok {
			return d.fail()
		}
		idx = v + 1
	}
	if !d.eat("_") || idx >= len(d.subs) {
		return d.fail()
	}
	return d.subs[idx]
}

func base36(d *itanium) (int, bool) {
	v, n := 0, 0
	for d.pos < len(d.s) {
		c := d.s[d.pos]
		switch {
		case c >= '0' && c <= '9':
			v = v*36 + int(c-'0')
		case c >= 'A' && c <= 'Z':
			v = v*36 + int(c-'A') + 10
		default:
			return v, n > 0
		}
		if v > maxDemangle {
			return 0, false
		}
		d.pos++
		n++
	}
	return v, n > 0
}

func (d *itanium) templateParam() string {
	d.eat("T")
	idx := 0
	if d.peek() != '_' {
		idx = d.number() + 1
	}
	if !d.eat("_") || idx >= len(d.tmpl) {
		return d.fail()
	}
	return d.tmpl[idx]
}

// templateArgs reads I <arg>+ E. The arguments of the outermost template
// are what later T_ parameters refer to.
func (d *itanium) templateArgs(record bool) string {
	d.eat("I")
	var args []string
	for !d.failed && !d.eat("E") {
		if d.pos >= len(d.s) {
			return d.fail()
		}
		args = append(args, d.templateArg())
	}
	if record {
		d.tmpl = args
	}
	s := "<" + strings.Join(args, ", ")
	if strings.HasSuffix(s, ">") {
		s += " "
	}
	return s + ">"
}

func (d *itanium) templateArg() string {
	switch {
	case d.eat("L"):
		return d.literal()
	case d.eat("J"):
		var args []string
		for !d.failed && !d.eat("E") {
			if d.pos >= len(d.s) {
				return d.fail()
			}
			args = append(args, d.templateArg())
		}
		return strings.Join(args, ", ")
	case d.peek() == 'X':
		return d.fail()
	}
	return d.typ()
}

// literal reads the rest of L <type> <value> E, or L _Z <encoding> E.
func (d *itanium) literal() string {
	if d.eat("_Z") {
		e := d.encoding(false)
		if !d.eat("E") {
			return d.fail()
		}
		return e
	}
	t := d.typ()
	neg := d.eat("n")
	start := d.pos
	for d.pos < len(d.s) && d.s[d.pos] != 'E' {
		d.pos++
	}
	v := d.s[start:d.pos]
	if !d.eat("E") {
		return d.fail()
	}
	if neg {
		v = "-" + v
	}
	switch t {
	case "bool":
		if v == "0" {
			return "false"
		}
		return "true"
	case "int":
		return v
	case "unsigned int":
		return v + "u"
	case "long":
		return v + "l"
	case "unsigned long":
		return v + "ul"
	case "long long":
		return v + "ll"
	case "unsigned long long":
		return v + "ull"
	}
	return "(" + t + ")" + v
}

var builtins = map[byte]string{
	'v': "void", 'w': "wchar_t", 'b': "bool", 'c': "char", 'a': "signed char",
	'h': "unsigned char", 's': "short", 't': "unsigned short", 'i': "int",
	'j': "unsigned int", 'l': "long", 'm': "unsigned long", 'x': "long long",
	'y': "unsigned long long", 'n': "__int128", 'o': "unsigned __int128",
	'f': "float", 'd': "double", 'e': "long double", 'g': "__float128", 'z': "...",
}

var dBuiltins = map[byte]string{
	'n': "decltype(nullptr)", 'i': "char32_t", 's': "char16_t", 'u': "char8_t",
	'a': "auto", 'c': "decltype(auto)", 'd': "decimal64", 'e': "decimal128", 'f': "decimal32",
	'h': "half",
}

// typ reads one type. Every type except builtins becomes a substitution
// candidate.
func (d *itanium) typ() string {
	if d.failed || d.pos >= len(d.s) {
		return d.fail()
	}
	c := d.peek()
	if b, ok := builtins[c]; ok {
		d.pos++
		return b
	}
	var t string
	switch c {
	case 'D':
		if d.pos+1 >= len(d.s) {
			return d.fail()
		}
		c2 := d.s[d.pos+1]
		if b, ok := dBuiltins[c2]; ok {
			d.pos += 2
			return b
		}
		// Dp (pack expansions) would need the pack's elements spelled
		// out one by one, as c++filt does; not covered.
		return d.fail()
	case 'K', 'V', 'r':
		q := d.cvQualifiers()
		t = d.typ() + q
	case 'P', 'R', 'O':
		d.pos++
		op := map[byte]string{'P': "*", 'R': "&", 'O': "&&"}[c]
		if d.peek() == 'F' {
			ret, params := d.function()
			d.subs = append(d.subs, ret+" "+params)
			t = ret + " (" + op + ")" + params
		} else {
			t = d.typ()
			if i := strings.LastIndex(t, " ["); i > 0 && strings.HasSuffix(t, "]") {
				// A pointer or reference to an array: "int (&) [3]".
				t = t[:i] + " (" + op + ")" + t[i:]
			} else {
				t += op
			}
		}
	case 'F':
		ret, params := d.function()
		t = ret + " " + params
	case 'A':
		d.pos++
		n := ""
		if d.peek() != '_' {
			n = strconv.Itoa(d.number())
		}
		if !d.eat("_") {
			return d.fail()
		}
		t = d.typ() + " [" + n + "]"
	case 'T':
		t = d.templateParam()
		if d.peek() == 'I' {
			d.subs = append(d.subs, t)
			t += d.templateArgs(false)
		}
	case 'S':
		if strings.HasPrefix(d.s[d.pos:], "St") {
			saved := d.tmpl
			t, _, _ = d.name()
			d.tmpl = saved
			break
		}
		t = d.substitution()
		if d.peek() == 'I' {
			t += d.templateArgs(false)
		} else {
			return t // a substitution is not a new candidate
		}
	case 'N', 'Z', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		saved := d.tmpl
		n, _, _ := d.name()
		d.tmpl = saved
		t = n
	default:
		return d.fail()
	}
	if d.failed {
		return ""
	}
	d.subs = append(d.subs, t)
	return t
}

// function reads F [Y] <return> <params> [<ref>] E and returns the
// return type and the parenthesised parameters.
func (d *itanium) function() (string, string) {
	if !d.eat("F") {
		return d.fail(), ""
	}
	d.eat("Y")
	ret := d.typ()
	var ps []string
	for !d.failed && d.peek() != 'E' {
		if d.pos >= len(d.s) {
			return d.fail(), ""
		}
		ps = append(ps, d.typ())
	}
	if !d.eat("E") {
		return d.fail(), ""
	}
	if len(ps) == 1 && ps[0] == "void" {
		ps = nil
	}
	return ret, "(" + strings.Join(ps, ", ") + ")"
}
