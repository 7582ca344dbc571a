package uelf

import (
	"strconv"
	"strings"
)

// demangleRustLegacy handles "_ZN" <len><ident>... "17h" <16 hex> "E":
// Itanium nested-name syntax with Rust's $-escapes, ending in a hash.
func demangleRustLegacy(name string) (string, bool) {
	s, ok := strings.CutPrefix(name, "_ZN")
	if !ok || len(s) > maxDemangle {
		return "", false
	}
	var parts []string
	for s != "" && s[0] != 'E' {
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(s[:i])
		if err != nil || n == 0 || i+n > len(s) {
			return "", false
		}
		parts = append(parts, s[i:i+n])
		s = s[i+n:]
	}
	if s != "E" && !strings.HasPrefix(s, "E.") || len(parts) < 2 {
		return "", false
	}
	hash := parts[len(parts)-1]
	if len(hash) != 17 || hash[0] != 'h' || strings.Trim(hash[1:], "0123456789abcdef") != "" {
		return "", false
	}
	out := make([]string, 0, len(parts))
	for _, p := range parts {
		u, ok := rustUnescape(p)
		if !ok {
			return "", false
		}
		out = append(out, u)
	}
	return strings.Join(out, "::"), true
}

var rustEscapes = map[string]string{
	"SP": "@", "BP": "*", "RF": "&", "LT": "<", "GT": ">", "LP": "(", "RP": ")", "C": ",",
}

func rustUnescape(p string) (string, bool) {
	if strings.HasPrefix(p, "_$") {
		p = p[1:]
	}
	var b strings.Builder
	for p != "" {
		switch {
		case p[0] == '$':
			end := strings.IndexByte(p[1:], '$')
			if end < 0 {
				return "", false
			}
			code := p[1 : end+1]
			p = p[end+2:]
			if r, ok := rustEscapes[code]; ok {
				b.WriteString(r)
				continue
			}
			if len(code) < 2 || code[0] != 'u' {
				return "", false
			}
			v, err := strconv.ParseUint(code[1:], 16, 32)
			if err != nil {
				return "", false
			}
			b.WriteRune(rune(v))
		case strings.HasPrefix(p, ".."):
			b.WriteString("::")
			p = p[2:]
		default:
			b.WriteByte(p[0])
			p = p[1:]
		}
	}
	return b.String(), true
}

// rustV0 is the state of one Rust v0 demangling
// (https://doc.rust-lang.org/rustc/symbol-mangling/v0.html).
type rustV0 struct {
	s      string
	pos    int
	depth  int
	out    int // bytes produced, bounded by maxDemangle
	failed bool
}

func demangleRustV0(name string) (string, bool) {
	s := name[2:]
	if len(s) > maxDemangle || s == "" || s[0] >= '0' && s[0] <= '9' {
		return "", false // too long, empty, or an encoding version we don't know
	}
	if i := strings.IndexByte(s, '.'); i >= 0 {
		s = s[:i] // vendor suffix
	}
	d := &rustV0{s: s}
	out := d.path(true)
	if d.pos < len(d.s) && d.peek() >= 'A' && d.peek() <= 'Z' {
		d.path(false) // the instantiating crate is not shown
	}
	if d.failed || d.pos != len(d.s) {
		return "", false
	}
	return out, true
}

func (d *rustV0) fail() string { d.failed = true; d.pos = len(d.s); return "" }

func (d *rustV0) peek() byte {
	if d.pos < len(d.s) {
		return d.s[d.pos]
	}
	return 0
}

func (d *rustV0) next() byte {
	if d.pos >= len(d.s) {
		d.fail()
		return 0
	}
	c := d.s[d.pos]
	d.pos++
	return c
}

func (d *rustV0) eat(c byte) bool {
	if d.peek() == c && !d.failed {
		d.pos++
		return true
	}
	return false
}

// emit accounts for output, failing on runaway back-references.
func (d *rustV0) emit(s string) string {
	d.out += len(s)
	if d.out > 4*maxDemangle {
		return d.fail()
	}
	return s
}

// base62 reads a base-62 number: "_" is 0, "<digits>_" is value+1.
func (d *rustV0) base62() uint64 {
	if d.eat('_') {
		return 0
	}
	var v uint64
	for !d.failed {
		c := d.next()
		if c != '_' && v > (1<<64-1-61)/62 {
			return uint64(len(d.fail())) // overflow
		}
		switch {
		case c == '_':
			return v + 1
		case c >= '0' && c <= '9':
			v = v*62 + uint64(c-'0')
		case c >= 'a' && c <= 'z':
			v = v*62 + uint64(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			v = v*62 + uint64(c-'A') + 36
		default:
			d.fail()
		}
	}
	return 0
}

func (d *rustV0) disambiguator() uint64 {
	if d.eat('s') {
		return d.base62() + 1
	}
	return 0
}

func (d *rustV0) ident() (string, uint64) {
	dis := d.disambiguator()
	if d.peek() == 'u' {
		d.fail() // punycode
		return "", 0
	}
	start := d.pos
	// A decimal number has no leading zeros: "0" stands alone.
	if d.peek() == '0' {
		d.pos++
	} else {
		for d.pos < len(d.s) && d.s[d.pos] >= '0' && d.s[d.pos] <= '9' {
			d.pos++
		}
	}
	n, err := strconv.Atoi(d.s[start:d.pos])
	if err != nil {
		d.fail()
		return "", 0
	}
	d.eat('_')
	if d.pos+n > len(d.s) {
		d.fail()
		return "", 0
	}
	id := d.s[d.pos : d.pos+n]
	d.pos += n
	return id, dis
}

// backref runs f at the position a "B" back-reference points to.
func (d *rustV0) backref(f func() string) string {
	at := d.pos - 1
	target := d.base62()
	if d.failed || target >= uint64(at) || d.depth > 64 {
		return d.fail()
	}
	saved := d.pos
	d.pos = int(target)
	d.depth++
	s := f()
	d.depth--
	if !d.failed {
		d.pos = saved
	}
	return s
}

// path prints a path; inValue selects "::<" before generic arguments, as
// in expressions.
func (d *rustV0) path(inValue bool) string {
	if d.failed || d.depth > 64 {
		return d.fail()
	}
	d.depth++
	defer func() { d.depth-- }()
	switch d.next() {
	case 'C':
		// Crate roots show their disambiguator, as c++filt and
		// rustc-demangle do: "core[c1f1a4ba060b9bfa]".
		id, dis := d.ident()
		if dis != 0 {
			return d.emit(id + "[" + strconv.FormatUint(dis, 16) + "]")
		}
		return d.emit(id)
	case 'N':
		ns := d.next()
		prefix := d.path(inValue)
		id, dis := d.ident()
		switch {
		case ns >= 'a' && ns <= 'z':
			if id == "" {
				return prefix
			}
			return prefix + d.emit("::"+id)
		case ns >= 'A' && ns <= 'Z':
			kind := map[byte]string{'C': "closure", 'S': "shim"}[ns]
			if kind == "" {
				kind = string(ns)
			}
			if id != "" {
				kind += ":" + id
			}
			return prefix + d.emit("::{"+kind+"#"+strconv.FormatUint(dis, 10)+"}")
		}
		return d.fail()
	case 'M':
		d.disambiguator()
		d.path(false)
		return d.emit("<") + d.typ() + d.emit(">")
	case 'X':
		d.disambiguator()
		d.path(false)
		t := d.typ()
		return d.emit("<") + t + d.emit(" as ") + d.path(false) + d.emit(">")
	case 'Y':
		t := d.typ()
		return d.emit("<") + t + d.emit(" as ") + d.path(false) + d.emit(">")
	case 'I':
		p := d.path(inValue)
		var args []string
		for !d.failed && !d.eat('E') {
			args = append(args, d.genericArg())
		}
		sep := "<"
		if inValue {
			sep = "::<"
		}
		return p + d.emit(sep+strings.Join(args, ", ")+">")
	case 'B':
		return d.backref(func() string { return d.path(inValue) })
	}
	return d.fail()
}

func (d *rustV0) genericArg() string {
	switch {
	case d.eat('L'):
		if d.base62() != 0 {
			return d.fail() // named lifetimes need binders, not covered
		}
		return d.emit("'_")
	case d.eat('K'):
		return d.constant()
	}
	return d.typ()
}

var rustBasic = map[byte]string{
	'a': "i8", 'b': "bool", 'c': "char", 'd': "f64", 'e': "str", 'f': "f32", 'h': "u8",
	'i': "isize", 'j': "usize", 'l': "i32", 'm': "u32", 'n': "i128", 'o': "u128",
	's': "i16", 't': "u16", 'u': "()", 'v': "...", 'x': "i64", 'y': "u64", 'z': "!", 'p': "_",
}

func (d *rustV0) typ() string {
	if d.failed || d.depth > 64 {
		return d.fail()
	}
	d.depth++
	defer func() { d.depth-- }()
	c := d.peek()
	if b, ok := rustBasic[c]; ok {
		d.pos++
		return d.emit(b)
	}
	switch c {
	case 'R', 'Q':
		d.pos++
		if d.eat('L') && d.base62() != 0 {
			return d.fail()
		}
		pre := "&"
		if c == 'Q' {
			pre = "&mut "
		}
		return d.emit(pre) + d.typ()
	case 'P':
		d.pos++
		return d.emit("*const ") + d.typ()
	case 'O':
		d.pos++
		return d.emit("*mut ") + d.typ()
	case 'A':
		d.pos++
		t := d.typ()
		return d.emit("[") + t + d.emit("; ") + d.constant() + d.emit("]")
	case 'S':
		d.pos++
		return d.emit("[") + d.typ() + d.emit("]")
	case 'T':
		d.pos++
		var ts []string
		for !d.failed && !d.eat('E') {
			ts = append(ts, d.typ())
		}
		if len(ts) == 1 {
			return d.emit("(" + ts[0] + ",)")
		}
		return d.emit("(" + strings.Join(ts, ", ") + ")")
	case 'B':
		d.pos++
		return d.backref(d.typ)
	case 'F':
		d.pos++
		return d.fnSig()
	case 'D':
		return d.fail()
	}
	return d.path(false)
}

// fnSig prints a function pointer type: [U] [K <abi>] {<type>} E <type>.
func (d *rustV0) fnSig() string {
	if d.peek() == 'G' {
		return d.fail() // higher-ranked lifetimes, not covered
	}
	pre := ""
	if d.eat('U') {
		pre = "unsafe "
	}
	if d.eat('K') {
		if d.eat('C') {
			pre += `extern "C" `
		} else {
			id, _ := d.ident()
			pre += `extern "` + strings.ReplaceAll(id, "_", "-") + `" `
		}
	}
	var args []string
	for !d.failed && !d.eat('E') {
		args = append(args, d.typ())
	}
	ret := d.typ()
	s := pre + "fn(" + strings.Join(args, ", ") + ")"
	if ret != "()" {
		s += " -> " + ret
	}
	return d.emit(s)
}

// constant prints a const generic argument: integers, bool, char, or _.
func (d *rustV0) constant() string {
	if d.eat('B') {
		return d.backref(d.constant)
	}
	t := d.next()
	if t == 'p' {
		return d.emit("_")
	}
	neg := d.eat('n')
	start := d.pos
	for d.pos < len(d.s) && d.s[d.pos] != '_' {
		d.pos++
	}
	hex := d.s[start:d.pos]
	if !d.eat('_') {
		return d.fail()
	}
	v := uint64(0)
	if hex != "" {
		var err error
		if v, err = strconv.ParseUint(hex, 16, 64); err != nil {
			return d.fail()
		}
	}
	switch t {
	case 'b':
		if v > 1 || neg {
			return d.fail()
		}
		return d.emit(strconv.FormatBool(v == 1))
	case 'c':
		if neg || v > 0x10ffff {
			return d.fail()
		}
		return d.emit(strconv.QuoteRune(rune(v)))
	case 'a', 'h', 'i', 'j', 'l', 'm', 'n', 'o', 's', 't', 'x', 'y':
		s := strconv.FormatUint(v, 10)
		if neg {
			s = "-" + s
		}
		return d.emit(s + ": " + rustBasic[t])
	}
	return d.fail()
}
