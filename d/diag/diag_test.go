package diag

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	dtoken "github.com/godtrace/godtrace/d/token"
)

// TestTagNames checks that every constant of tags.go is spelt by String in
// the same order, so that the catalogue and its names cannot drift apart.
func TestTagNames(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "tags.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var consts []string
	ast.Inspect(f, func(n ast.Node) bool {
		if v, ok := n.(*ast.ValueSpec); ok {
			for _, id := range v.Names {
				consts = append(consts, id.Name)
			}
		}
		return true
	})
	if len(consts)-1 != int(numTags) {
		t.Fatalf("%d constants, numTags = %d", len(consts), numTags)
	}
	for i, name := range consts[:numTags] {
		if got := Tag(i).String(); got != name {
			t.Errorf("Tag(%d).String() = %q, want %q", i, got, name)
		}
		if tag, ok := LookupTag(name); !ok || tag != Tag(i) {
			t.Errorf("LookupTag(%q) = %v, %v", name, tag, ok)
		}
	}
	if got := Tag(-1).String(); got != "D_TAG(-1)" {
		t.Errorf("Tag(-1) = %q", got)
	}
}

func TestFormat(t *testing.T) {
	e := &Error{Pos: dtoken.Position{Filename: "x.d", Line: 3, Col: 9}, Tag: D_SYNTAX, Msg: `syntax error near ";"`}
	if got, want := e.Format(true), `[D_SYNTAX] line 3: syntax error near ";"`; got != want {
		t.Errorf("Format(true) = %q, want %q", got, want)
	}
	if got, want := e.Format(false), `line 3: syntax error near ";"`; got != want {
		t.Errorf("Format(false) = %q, want %q", got, want)
	}
	if got, want := (&Error{Tag: D_EMPTY, Msg: "empty"}).Format(true), "[D_EMPTY] empty"; got != want {
		t.Errorf("no line: %q, want %q", got, want)
	}
}

func TestList(t *testing.T) {
	var l List
	if l.Err() != nil {
		t.Fatal("empty list is an error")
	}
	l.Add(dtoken.Position{Line: 5}, D_SYNTAX, "b")
	l.Add(dtoken.Position{Line: 2, Col: 4}, D_OP_INT, "a")
	l.Add(dtoken.Position{Line: 2, Col: 1}, D_INT_DIGIT, "c")
	l.Sort()
	if got, want := l.Error(), "line 2: c (and 2 more errors)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var e *Error
	if !errors.As(l.Err(), &e) || e.Tag != D_INT_DIGIT {
		t.Errorf("errors.As found %v", e)
	}
}
