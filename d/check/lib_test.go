package check

import (
	"io/fs"
	"testing"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/parser"
)

// TestLib checks that the embedded D library parses and checks cleanly
// against the running kernel's types, and gives curpsinfo its type.
func TestLib(t *testing.T) {
	u := kernelTypes(t)
	names, err := fs.Glob(libFiles, "lib/*.d")
	if err != nil || len(names) != len(libOrder) {
		t.Fatalf("library files %v, but libOrder lists %v", names, libOrder)
	}
	for _, name := range libOrder {
		src, err := libFiles.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := parser.ParseFile(name, src, &parser.Config{IsType: IsType(u)}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	c := newChecker(nil, &Config{Types: u})
	c.defs = c.lib
	for _, d := range libDecls() {
		func() {
			defer func() {
				if r := recover(); r != nil {
					b := r.(bailout)
					t.Errorf("library declaration at %d: %s", d.Pos(), b.err.Format(true))
				}
			}()
			c.decl(d)
		}()
	}
	if len(c.info.Translators) != 16 {
		t.Errorf("library defines %d translators, want 16", len(c.info.Translators))
	}
	prog, info, err := checkSrc(t, u, "BEGIN { trace(curpsinfo->pr_ppid); trace(xlate<lwpsinfo_t *>(curthread)->pr_name); }")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	ast.Inspect(prog, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			got = append(got, info.Types[call.Args[0]].Type.String())
		}
		return true
	})
	if len(got) != 2 || got[0] != "pid_t" || got[1] != "char [16]" {
		t.Errorf("traced types = %q, want pid_t and char [16]", got)
	}
}

func TestLibConstants(t *testing.T) {
	u := kernelTypes(t)
	prog, info, err := checkSrc(t, u, "BEGIN { raise(SIGKILL); trace(errno == ENOENT); trace(NULL); "+
		"trace(uregs[R_RAX]); trace(uregs[R_SP]); trace(uregs[R_TRAPNO]); }")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int64{"SIGKILL": 9, "ENOENT": 2, "NULL": 0, "R_RAX": 10, "R_SP": 40, "R_TRAPNO": 25}
	ast.Inspect(prog, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := want[id.Name]; ok {
				if ti := info.Types[id]; ti == nil || !ti.Const || ti.Value != v {
					t.Errorf("%s = %+v, want constant %d", id.Name, ti, v)
				}
				delete(want, id.Name)
			}
		}
		return true
	})
	if len(want) != 0 {
		t.Errorf("not found: %v", want)
	}
}
