package diff

import (
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrintf compares dtrace's printf() with C's printf(3) on random
// conversions: flags (in any order, repeated) × width (none, digits, '*'
// with a negative or positive argument, '?') × precision (none, '.',
// digits, '.*' with a negative or positive argument) × size prefix ×
// conversion, over values of each D integer type (their extremes, -1, 0,
// small and random bits), as constants and as clause-local variables, and
// over strings (empty, short, longer than any width).
//
// DTrace does not hand its format to printf(3) as written: dt_printf.c
// (dt_printf_create, dt_printf_validate, dt_printf_format and the
// pfprint_* functions) rebuilds each conversion. cFormat applies these
// documented differences, each of which is DTrace's intended behaviour:
//
//  1. The size prefix is the argument's, not the format's: "ll" for an
//     8-byte argument and none otherwise; "%hx" and "%lx" only check the
//     argument's type (dt_printf_validate builds pfd_fmt from
//     dt_node_type_size; pfcheck_xshort, pfcheck_xlong, pfcheck_type).
//  2. An argument narrower than 8 bytes is passed as a 32-bit int,
//     sign-extended for the signed conversions (%d %i of a signed type,
//     %hd %ld %lld %c) and zero-extended for the others, so "%x" of
//     (char)-1 is "ff" and "%u" of (short)-2 is "65534" (pfprint_sint,
//     pfprint_uint).
//  3. %d and %i of an unsigned type print as %u (pfcheck_dint).
//  4. A precision of zero, written ("%.0d", "%.d") or from a '.*'
//     argument that is zero or negative, is no precision at all: only
//     prec > 0 is put back into the format (dt_printf_format).
//  5. A negative '*' width left-justifies by its magnitude, as in C
//     (dt_printf_format adds '-' and prints ABS(width)).
//  6. Between the '-' flag and a leading '0', the later one wins: DTrace's
//     parser clears ZPAD on '-' and LEFT on '0' (dt_printf_create), so
//     "%-05d" zero-pads where C would left-justify.
//  7. The flags are put back in a fixed order, #0-+' and space, without
//     repeats (dt_printf_format).
//  8. '?' sets the width to 16, the width of a pointer in LP64
//     (dt_printf_create).
//  9. %p prints as %x, without "0x" (the conversion table maps "p" to
//     "x").
//
// D has no floating-point constants or casts to float, so %e %f %g
// cannot be reached from a D program; format.TestGlibcPrintf compares
// their rendering with glibc's directly.
func TestPrintf(t *testing.T) {
	dtrace := live(t)
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Fatal("gcc is needed to build the oracle (CI has it):", err)
	}
	r, n := seeded(t, 1, 3000)
	cases := make([]pfCase, n)
	for i := range cases {
		cases[i] = genPrintf(r, i)
	}
	got := lines(runD(t, dtrace, printfD(cases)))
	want := lines(runC(t, gcc, printfC(cases)))
	what := make([]string, n)
	for i, c := range cases {
		what[i] = fmt.Sprintf("case %d: %s\n   C: printf(%s, %s)", i, c.d, dquote(c.cfmt), c.cargs)
	}
	compare(t, what, got, want)
}

// dtype is a D integer type with what the model needs of it.
type dtype struct {
	name   string
	size   int
	signed bool
}

var (
	tChar   = dtype{"char", 1, true}
	tUChar  = dtype{"unsigned char", 1, false}
	tShort  = dtype{"short", 2, true}
	tUShort = dtype{"unsigned short", 2, false}
	tInt    = dtype{"int", 4, true}
	tUInt   = dtype{"unsigned int", 4, false}
	tLong   = dtype{"long", 8, true}
	tULong  = dtype{"unsigned long", 8, false}
	tLL     = dtype{"long long", 8, true}
	tULL    = dtype{"unsigned long long", 8, false}
	tI64    = dtype{"int64_t", 8, true}
	tU64    = dtype{"uint64_t", 8, false}
	tI8     = dtype{"int8_t", 1, true}
	tU16    = dtype{"uint16_t", 2, false}
	tI32    = dtype{"int32_t", 4, true}
)

var anyInt = []dtype{tChar, tUChar, tShort, tUShort, tInt, tUInt, tLong, tULong, tLL, tULL, tI64, tU64, tI8, tU16, tI32}

// conversion is a D conversion with the types it accepts and how DTrace
// passes the value on (signed: pfprint_sint; dint: after the type).
type conversion struct {
	name   string
	types  []dtype
	signed bool
	dint   bool
	c      byte // the printf(3) conversion character
}

var intConvs = []conversion{
	{"d", anyInt, false, true, 'd'},
	{"i", anyInt, false, true, 'i'},
	{"u", anyInt, false, false, 'u'},
	{"o", anyInt, false, false, 'o'},
	{"x", anyInt, false, false, 'x'},
	{"X", anyInt, false, false, 'X'},
	{"c", []dtype{tChar, tUChar, tShort, tUShort, tInt, tUInt, tI8, tU16, tI32}, true, false, 'c'},
	{"hd", []dtype{tShort}, true, false, 'd'},
	{"hi", []dtype{tShort}, true, false, 'i'},
	{"ho", []dtype{tUShort}, false, false, 'o'},
	{"hu", []dtype{tUShort}, false, false, 'u'},
	{"hx", []dtype{tShort, tUShort}, false, false, 'x'},
	{"hX", []dtype{tShort, tUShort}, false, false, 'X'},
	{"ld", []dtype{tLong}, true, false, 'd'},
	{"li", []dtype{tLong}, true, false, 'i'},
	{"lo", []dtype{tULong}, false, false, 'o'},
	{"lu", []dtype{tULong}, false, false, 'u'},
	{"lx", []dtype{tLong, tULong}, false, false, 'x'},
	{"lX", []dtype{tLong, tULong}, false, false, 'X'},
	{"lld", []dtype{tLL}, true, false, 'd'},
	{"lli", []dtype{tLL}, true, false, 'i'},
	{"llo", []dtype{tULL}, false, false, 'o'},
	{"llu", []dtype{tULL}, false, false, 'u'},
	{"llx", []dtype{tLL, tULL, tI64, tU64}, false, false, 'x'},
	{"llX", []dtype{tLL, tULL, tI64, tU64}, false, false, 'X'},
	{"p", []dtype{tInt, tUInt, tLong, tULong}, false, false, 'x'},
}

// pfCase is one generated printf() with its C counterpart.
type pfCase struct {
	d     string // the D statements
	cfmt  string // the format C's printf gets
	cargs string // its arguments, as C expressions
}

// spec is a generated conversion: its text in D and what DTrace makes
// of it.
type spec struct {
	text             string
	alt, zero, left  bool
	plus, group, spc bool
	width, prec      int
	dynW, dynP       bool
}

func genSpec(r *rand.Rand) spec {
	var s spec
	var b strings.Builder
	for range r.Intn(4) {
		f := "#0-+' "[r.Intn(6)]
		b.WriteByte(f)
		switch f {
		case '#':
			s.alt = true
		case '0':
			s.zero, s.left = true, false
		case '-':
			s.left, s.zero = true, false
		case '+':
			s.plus = true
		case '\'':
			s.group = true
		case ' ':
			s.spc = true
		}
	}
	switch r.Intn(6) {
	case 0, 1:
	case 2:
		b.WriteByte('*')
		s.dynW = true
		s.width = r.Intn(41) - 20
	case 3:
		b.WriteByte('?')
		s.width = 16
	default:
		s.width = 1 + r.Intn(25)
		fmt.Fprint(&b, s.width)
	}
	switch r.Intn(6) {
	case 0, 1, 2:
	case 3:
		b.WriteByte('.')
		s.dynP = true
		b.WriteByte('*')
		s.prec = r.Intn(25) - 5
	case 4:
		b.WriteByte('.') // no digits: zero
	default:
		s.prec = r.Intn(22)
		fmt.Fprintf(&b, ".%d", s.prec)
	}
	s.text = b.String()
	return s
}

// cFlags is the conversion as dt_printf_format rebuilds it, up to the
// size prefix and conversion character (differences 4 to 8).
func (s spec) cFlags() string {
	var b strings.Builder
	b.WriteByte('%')
	if s.alt {
		b.WriteByte('#')
	}
	if s.zero {
		b.WriteByte('0')
	}
	if s.left || s.width < 0 {
		b.WriteByte('-')
	}
	if s.plus {
		b.WriteByte('+')
	}
	if s.group {
		b.WriteByte('\'')
	}
	if s.spc {
		b.WriteByte(' ')
	}
	if s.width != 0 {
		fmt.Fprint(&b, max(s.width, -s.width))
	}
	if s.prec > 0 {
		fmt.Fprintf(&b, ".%d", s.prec)
	}
	return b.String()
}

// dynArgs are the D arguments of the spec's '*'s.
func (s spec) dynArgs() string {
	var a string
	if s.dynW {
		a += fmt.Sprintf(", %d", s.width)
	}
	if s.dynP {
		a += fmt.Sprintf(", %d", s.prec)
	}
	return a
}

// genValue returns random bits for an integer of the type: its extremes,
// -1, 0, small numbers or anything.
func genValue(r *rand.Rand, t dtype) uint64 {
	bits := uint(8 * t.size)
	mask := ^uint64(0) >> (64 - bits)
	var v uint64
	switch r.Intn(8) {
	case 0:
		v = 0
	case 1:
		v = mask // -1, or the unsigned maximum
	case 2:
		v = 1 << (bits - 1) // the signed minimum
	case 3:
		v = 1<<(bits-1) - 1 // the signed maximum
	case 4, 5:
		v = uint64(r.Intn(200)) - 100
	default:
		v = r.Uint64()
	}
	return v & mask
}

// sext sign-extends the low size bytes of v.
func sext(v uint64, size int) int64 {
	sh := uint(64 - 8*size)
	return int64(v<<sh) >> sh
}

// dConst writes v as a D constant of type t.
func dConst(t dtype, v uint64) string {
	if t.signed && sext(v, t.size) < 0 && sext(v, t.size) > -1000 {
		return fmt.Sprintf("(%s)%d", t.name, sext(v, t.size))
	}
	return fmt.Sprintf("(%s)0x%x", t.name, v)
}

var strValues = []string{"", "a", "hello", "hello, world", "x y z", "%d%s", "\"quoted\"", "back\\slash", "0123456789abcdefghijklmnopqrstuvwxyz"}

func genString(r *rand.Rand) string {
	if r.Intn(2) == 0 {
		return strValues[r.Intn(len(strValues))]
	}
	b := make([]byte, r.Intn(40))
	for i := range b {
		b[i] = byte(' ' + r.Intn(95))
	}
	return string(b)
}

func genPrintf(r *rand.Rand, i int) pfCase {
	s := genSpec(r)
	// Literal text around the conversion, sometimes with a %%.
	pre, post := "[", "]"
	if r.Intn(8) == 0 {
		pre = "[%%"
	}
	if r.Intn(3) == 0 {
		// %s with a string.
		str := genString(r)
		arg := dquote(str)
		d := fmt.Sprintf("printf(\"%s%%%ss%s\\n\"%s, %s);", pre, s.text, post, s.dynArgs(), arg)
		if r.Intn(2) == 0 {
			d = fmt.Sprintf("this->s = %s; ", arg) + strings.Replace(d, ", "+arg+")", ", this->s)", 1)
		}
		return pfCase{d: d, cfmt: pre + s.cFlags() + "s" + post + "\\n", cargs: arg}
	}
	cv := intConvs[r.Intn(len(intConvs))]
	t := cv.types[r.Intn(len(cv.types))]
	v := genValue(r, t)
	if cv.c == 'c' && v&0xff == '\n' {
		v++ // a newline would shift the lines compared
	}
	arg := dConst(t, v)
	if cv.name == "p" && r.Intn(2) == 0 {
		t = tULong
		arg = fmt.Sprintf("(void *)0x%x", v)
	}
	d := fmt.Sprintf("printf(\"%s%%%s%s%s\\n\"%s, %s);", pre, s.text, cv.name, post, s.dynArgs(), arg)
	if r.Intn(2) == 0 {
		// One variable a type: a clause-local variable keeps the type of
		// its first assignment.
		v := "this->v_" + strings.ReplaceAll(t.name, " ", "_")
		if strings.HasPrefix(arg, "(void *)") {
			v = "this->p"
		}
		d = fmt.Sprintf("%s = %s; ", v, arg) + strings.Replace(d, ", "+arg+")", ", "+v+")", 1)
	}
	// Differences 1 to 3: the value as DTrace passes it on.
	signed := cv.signed || cv.dint && t.signed
	conv := cv.c
	if cv.dint && !t.signed {
		conv = 'u'
	}
	var carg, size string
	switch {
	case t.size == 8 && signed:
		carg, size = fmt.Sprintf("(long long)0x%xULL", v), "ll"
	case t.size == 8:
		carg, size = fmt.Sprintf("0x%xULL", v), "ll"
	case signed:
		carg = fmt.Sprintf("(int)%dLL", sext(v, t.size))
	default:
		carg = fmt.Sprintf("%dU", v)
	}
	if conv == 'c' {
		size = ""
	}
	return pfCase{d: d, cfmt: pre + s.cFlags() + size + string(conv) + post + "\\n", cargs: carg}
}

// printfD is the D program of the cases: BEGIN clauses of 50 printf()s,
// so that no one program grows past what the verifier takes, then exit.
func printfD(cases []pfCase) string {
	var b strings.Builder
	for i, c := range cases {
		if i%50 == 0 {
			if i > 0 {
				b.WriteString("}\n")
			}
			b.WriteString("BEGIN\n{\n")
		}
		fmt.Fprintf(&b, "\t%s\n", c.d)
	}
	b.WriteString("}\n\nBEGIN\n{\n\texit(0);\n}\n")
	return b.String()
}

// printfC is the C program printing the same cases.
func printfC(cases []pfCase) string {
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#include <locale.h>\nint main(void)\n{\n\tsetlocale(LC_ALL, \"C\");\n")
	for _, c := range cases {
		fmt.Fprintf(&b, "\tprintf(\"%s\", %s);\n", c.cfmt, c.cargs)
	}
	b.WriteString("\treturn 0;\n}\n")
	return b.String()
}

// runC compiles the C program src with gcc and returns what it prints.
func runC(t *testing.T, gcc, src string) []byte {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "oracle.c")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "oracle")
	// -w: the oracle uses flags C leaves undefined for some conversions
	// ('#' with %d, '0' with %s), as D programs may; glibc ignores them.
	if out, err := exec.Command(gcc, "-w", "-O0", "-o", bin, file).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("oracle: %v", err)
	}
	return out
}
