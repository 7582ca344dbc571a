package cg

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/parser"
)

// dtraceProbes matches the dtrace provider's probes by name, with the
// ids the real table gives them.
type dtraceProbes struct{}

func (dtraceProbes) Match(d *ast.ProbeDesc) ([]Probe, error) {
	for i, n := range []string{"BEGIN", "END", "ERROR"} {
		if d.Name == n {
			return []Probe{{ID: uint32(i + 1), Provider: "dtrace", Name: n}}, nil
		}
	}
	return nil, nil
}

func compile(t *testing.T, src string) (*Program, error) {
	t.Helper()
	return compileTarget(t, src, testTarget)
}

// compileTarget parses, checks and compiles src for target.
func compileTarget(t *testing.T, src string, target Target) (*Program, error) {
	t.Helper()
	return compileWith(t, src, dtraceProbes{}, nil, target)
}

// compileWith parses and checks src, which must be valid D, and compiles
// it with the probes m matches.
func compileWith(t *testing.T, src string, m Matcher, opts Options, target Target) (*Program, error) {
	t.Helper()
	prog, err := parser.ParseFile("test.d", []byte(src), nil)
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	info, err := check.Check(prog, nil)
	if err != nil {
		t.Fatalf("check %s: %v", src, err)
	}
	return Compile(prog, info, m, opts, target)
}

// testTarget is the target the tests compile for, whatever kernel runs
// them: the newest ISA, and user memory writable.
var testTarget = Target{V4: true, FetchAtomics: true}

func TestRecords(t *testing.T) {
	p, err := compile(t, `BEGIN { trace((char)1); printf("%s %d\n", "ab", 2); trace(pid); } END { trace("ab"); }`)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Clauses) != 2 {
		t.Fatalf("%d clauses, want 2", len(p.Clauses))
	}
	s := p.Clauses[0].Stmt
	want := []bpfrt.RecDesc{
		{Action: ActTrace, Offset: 0, Size: 1, Align: 1, Format: -1, Arg: uint64(KindInt)},
		{Action: ActPrintf, Offset: 1, Size: 0, Align: 1, Format: 0, Arg: 2},
		{Action: ActArg, Offset: 1, Size: 257, Align: 1, Format: -1, Arg: uint64(KindString)},
		{Action: ActArg, Offset: 260, Size: 4, Align: 4, Format: -1, Arg: uint64(KindInt)},
		{Action: ActTrace, Offset: 264, Size: 4, Align: 4, Format: -1, Arg: uint64(KindInt)},
	}
	if !slices.Equal(s.Recs, want) {
		t.Errorf("records\n got %+v\nwant %+v", s.Recs, want)
	}
	if s.DataSize != 268 {
		t.Errorf("data size %d, want 268", s.DataSize)
	}
	if got := string(p.Strtab); got != "ab\x00" {
		t.Errorf("string table %q, want %q: constants are shared", got, "ab\x00")
	}
	if len(p.Formats) != 1 || p.Formats[0].Text != "%s %d\n" {
		t.Errorf("formats %+v", p.Formats)
	}
	if got := p.Clauses[1].Probes; len(got) != 1 || got[0].Name != "END" {
		t.Errorf("END clause enables %+v", got)
	}
}

func TestAggregations(t *testing.T) {
	p, err := compile(t, `BEGIN { @c["k", 1] = count(); @q = quantize(3); @l = lquantize(3, 0, 10, 2);
		@e[execname] = count(); @e["twenty-one characters"] = count(); @s[probefunc] = count(); }`)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Aggs) != 5 {
		t.Fatalf("%d aggregations, want 5", len(p.Aggs))
	}
	c, q, l := p.Aggs[0], p.Aggs[1], p.Aggs[2]
	// A string key takes the size of the longest string its assignments
	// can give: a literal's, execname's 16 bytes, strsize otherwise.
	for _, tc := range []struct {
		a    *Agg
		keys []Field
		size int
	}{
		{c, []Field{{Kind: KindString, Offset: 8, Size: 2}, {Kind: KindInt, Offset: 16, Size: 4}}, 8 + 8 + 8},
		{p.Aggs[3], []Field{{Kind: KindString, Offset: 8, Size: 22}}, 8 + 24},
		{p.Aggs[4], []Field{{Kind: KindString, Offset: 8, Size: 257}}, 8 + 264},
	} {
		if !slices.Equal(tc.a.Keys, tc.keys) || tc.a.KeySize != tc.size {
			t.Errorf("@%s keys %+v of %d bytes, want %+v of %d", tc.a.Name, tc.a.Keys, tc.a.KeySize, tc.keys, tc.size)
		}
	}
	if c.ID != 1 || c.Name != "c" || c.Func != agg.Count {
		t.Errorf("@c = %+v", c)
	}
	if got := p.Config.AggKeySize; got != 8+264 {
		t.Errorf("aggregation keys of %d bytes, want the largest, %d", got, 8+264)
	}
	// Aggregations without keys live in the per-CPU array, one element
	// each.
	if q.Slot != 0 || l.Slot != 1 || p.Config.AggVals != 2 {
		t.Errorf("slots %d and %d of %d, want 0 and 1 of 2", q.Slot, l.Slot, p.Config.AggVals)
	}
	if got := p.Config.DynValSize; got != 0 {
		t.Errorf("dynamic variable values of %d bytes in a program without any", got)
	}
	if q.ID != 2 || q.Func != agg.Quantize || len(q.Keys) != 0 {
		t.Errorf("@q = %+v", q)
	}
	if l.Func != agg.LQuantize || l.Params != (agg.Params{Base: 0, Step: 2, Levels: 5}) {
		t.Errorf("@l = %+v", l)
	}
	if got, want := p.Config.AggValSize, 8*agg.QuantizeBuckets; got < want {
		t.Errorf("aggregation values of %d bytes cannot hold quantize's %d", got, want)
	}
}

func TestRefusal(t *testing.T) {
	_, err := compile(t, "BEGIN\n{\n\ttrace(ddi_pathname((void *)0, 0));\n}")
	e, ok := errors.AsType[*Error](err)
	if !ok || e.Pos.Line != 3 || e.Tag != diag.D_FUNC_UNDEF {
		t.Fatalf("got %#v, want an *Error on line 3 tagged D_FUNC_UNDEF", err)
	}
	if got := err.Error(); got != "line 3: unimplemented subroutine: ddi_pathname" {
		t.Errorf("error %q", got)
	}
}

func TestWriteAsm(t *testing.T) {
	p, err := compile(t, `int x; BEGIN { this->y = 1; x = this->y; trace("abc"); exit(0); }`)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := p.WriteAsm(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^Disassembly of clause :::BEGIN, <dt_clause_0>:\nINS  OFF    OPCODE                  INSTRUCTION\n`),
		regexp.MustCompile(`(?m)^0000 00000: bf 6 1 0000 00000000    mov  %r6, %r1$`),
		regexp.MustCompile(`(?m)^\d{4} \d{5}: 63 8 0 0000 00000000    stw  \[%r8\+0\], %r0 +! x$`),
		regexp.MustCompile(`(?m)^\d{4} \d{5}: 63 7 0 \w{4} 00000000    stw  \[%r7\+\d+\], %r0 +! this->y$`),
		regexp.MustCompile(`(?m)^\d{4} \d{5}: 07 0 0 0000 00000000    add  %r0, 0 +! "abc"$`),
		regexp.MustCompile(`(?m)^\d{4} \d{5}: 85 0 1 0000 ffffffff    call dt_output$`),
		regexp.MustCompile(`(?m)^\d{4} \d{5}: 15 0 0 \w{4} 00000000    jeq  %r0, 0, \d+ +! -> \d{4}$`),
	} {
		if !want.MatchString(out) {
			t.Errorf("-S output lacks %v:\n%s", want, out)
		}
	}
	if got := p.Probes(); len(got) != 1 || got[0].ID != 1 {
		t.Errorf("probes %+v, want BEGIN", got)
	}
}

// TestStrSlots checks that string scratch slots are given back after each
// full expression and that an expression needing more than the default
// number gets them.
func TestStrSlots(t *testing.T) {
	if _, err := compile(t, `BEGIN { printf("%s %s %s %s %s", substr("ab", 1), substr("ab", 1), substr("ab", 1), substr("ab", 1), substr("ab", 1)); }`); err != nil {
		t.Fatalf("five substr() in one printf: %v", err)
	}
	deep := `"x"`
	for range 9 {
		deep = `strjoin("a", ` + deep + `)`
	}
	p, err := compile(t, `BEGIN { trace(`+deep+`); }`)
	if err != nil {
		t.Fatalf("nine nested strjoin(): %v", err)
	}
	if p.Config.StrSlots != 9 {
		t.Errorf("%d string scratch slots, want one for each strjoin()", p.Config.StrSlots)
	}
}

// TestRecordStruct checks that trace() of a struct and tracemem() record
// raw bytes of the right sizes.
func TestRecordStruct(t *testing.T) {
	p, err := compile(t, `struct s { int a; char b; }; BEGIN { this->p = (struct s *)alloca(sizeof (struct s)); this->p->a = 1; trace(*this->p); tracemem(this->p, 5); }`)
	if err != nil {
		t.Fatal(err)
	}
	recs := p.Clauses[0].Stmt.Recs
	if len(recs) != 2 || RecKind(recs[0]) != KindBytes || recs[0].Size != 8 || RecKind(recs[1]) != KindBytes || recs[1].Size != 5 {
		t.Errorf("records %+v, want 8 then 5 raw bytes", recs)
	}
}

// TestPrintRecords checks how print() records a pointer to a struct (the
// pointer, then the struct's bytes) and a scalar, with their types.
func TestPrintRecords(t *testing.T) {
	p, err := compile(t, `struct pair { int a; char b; long c; };
BEGIN { this->p = (struct pair *)alloca(sizeof (struct pair)); print(this->p); print(&this->p->a); }`)
	if err != nil {
		t.Fatal(err)
	}
	var got []bpfrt.RecDesc
	for _, r := range p.Clauses[0].Stmt.Recs {
		if r.Action == ActPrint || r.Action == ActArg {
			got = append(got, r)
		}
	}
	if len(got) != 6 {
		t.Fatalf("print records %+v; want 6", got)
	}
	if got[0].Arg != 2 || got[1].Size != 8 || RecKind(got[2]) != KindBytes || got[2].Size != 16 {
		t.Errorf("print(struct pointer) records %+v", got[:3])
	}
	if got[3].Arg != 2 || got[4].Size != 8 || RecKind(got[5]) != KindBytes || got[5].Size != 4 {
		t.Errorf("print(int pointer) records %+v", got[3:])
	}
	if len(p.Types) != 2 || p.Types[got[0].Format].String() != "struct pair *" || p.Types[got[3].Format].String() != "int *" {
		t.Errorf("print types %v", p.Types)
	}
}

// TestXlateArea checks the translation area's size: a scalar member of
// a translated value takes none of it, an array member copied there its
// size, and a struct used whole its size, once per statement.
func TestXlateArea(t *testing.T) {
	const decl = `struct out { int a; char n[8]; };
translator struct out < int I > { a = I; n = "x"; };
`
	size := func(src string) int {
		t.Helper()
		p, err := compile(t, decl+src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		return p.Config.ThisSize
	}
	base := size(`BEGIN { trace(1); }`)
	for _, tt := range []struct {
		src  string
		area int
	}{
		{`BEGIN { trace(xlate<struct out>(1).a); trace(xlate<struct out *>(2)->a); }`, 0},
		{`BEGIN { trace(xlate<struct out>(1).n); }`, 8},
		{`BEGIN { print(xlate<struct out *>(1)); print(xlate<struct out *>(2)); }`, 16},
		{`BEGIN { trace(xlate<struct out>(1).n[0] + xlate<struct out>(2).n[0]); }`, 16},
	} {
		if got := size(tt.src) - base; got != tt.area {
			t.Errorf("%s: translation area %d, want %d", tt.src, got, tt.area)
		}
	}
}

func TestUserStackRecords(t *testing.T) {
	p, err := compile(t, `BEGIN { ustack(); ustack(3, 100); jstack(); stack(4); usym(ucaller); uaddr(1); umod(2); printf("%A %*d", 3, 4, 5); }
		BEGIN { @s[ustack(5), ufunc(uregs[R_PC])] = count(); @k[stack(2)] = count(); }`)
	if err != nil {
		t.Fatal(err)
	}
	s := p.Clauses[0].Stmt
	want := []struct {
		kind Kind
		size uint32
	}{
		{KindUStack, 8 + 8*100}, {KindUStack, 8 + 8*3}, {KindUStack, 8 + 8*50}, {KindStack, 8 * 4},
		{KindUSym, 16}, {KindUAddr, 16}, {KindUMod, 16},
		{3, 0}, {KindUAddr, 16}, {KindInt, 4}, {KindInt, 4}, // printf(), whose Arg counts 3 arguments
	}
	if len(s.Recs) != len(want) {
		t.Fatalf("%d records, want %d: %+v", len(s.Recs), len(want), s.Recs)
	}
	for i, w := range want {
		if r := s.Recs[i]; RecKind(r) != w.kind || r.Size != w.size {
			t.Errorf("record %d: kind %d size %d, want kind %d size %d", i, RecKind(r), r.Size, w.kind, w.size)
		}
	}
	wantKeys := []Field{{Kind: KindUStack, Offset: 8, Size: 48}, {Kind: KindUSym, Offset: 56, Size: 16}}
	if !slices.Equal(p.Aggs[0].Keys, wantKeys) || p.Aggs[0].KeySize != 72 {
		t.Errorf("@s keys %+v (size %d), want %+v (size 72)", p.Aggs[0].Keys, p.Aggs[0].KeySize, wantKeys)
	}
	if k := p.Aggs[1].Keys; len(k) != 1 || k[0] != (Field{Kind: KindStack, Offset: 8, Size: 16}) {
		t.Errorf("@k keys %+v", k)
	}
	// A stack of other frames than the first assignment's keeps the
	// first's layout, as in DTrace: its frames fill the field, zeros the
	// rest (ustack(3) after ustack(5)), those beyond are dropped.
	p, err = compile(t, `BEGIN { @u[ustack(5)] = count(); @k[stack(2), 1] = count(); } END { @u[ustack(3)] = count(); @u[ustack(9)] = count(); @k[stack(), 2] = count(); }`)
	if err != nil {
		t.Fatal(err)
	}
	if k := p.Aggs[0].Keys; len(k) != 1 || k[0] != (Field{Kind: KindUStack, Offset: 8, Size: 8 + 8*5}) {
		t.Errorf("@u keys %+v, want the layout of ustack(5)", k)
	}
	if k := p.Aggs[1].Keys; len(k) != 2 || k[0] != (Field{Kind: KindStack, Offset: 8, Size: 16}) {
		t.Errorf("@k keys %+v, want the layout of stack(2)", k)
	}
}

// TestPrintfExecnameRecord checks that a printf() argument of execname
// takes the comm's 16 bytes of the record, not strsize's, and another
// string strsize's.
func TestPrintfExecnameRecord(t *testing.T) {
	p, err := compile(t, `BEGIN { printf("%s %d %s\n", execname, pid, probename); }`)
	if err != nil {
		t.Fatal(err)
	}
	recs := p.Clauses[0].Stmt.Recs
	if len(recs) != 4 || recs[1].Size != 16 || RecKind(recs[1]) != KindString || recs[3].Size != 257 || RecKind(recs[3]) != KindString {
		t.Errorf("printf() record fields %+v, want execname's of 16 bytes and probename's of 257", recs)
	}
}
