package check

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/parser"
	"github.com/godtrace/godtrace/internal/conformance"
)

// FuzzCheck feeds the checker every program the parser accepts: it must
// report errors, never panic.
func FuzzCheck(f *testing.F) {
	for _, dir := range []string{"../../test/unittest/sema", "../../test/unittest/types", filepath.Join(conformance.Dir(f), "recorded")} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.d"))
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	k := newFixtureKernel()
	u := ctype.NewUniverse(nil, ctype.NewC(), ctype.NewD(256), k)
	f.Fuzz(func(t *testing.T, src []byte) {
		prog := parseQuietly(src, u)
		if prog == nil {
			return
		}
		Check(prog, &Config{Types: u})
	})
}

// parseQuietly parses src, treating a parser panic as a rejected input:
// this fuzzer looks for the checker's panics, the parser has its own.
func parseQuietly(src []byte, u *ctype.Universe) (prog *ast.Program) {
	defer func() {
		if recover() != nil {
			prog = nil
		}
	}()
	prog, err := parser.ParseFile("f.d", src, &parser.Config{IsType: IsType(u), DefaultArgs: true, ArgRef: true})
	if err != nil {
		return nil
	}
	return prog
}
