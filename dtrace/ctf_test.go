package dtrace

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/testutil"

	"github.com/godtrace/godtrace/ctf"
	"github.com/godtrace/godtrace/ctf/ctfsrc"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
)

// writeKernelCTF writes a CTF archive whose vmlinux member holds one
// struct, struct ctftest { int a; long b; }, which BTF has not.
func writeKernelCTF(t *testing.T) string {
	t.Helper()
	s := &ctype.Type{Kind: ctype.Struct, Name: "ctftest", Size: 16}
	s.SetMembers([]ctype.Member{{Name: "a", Type: ctype.IntType}, {Name: "b", Type: ctype.LongType, Offset: 64}})
	e := ctfsrc.NewEncoder(&ctf.Dict{CUName: "vmlinux"})
	if _, err := e.Add(s); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "vmlinux.ctfa")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := ctf.WriteArchive(f, []ctf.ArchiveMember{{Name: "vmlinux", Dict: e.Dict()}}, nil); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCTFPath: with -x ctfpath the kernel's types come from that archive,
// module-scoped as vmlinux, instead of BTF.
func TestCTFPath(t *testing.T) {
	testutil.RequireRoot(t)
	h := Open()
	if err := h.Options().Set("ctfpath", writeKernelCTF(t)); err != nil {
		t.Fatal(err)
	}
	p, err := h.CompileString("BEGIN { trace(sizeof (struct vmlinux`ctftest)); trace(offsetof(struct ctftest, b)); }", SpecName, nil)
	if err != nil {
		t.Fatal(err)
	}
	var sizes []int64
	ast.Inspect(p.ast, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.SizeofExpr, *ast.OffsetofExpr:
			sizes = append(sizes, p.info.Types[e.(ast.Expr)].Value)
		}
		return true
	})
	if want := []int64{16, 8}; !slices.Equal(sizes, want) {
		t.Errorf("sizeof, offsetof = %v, want %v", sizes, want)
	}
}

// TestCTFPathMissing: a ctfpath that cannot be read is an error, not a
// silent fall back to BTF.
func TestCTFPathMissing(t *testing.T) {
	h := Open()
	if err := h.Options().Set("ctfpath", filepath.Join(t.TempDir(), "none.ctfa")); err != nil {
		t.Fatal(err)
	}
	_, err := h.CompileString("BEGIN { exit(0); }", SpecName, nil)
	if err == nil || !strings.Contains(err.Error(), "failed to open CTF archive") {
		t.Fatalf("CompileString = %v, want a CTF archive error", err)
	}
}
