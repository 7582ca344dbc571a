package parser

import (
	"strings"
	"testing"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

func parse(t *testing.T, src string, cfg *Config) *ast.Program {
	t.Helper()
	prog, err := ParseFile("t.d", []byte(src), cfg)
	if err != nil {
		t.Fatalf("%q: %v", src, err)
	}
	return prog
}

func parseErr(t *testing.T, src string, cfg *Config) *diag.Error {
	t.Helper()
	_, err := ParseFile("t.d", []byte(src), cfg)
	if err == nil {
		t.Fatalf("%q: no error", src)
	}
	return err.(diag.List)[0]
}

// body returns the first statement's expression of the first clause.
func firstExpr(t *testing.T, prog *ast.Program) ast.Expr {
	t.Helper()
	for _, d := range prog.Decls {
		if c, ok := d.(*ast.ProbeClause); ok {
			return c.Body[0].(*ast.ExprStmt).X
		}
	}
	t.Fatal("no clause")
	return nil
}

func TestPrecedence(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"a + b * c", "(a + (b * c))"},
		{"a * b + c", "((a * b) + c)"},
		{"a - b - c", "((a - b) - c)"},
		{"a || b ^^ c && d", "(a || (b ^^ (c && d)))"},
		{"a | b ^ c & d", "(a | (b ^ (c & d)))"},
		{"a == b < c", "(a == (b < c))"},
		{"a << b + c", "(a << (b + c))"},
		{"a = b = c", "(a = (b = c))"},
		{"a ? b : c ? d : e", "(a ? b : (c ? d : e))"},
		{"-a * b", "((-a) * b)"},
		{"*p++", "(*(p++))"},
		{"!a && b", "((!a) && b)"},
		{"a, b = c", "(a, (b = c))"},
		{"(int)a + b", "(((int)a) + b)"},
		{"sizeof a + b", "((sizeof a) + b)"},
		{"a->b.c[d]", "a->b.c[d]"},
		{"x += y * z", "(x += (y * z))"},
	} {
		x := firstExpr(t, parse(t, "BEGIN { "+tc.src+"; }", nil))
		if got := paren(x); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.src, got, tc.want)
		}
	}
}

// paren prints x with every operator application in parentheses.
func paren(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.BinaryExpr:
		if x.Op == token.COMMA {
			return "(" + paren(x.X) + ", " + paren(x.Y) + ")"
		}
		return "(" + paren(x.X) + " " + x.Op.String() + " " + paren(x.Y) + ")"
	case *ast.AssignExpr:
		return "(" + paren(x.Lhs) + " " + x.Op.String() + " " + paren(x.Rhs) + ")"
	case *ast.CondExpr:
		return "(" + paren(x.Cond) + " ? " + paren(x.X) + " : " + paren(x.Y) + ")"
	case *ast.UnaryExpr:
		return "(" + x.Op.String() + paren(x.X) + ")"
	case *ast.PostfixExpr:
		return "(" + paren(x.X) + x.Op.String() + ")"
	case *ast.CastExpr:
		return "((" + ast.String(x.Type) + ")" + paren(x.X) + ")"
	case *ast.SizeofExpr:
		if x.X != nil {
			return "(sizeof " + paren(x.X) + ")"
		}
	}
	return ast.String(x)
}

func TestProbeDescs(t *testing.T) {
	prog := parse(t, "syscall::open*:entry, profile-97,\nBEGIN, a:b, pid$target:libc.so.6:malloc:entry, fbt:vmlinux:do_sys_open*:\n{}",
		&Config{Macros: map[string]string{"target": "123"}})
	c := prog.Decls[0].(*ast.ProbeClause)
	var got []string
	for _, d := range c.Descs {
		got = append(got, d.String())
	}
	want := "syscall::open*:entry :::profile-97 :::BEGIN ::a:b pid123:libc.so.6:malloc:entry fbt:vmlinux:do_sys_open*:"
	if strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
	if c.Descs[4].Text != "pid$target:libc.so.6:malloc:entry" {
		t.Errorf("Text = %q", c.Descs[4].Text)
	}
}

func TestParseProbeDesc(t *testing.T) {
	for _, tc := range []struct {
		text string
		spec Spec
		want string
	}{
		{"BEGIN", SpecName, ":::BEGIN"},
		{"a:b", SpecName, "::a:b"},
		{"syscall", SpecProvider, "syscall:::"},
		{"vmlinux", SpecModule, ":vmlinux::"},
		{"fbt:vmlinux", SpecModule, "fbt:vmlinux::"},
		{"do_sys_open", SpecFunction, "::do_sys_open:"},
		{"a:b:c:d", SpecProvider, "a:b:c:d"},
		{"pid$1:::", SpecName, "pid42:::"},
	} {
		d, err := ParseProbeDesc(tc.text, tc.spec, &Config{MacroArgs: []string{"x", "42"}})
		if err != nil {
			t.Errorf("%s: %v", tc.text, err)
			continue
		}
		if d.String() != tc.want {
			t.Errorf("%s (spec %d) = %s, want %s", tc.text, tc.spec, d, tc.want)
		}
	}
	if _, err := ParseProbeDesc("a:b:c:d:e", SpecName, nil); err == nil {
		t.Error("five fields accepted")
	}
}

func TestMacroArgs(t *testing.T) {
	cfg := &Config{MacroArgs: []string{"s.d", "17", "word", `"quoted str"`, "-5", "0x10", "a b"},
		Macros: map[string]string{"pid": "99"}}
	prog := parse(t, "BEGIN { x = $1; y = $2; z = $3; w = $4; v = $5; u = $6; s = $$1; r = $pid; q = $$pid; p = $0 }", cfg)
	var got []string
	for _, s := range prog.Decls[0].(*ast.ProbeClause).Body {
		got = append(got, paren(s.(*ast.ExprStmt).X.(*ast.AssignExpr).Rhs))
	}
	want := `17|word|"quoted str"|(-5)|0x10|"a b"|"17"|99|"99"|"s.d"`
	// $4 is the quoted text without its quotes; $0 is the script name,
	// not an identifier or number, so a string.
	if g := strings.Join(got, "|"); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}

	e := parseErr(t, "BEGIN { x = $2; }", &Config{MacroArgs: []string{"s.d"}})
	if e.Tag != diag.D_MACRO_UNDEF || e.Msg != "macro argument $2 is not defined" {
		t.Errorf("undefined: %s %s", e.Tag, e.Msg)
	}
	prog = parse(t, "BEGIN { x = $2; y = $$3; }", &Config{MacroArgs: []string{"s.d"}, DefaultArgs: true})
	if got := ast.String(prog.Decls[0]); !strings.Contains(got, "x = 0;") || !strings.Contains(got, `y = "";`) {
		t.Errorf("defaultargs: %s", got)
	}
	prog = parse(t, "#pragma D option defaultargs\nBEGIN { x = $2; }", &Config{MacroArgs: []string{"s.d"}})
	if len(prog.Decls) != 2 {
		t.Errorf("pragma defaultargs: %d decls", len(prog.Decls))
	}
	e = parseErr(t, "BEGIN { x = $1; }", &Config{MacroArgs: []string{"s.d", "1", "2"}})
	if e.Tag != diag.D_MACRO_UNUSED || e.Msg != "extraneous argument '2' ($2 is not referenced)" {
		t.Errorf("unused: %s %s", e.Tag, e.Msg)
	}
	e = parseErr(t, "BEGIN { x = $1; }", &Config{MacroArgs: []string{"s.d", "99999999999999999999"}})
	if e.Tag != diag.D_MACRO_OFLOW {
		t.Errorf("overflow: %s %s", e.Tag, e.Msg)
	}
}

func TestFromString(t *testing.T) {
	prog := parse(t, "BEGIN", &Config{FromString: true})
	if c := prog.Decls[0].(*ast.ProbeClause); c.Body != nil || c.Lbrace.IsValid() {
		t.Errorf("bare description has a body")
	}
	e := parseErr(t, "BEGIN{x", &Config{FromString: true})
	if got := e.Format(true); got != "[D_SYNTAX] syntax error near end of input" {
		t.Errorf("got %q", got)
	}
}

func TestDepthLimit(t *testing.T) {
	for _, src := range []string{
		"BEGIN { x = " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000) + "; }",
		"BEGIN { x = " + strings.Repeat("-", 100000) + "1; }",
		"BEGIN { " + strings.Repeat("if (1) ", 100000) + "x = 1; }",
		"int " + strings.Repeat("*", 100000) + "p;",
		"int " + strings.Repeat("(", 100000) + "p;",
		"BEGIN { x = " + strings.Repeat("a ? b : ", 100000) + "c; }",
	} {
		_, err := ParseFile("t.d", []byte(src), nil)
		if err == nil {
			t.Errorf("%.30s...: no error", src)
			continue
		}
		e := err.(diag.List)[0]
		if e.Tag != diag.D_SYNTAX || !strings.Contains(e.Msg, "nested too deeply") {
			t.Errorf("%.30s...: %s %s", src, e.Tag, e.Msg)
		}
	}
	parse(t, "BEGIN { x = "+strings.Repeat("(", 100)+"1"+strings.Repeat(")", 100)+"; }", nil)
}

func TestPragmaPlacement(t *testing.T) {
	prog := parse(t, "#pragma D option quiet\nBEGIN\n{\n#pragma D option flowindent\n}\n#pragma D option bufsize=1m\nEND {}\n", nil)
	var kinds []string
	for _, d := range prog.Decls {
		switch d := d.(type) {
		case *ast.Pragma:
			kinds = append(kinds, strings.Join(d.Words, " "))
		case *ast.ProbeClause:
			kinds = append(kinds, d.Descs[0].Text)
		}
	}
	want := "D option quiet|D option flowindent|BEGIN|D option bufsize=1m|END"
	if got := strings.Join(kinds, "|"); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestLineMarkers(t *testing.T) {
	e := parseErr(t, "# 10 \"other.d\"\nBEGIN\n{\n\tx = ;\n}\n", nil)
	if e.Pos.Line != 12 || e.Pos.Filename != "other.d" {
		t.Errorf("got %v", e.Pos)
	}
	e = parseErr(t, "#line 5\nBEGIN { x = ; }\n", nil)
	if e.Pos.Line != 5 {
		t.Errorf("#line: got %v", e.Pos)
	}
}

func TestTypesAndCasts(t *testing.T) {
	cfg := &Config{IsType: func(n string) bool { return n == "u64" }}
	for _, tc := range []struct{ src, want string }{
		{"(u64)-x", "((u64)(-x))"},
		{"(unknown_t)x", "((unknown_t)x)"},
		{"(unknown_t *)x", "((unknown_t *)x)"},
		{"(a) - b", "((a) - b)"},
		{"(a * b)", "(a * b)"},
		{"(struct task_struct *)arg0", "((struct task_struct *)arg0)"},
		{"(vmlinux`task_struct *)arg0", "((vmlinux`task_struct *)arg0)"},
		{"(int (*)(int))p", "((int (*)(int))p)"},
		{"(char **)p", "((char **)p)"},
		{"sizeof (u64)", "sizeof (u64)"},
		{"`max_pfn + 1", "(`max_pfn + 1)"},
		{"(my_t)x", "((my_t)x)"},
		{"(my_t)-x", "((my_t)(-x))"},
	} {
		x := firstExpr(t, parse(t, "typedef int my_t;\nBEGIN { "+tc.src+"; }", cfg))
		if got := paren(x); got != tc.want && "("+got+")" != tc.want {
			t.Errorf("%s: got %s, want %s", tc.src, got, tc.want)
		}
	}
}

func TestDeclarators(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"int *a[3];", "int *a[3];"},
		{"int (*a)[3];", "int (*a)[3];"},
		{"int (*f)(int, char *);", "int (*f)(int, char *);"},
		{"char *const p;", "char *const p;"},
		{"const volatile int x;", "const volatile int x;"},
		{"int a[string, int];", "int a[string, int];"},
		{"typedef int (*fp)(void);", "typedef int (*fp)(void);"},
		{"int (*g(int))(char);", "int (*g(int))(char);"},
		{"int x, *y, z[2][3];", "int x, *y, z[2][3];"},
		{"struct s { int a : 3; int : 2; };", "struct s {\n\tint a : 3;\n\tint : 2;\n};"},
		{"enum e { A, B = 2 } v;", "enum e {\n\tA,\n\tB = 2\n} v;"},
		{"provider p { probe a(int, ...); };", "provider p {\n\tprobe a(int, ...);\n};"},
	} {
		prog := parse(t, tc.src, nil)
		if got := strings.TrimSpace(ast.String(prog)); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.src, got, tc.want)
		}
	}
}

func TestOuterScope(t *testing.T) {
	// A known type begins a declaration; "int*x" is split at the star.
	prog := parse(t, "int*x;\nuint64_t y;\nfoo_t z;\nBEGIN {}\nEND\n{}", nil)
	var kinds []string
	for _, d := range prog.Decls {
		switch d.(type) {
		case *ast.Declaration:
			kinds = append(kinds, "decl")
		case *ast.ProbeClause:
			kinds = append(kinds, "clause")
		}
	}
	if got := strings.Join(kinds, " "); got != "decl decl decl clause clause" {
		t.Errorf("got %s", got)
	}
	// The same names with probe-description characters are descriptions.
	prog = parse(t, "int*:::entry {}", nil)
	if d := prog.Decls[0].(*ast.ProbeClause).Descs[0]; d.Provider != "int*" {
		t.Errorf("got %s", d)
	}
}

func TestParseExprAndType(t *testing.T) {
	x, err := ParseExpr("curthread->pid + (uint64_t)1 * 2", nil)
	if err != nil || paren(x) != "(curthread->pid + (((uint64_t)1) * 2))" {
		t.Errorf("ParseExpr: %v %v", paren(x), err)
	}
	if _, err := ParseExpr("1 +", nil); err == nil {
		t.Error("ParseExpr accepted 1 +")
	}
	for _, s := range []string{"struct task_struct *", "int [4]", "char *(*)(int)", "unsigned long long", "vmlinux`pid_t"} {
		typ, err := ParseType(s, nil)
		if err != nil {
			t.Errorf("ParseType(%q): %v", s, err)
			continue
		}
		if got := ast.String(typ); strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(s, " ", "") {
			t.Errorf("ParseType(%q) prints %q", s, got)
		}
	}
	if _, err := ParseType("int x", nil); err == nil {
		t.Error("ParseType accepted a name")
	}
}

func TestParseProbeDescError(t *testing.T) {
	_, err := ParseProbeDesc("a:b:c:d:e", SpecName, nil)
	if err == nil {
		t.Fatal("no error")
	}
	want := `[D_PDESC_INVAL] invalid probe description "a:b:c:d:e": Overspecified probe description`
	if got := err.(diag.List)[0].Format(true); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
