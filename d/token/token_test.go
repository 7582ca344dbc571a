package token

import "testing"

func TestPosition(t *testing.T) {
	src := "ab\ncd\n# 10 \"x.d\"\nef\ngh"
	f := NewFile("t.d", len(src))
	for i, c := range src {
		if c == '\n' {
			f.AddLine(i + 1)
		}
	}
	f.AddLineInfo(17, "x.d", 10)
	for _, tc := range []struct {
		off  int
		want string
	}{
		{0, "t.d:1:1"}, {1, "t.d:1:2"}, {3, "t.d:2:1"}, {17, "x.d:10:1"}, {21, "x.d:11:2"}, {len(src), "x.d:11:3"},
	} {
		if got := f.Position(f.Pos(tc.off)).String(); got != tc.want {
			t.Errorf("offset %d: %s, want %s", tc.off, got, tc.want)
		}
	}
	if NoPos.IsValid() || f.Position(NoPos).IsValid() {
		t.Error("NoPos is valid")
	}
	if got := f.Offset(f.Pos(1 << 30)); got != len(src) {
		t.Errorf("clamped offset %d", got)
	}
}

func TestKinds(t *testing.T) {
	if Lookup("translator") != TRANSLATOR || Lookup("BEGIN") != IDENT || Lookup("string") != STRINGKW {
		t.Error("Lookup")
	}
	if SHL_ASSIGN.String() != "<<=" || XLATE.String() != "xlate" || IDENT.String() != "IDENT" {
		t.Error("String")
	}
	if !LXOR.IsOperator() || !SELF.IsKeyword() || !PSPEC.IsLiteral() || Kind(-1).String() != "token(-1)" {
		t.Error("classes")
	}
	if !(LOR.Precedence() < LXOR.Precedence() && LXOR.Precedence() < LAND.Precedence() && ADD.Precedence() < MUL.Precedence()) {
		t.Error("precedence")
	}
}
