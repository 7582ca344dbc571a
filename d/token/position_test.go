package token

import "testing"

// TestFileSet: the files of a set have positions apart, and any file of
// the set expands the positions of the others in their own file.
func TestFileSet(t *testing.T) {
	s := NewFileSet()
	a := s.AddFile("a.d", 8)
	a.AddLine(4)
	b := s.AddFile("b.d", 6)
	b.AddLine(1)
	b.AddLine(2)
	for _, tc := range []struct {
		f    *File
		off  int
		want Position
	}{
		{a, 0, Position{"a.d", 1, 1}},
		{a, 5, Position{"a.d", 2, 2}},
		{a, 8, Position{"a.d", 2, 5}}, // the end of a.d
		{b, 0, Position{"b.d", 1, 1}},
		{b, 3, Position{"b.d", 3, 2}},
	} {
		p := tc.f.Pos(tc.off)
		if tc.f.Offset(p) != tc.off {
			t.Errorf("%s offset %d: Pos %d gives back offset %d", tc.f.Name(), tc.off, p, tc.f.Offset(p))
		}
		for _, via := range []*File{a, b} {
			if got := via.Position(p); got != tc.want {
				t.Errorf("%s offset %d through %s: %v, want %v", tc.f.Name(), tc.off, via.Name(), got, tc.want)
			}
		}
		if got := s.Position(p); got != tc.want {
			t.Errorf("%s offset %d through the set: %v, want %v", tc.f.Name(), tc.off, got, tc.want)
		}
	}
	if a.Pos(8) == b.Pos(0) {
		t.Error("the end of a.d is the start of b.d")
	}
	if got := s.Position(b.Pos(6) + 1); got.IsValid() {
		t.Errorf("a position past the set: %v", got)
	}
}
