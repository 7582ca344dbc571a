package parser

import (
	"os"
	"testing"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
)

// FuzzParse checks that no input crashes the parser, that errors are
// diag.Lists with one tagged, positioned error, and that whatever parses
// prints back to text that parses to the same tree.
func FuzzParse(f *testing.F) {
	for _, dir := range corpusDirs(f) {
		files, _ := globD(dir)
		for _, path := range files {
			if src, err := os.ReadFile(path); err == nil {
				f.Add(src)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		cfg := &Config{MacroArgs: []string{"f.d", "1", "x", "a b"}, Macros: testMacros, ArgRef: true,
			IsType: func(name string) bool { return name == "u64" }}
		prog, err := ParseFile("f.d", src, cfg)
		if err != nil {
			l, ok := err.(diag.List)
			if !ok || len(l) != 1 || l[0].Msg == "" {
				t.Fatalf("bad error %#v", err)
			}
			return
		}
		text := ast.String(prog)
		prog2, err := ParseFile("f.d", []byte(text), cfg)
		if err != nil {
			t.Fatalf("printed program does not parse: %v\n%s", err, text)
		}
		if !sameTree(prog, prog2) {
			t.Fatalf("printed program parses differently:\n%s", text)
		}
		if text2 := ast.String(prog2); text2 != text {
			t.Fatalf("printing is not idempotent:\n%s\n---\n%s", text, text2)
		}
	})
}

// FuzzParseProbeDesc checks descriptions given on the command line.
func FuzzParseProbeDesc(f *testing.F) {
	for _, s := range []string{"BEGIN", "a:b", "syscall::open*:entry", "pid$target:::", "$1:$$2::", "a:b:c:d:e"} {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, text string, spec int) {
		d, err := ParseProbeDesc(text, Spec(uint(spec)%4), &Config{MacroArgs: []string{"f.d", "1"}, Macros: testMacros})
		if err == nil && d.Text != text {
			t.Fatalf("Text = %q, want %q", d.Text, text)
		}
	})
}
