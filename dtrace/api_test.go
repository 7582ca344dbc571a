package dtrace

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"strconv"
	"testing"
)

// TestNoProcessControl keeps package dtrace a library a Go program can
// embed: it takes no signals and never ends the process, which are the
// command's to do (cmd/dtrace).
func TestNoProcessControl(t *testing.T) {
	pkg, err := build.ImportDir(".", 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	read := 0
	for _, name := range pkg.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		read++
		osName := ""
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			switch path {
			case "os/signal":
				t.Errorf("%s imports os/signal", fset.Position(imp.Pos()))
			case "os":
				osName = "os"
				if imp.Name != nil {
					osName = imp.Name.Name
				}
			}
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Exit" {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); ok && osName != "" && id.Name == osName {
				t.Errorf("%s uses os.Exit", fset.Position(sel.Pos()))
			}
			return true
		})
	}
	if read < 5 {
		t.Fatalf("read %d files of package dtrace, want all of them", read)
	}
}
