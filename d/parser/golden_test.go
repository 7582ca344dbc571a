package parser

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite the printer's golden files")

// TestPrintGolden prints each syntax test program and compares the text
// with testdata/print/NAME.golden (go test -update rewrites them).
func TestPrintGolden(t *testing.T) {
	files, err := filepath.Glob("../../test/unittest/syntax/tst.*.d")
	if err != nil || len(files) == 0 {
		t.Fatalf("no syntax tests: %v", err)
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		prog, err := ParseFile(filepath.Base(path), src, &Config{Macros: testMacros})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		golden := filepath.Join("testdata", "print", strings.TrimSuffix(filepath.Base(path), ".d")+".golden")
		testutil.Golden(t, golden, []byte(ast.String(prog)), *update)
	}
}
