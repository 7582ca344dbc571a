package session

import (
	"slices"
	"testing"
)

// TestSpans: ranges of the mappings map are taken first fit and merge
// with their neighbours when given back, whatever the order.
func TestSpans(t *testing.T) {
	s := spans{{0, 100}}
	var got []uint32
	for _, n := range []uint32{10, 20, 30} {
		first, ok := s.alloc(n)
		if !ok {
			t.Fatalf("alloc(%d) failed in %v", n, s)
		}
		got = append(got, first)
	}
	if !slices.Equal(got, []uint32{0, 10, 30}) || !slices.Equal(s, spans{{60, 40}}) {
		t.Fatalf("took %v, left %v", got, s)
	}
	if _, ok := s.alloc(41); ok {
		t.Errorf("alloc(41) of %v succeeded", s)
	}
	s.release(span{10, 20})
	if first, ok := s.alloc(15); !ok || first != 10 {
		t.Errorf("alloc(15) = %d, %v: want the freed range's start", first, ok)
	}
	s.release(span{0, 10}, span{30, 30}, span{}, span{10, 15})
	if !slices.Equal(s, spans{{0, 100}}) {
		t.Errorf("all given back: %v, want one range", s)
	}
}
