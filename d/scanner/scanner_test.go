package scanner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
)

// scanAll returns the tokens of src as "KIND" or "KIND:lit", and the
// errors as "line:col TAG msg".
func scanAll(src string, outer bool) (toks, errs []string) {
	f := token.NewFile("t.d", len(src))
	var s Scanner
	s.Init(f, []byte(src), func(pos token.Pos, tag diag.Tag, msg string) {
		p := f.Position(pos)
		errs = append(errs, fmt.Sprintf("%d:%d %s %s", p.Line, p.Col, tag, msg))
	})
	for range len(src) + 2 {
		var t Token
		if outer {
			t = s.ScanOuter()
		} else {
			t = s.Scan()
		}
		if t.Kind == token.EOF {
			break
		}
		if t.Lit != "" {
			toks = append(toks, t.Kind.String()+":"+t.Lit)
		} else {
			toks = append(toks, t.Kind.String())
		}
	}
	return toks, errs
}

// scanCase is a source text and the tokens it scans to, as scanAll joins
// them.
type scanCase struct{ src, want string }

// checkScan scans each case's source, in the outer scope (where probe
// descriptions are read) or not, and checks its tokens and that there was
// no error.
func checkScan(t *testing.T, outer bool, cases []scanCase) {
	t.Helper()
	for _, tc := range cases {
		toks, errs := scanAll(tc.src, outer)
		if got := strings.Join(toks, " "); got != tc.want || errs != nil {
			t.Errorf("%q:\n got %s %v\nwant %s", tc.src, got, errs, tc.want)
		}
	}
}

func TestScan(t *testing.T) {
	checkScan(t, false, []scanCase{
		{"a+=b<<=c>>d", "IDENT:a += IDENT:b <<= IDENT:c >> IDENT:d"},
		{"x^^y&&z||!w", "IDENT:x ^^ IDENT:y && IDENT:z || ! IDENT:w"},
		{"self->x this->y", "self -> IDENT:x this -> IDENT:y"},
		{"p->string s.int", "IDENT:p -> IDENT:string IDENT:s . IDENT:int"},
		{"`max_pfn vmlinux`jiffies", "IDENT:`max_pfn IDENT:vmlinux`jiffies"},
		{"@ @a @b_1[k]", "AGG:@ AGG:@a AGG:@b_1 [ IDENT:k ]"},
		{"$1 $$2 $target $$pid", "MACRO:1 MACROSTR:2 MACRO:target MACROSTR:pid"},
		{"0 017 0x1F 10u 10ul 10ULL 10ll", "INT:0 INT:017 INT:0x1F INT:10u INT:10ul INT:10ULL INT:10ll"},
		{`'a' '\n' "s\"t" ""`, `CHAR:'a' CHAR:'\n' STRING:"s\"t" STRING:""`},
		{"a/b/ {", "IDENT:a / IDENT:b / {"},
		{"x / ;", "IDENT:x / ;"},
		{"sizeof stringof offsetof xlate translator provider probe inline", "sizeof stringof offsetof xlate translator provider probe inline"},
		{"f(a, ...)", "IDENT:f ( IDENT:a , ... )"},
		{"a /* c */ b", "IDENT:a IDENT:b"},
		{"a \\\n b", "IDENT:a IDENT:b"},
		{"#pragma D option quiet\nx", "PRAGMA: D option quiet IDENT:x"},
		{"#!/usr/sbin/dtrace -s\nx", "IDENT:x"},
		{"# 3 \"f.d\"\nx", "IDENT:x"},
	})
}

func TestScanOuter(t *testing.T) {
	checkScan(t, true, []scanCase{
		{"syscall::open*:entry", "PSPEC:syscall::open*:entry"},
		{"profile-97,tick-1sec", "PSPEC:profile-97 , PSPEC:tick-1sec"},
		{"pid$target:libc.so.6:malloc:entry", "PSPEC:pid$target:libc.so.6:malloc:entry"},
		{"fbt:vmlinux:do_sys_open*: /x/", "PSPEC:fbt:vmlinux:do_sys_open*: / PSPEC:x /"},
		{"syscall::[rw]ead:entry{", "PSPEC:syscall::[rw]ead:entry {"},
		{"*:::?", "PSPEC:*:::?"},
		{"struct inline BEGIN", "struct inline PSPEC:BEGIN"},
	})
}

func TestScanErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"09", "1:1 D_INT_DIGIT constant 09 contains invalid digit 9"},
		{"0x1ffffffffffffffff", "1:1 D_INT_OFLOW constant 0x1ffffffffffffffff results in integer overflow"},
		{"1.5", "1:1 D_SYNTAX floating-point constants are not permitted"},
		{"x = 1e10", "1:5 D_SYNTAX floating-point constants are not permitted"},
		{"\"abc\nx", "2:1 D_STR_NL newline encountered in string literal"},
		{"'a\n", "2:1 D_CHR_NL newline encountered in character constant"},
		{"''", "1:1 D_CHR_NULL empty character constant"},
		{"'123456789'", "1:1 D_CHR_OFLOW character constant is too long"},
		{"/* a\n", "2:1 D_SYNTAX end-of-file encountered before matching */"},
		{"/* /* */", "1:4 D_SYNTAX /* encountered inside a comment"},
		{"x # y", "1:3 D_SYNTAX syntax error near \"#\""},
		{"\"abc", "1:1 D_SYNTAX syntax error near \"\"\""},
		{"'ab", "1:1 D_SYNTAX syntax error near \"'\""},
		{"$", "1:1 D_SYNTAX syntax error near \"$\""},
		{"#include <x>\n", "1:1 D_PRAGCTL_INVAL invalid control directive: #include"},
		{"#pragma D option", "1:17 D_SYNTAX end-of-file encountered before end of control line"},
	} {
		_, errs := scanAll(tc.src, false)
		if len(errs) == 0 || errs[0] != tc.want {
			t.Errorf("%q: got %v, want %s", tc.src, errs, tc.want)
		}
	}
}

func TestValues(t *testing.T) {
	for _, tc := range []struct {
		lit  string
		want uint64
	}{
		{"0", 0}, {"017", 15}, {"0x1F", 31}, {"10ull", 10}, {"18446744073709551615", 1<<64 - 1},
	} {
		if v, err := ParseInt(tc.lit); err != nil || v != tc.want {
			t.Errorf("ParseInt(%s) = %d, %v", tc.lit, v, err)
		}
	}
	for _, tc := range []struct {
		lit  string
		want uint64
	}{
		{"'a'", 'a'}, {`'\n'`, 10}, {`'\0'`, 0}, {`'\377'`, 255}, {`'\x41'`, 0x41}, {"'ab'", 'a'<<8 | 'b'},
		{`'\?'`, '\\'<<8 | '?'}, {`'\''`, '\\'<<8 | '\''}, {`'\0103'`, 0x0833},
	} {
		if v := CharValue(tc.lit); v != tc.want {
			t.Errorf("CharValue(%s) = %#x, want %#x", tc.lit, v, tc.want)
		}
	}
	// DTrace keeps unknown escapes, \? and \' among them, as written, and
	// reads every hex digit of \x.
	if s, ok := Unescape(`a\tb\\\"\101\x42\q\?\'\x0041`); s != "a\tb\\\"AB\\q\\?\\'A" || ok {
		t.Errorf("Unescape = %q, %v", s, ok)
	}
	w, err := Words(` D  option "a b\"c" x=1 `)
	if err != nil || strings.Join(w, "|") != `D|option|a b"c|x=1` {
		t.Errorf("Words = %q, %v", w, err)
	}
}

func TestLineMarker(t *testing.T) {
	src := "a\n# 10 \"x.d\"\nb\nc\n#line 3\nd\n"
	f := token.NewFile("t.d", len(src))
	var s Scanner
	s.Init(f, []byte(src), nil)
	var got []string
	for t := s.Scan(); t.Kind != token.EOF; t = s.Scan() {
		got = append(got, t.Lit+"@"+f.Position(t.Pos).String())
	}
	want := "a@t.d:1:1 b@x.d:10:1 c@x.d:11:1 d@x.d:3:1"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got  %s\nwant %s", g, want)
	}
}

// FuzzScan checks that scanning never panics and always makes progress.
func FuzzScan(f *testing.F) {
	for _, s := range []string{"BEGIN { x = 1; }", "syscall::open*:entry /pid == $1/ { @[probefunc] = count(); }",
		"#pragma D option quiet\n", "'\\x41' \"\\n\" 0x1fULL 1.5 09 /* */", "# 1 \"x\"\n$$target `a`b"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, src string, outer bool) {
		file := token.NewFile("f.d", len(src))
		var s Scanner
		s.Init(file, []byte(src), func(token.Pos, diag.Tag, string) {})
		for i := 0; ; i++ {
			if i > len(src)+2 {
				t.Fatal("scanner makes no progress")
			}
			var tok Token
			if outer {
				tok = s.ScanOuter()
			} else {
				tok = s.Scan()
			}
			if tok.Kind == token.EOF {
				break
			}
			if p := file.Offset(tok.Pos); p > len(src) {
				t.Fatalf("token at %d beyond %d", p, len(src))
			}
			_ = file.Position(tok.Pos)
		}
	})
}
