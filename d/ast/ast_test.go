package ast_test

import (
	"testing"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/parser"
	"github.com/godtrace/godtrace/d/token"
)

const program = `#pragma D option quiet
typedef struct s {
	int a : 3;
	char *b[2];
} s_t;
inline int N = 2;
syscall::read:entry, syscall::write:entry
/pid == 1/
{
	@c[probefunc] = count();
	self->t = (s_t *)arg0;
	if (self->t) { trace(self->t->a); } else trace(-N);
}
`

func mustParse(t *testing.T, src string) *ast.Program {
	t.Helper()
	prog, err := parser.ParseFile("t.d", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

func TestFprint(t *testing.T) {
	got := ast.String(mustParse(t, program))
	want := `#pragma D option quiet

typedef struct s {
	int a : 3;
	char *b[2];
} s_t;

inline int N = 2;

syscall::read:entry,
syscall::write:entry
/pid == 1/
{
	@c[probefunc] = count();
	self->t = (s_t *)arg0;
	if (self->t) {
		trace(self->t->a);
	} else trace(-N);
}
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestInspect(t *testing.T) {
	prog := mustParse(t, program)
	counts := map[string]int{}
	ast.Inspect(prog, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			counts["ident:"+n.Name]++
		case *ast.ProbeDesc:
			counts["desc"]++
		case *ast.CallExpr:
			counts["call"]++
		case *ast.ScopedVar:
			counts["self"]++
		}
		return true
	})
	for k, want := range map[string]int{"desc": 2, "call": 3, "self": 3, "ident:pid": 1, "ident:probefunc": 1, "ident:N": 2} {
		if counts[k] != want {
			t.Errorf("%s: %d, want %d (%v)", k, counts[k], want, counts)
		}
	}
	// Returning false skips the children.
	n := 0
	ast.Inspect(prog, func(node ast.Node) bool {
		n++
		_, isClause := node.(*ast.ProbeClause)
		return !isClause
	})
	if n == 0 || n > 30 {
		t.Errorf("visited %d nodes without clause bodies", n)
	}
}

// TestPositions checks that node positions point at their text.
func TestPositions(t *testing.T) {
	prog := mustParse(t, program)
	src := program
	ast.Inspect(prog, func(n ast.Node) bool {
		var text string
		switch n := n.(type) {
		case *ast.Ident:
			text = n.Name
		case *ast.ProbeDesc:
			text = n.Text
		case *ast.IntLit:
			text = n.Raw
		case *ast.CallExpr, *ast.AssignExpr, *ast.CastExpr:
			text = ast.String(n.(ast.Expr))
		default:
			return true
		}
		off := prog.File.Offset(n.Pos())
		end := prog.File.Offset(n.End())
		if got := src[off:end]; got != text {
			t.Errorf("%T at %s: source %q, want %q", n, prog.File.Position(n.Pos()), got, text)
		}
		return true
	})
	pos := prog.File.Position(prog.Decls[3].Pos())
	if pos != (token.Position{Filename: "t.d", Line: 7, Col: 1}) {
		t.Errorf("clause at %v", pos)
	}
}
