package output

import (
	"bytes"
	"testing"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/format"
)

// foldedOptions sets stackformat=folded.
type foldedOptions struct{}

func (foldedOptions) Value(string) (int64, bool) { return 0, false }
func (foldedOptions) Bool(string) bool           { return false }
func (foldedOptions) Text(name string) string {
	if name == "stackformat" {
		return "folded"
	}
	return ""
}

func stack(frames ...uint64) format.Value {
	return format.Value{Kind: format.KindStack, Frames: append(frames, 0, 0)}
}

func TestFolded(t *testing.T) {
	// Two stacks that differ only in offsets within f fold to one line;
	// the leaf is the innermost frame, last.
	a := agg.New(1, "", agg.Count, agg.Params{})
	a.Merge(0, []int64{2}, stack(0x1010, 0x9000))
	a.Merge(0, []int64{3}, stack(0x1020, 0x9000))
	a.Merge(0, []int64{4}, stack(0x9000))
	// Other keys become the frames above the root; ';' in them is
	// replaced.
	s := agg.New(2, "s", agg.Sum, agg.Params{})
	s.Merge(0, []int64{10}, format.String("a;b"), stack(0x1010), format.Int(-1, 4))
	// Neither a distribution nor an aggregation without a stack folds.
	q := agg.New(3, "q", agg.Quantize, agg.Params{})
	data := make([]int64, agg.QuantizeBuckets)
	data[agg.QuantizeBucket(1)] = 1
	q.Merge(0, data, stack(0x1010))
	var set agg.Set
	for _, x := range []*agg.Aggregation{a, s, q} {
		set.Declare(x)
	}
	var out bytes.Buffer
	w := NewText(foldedOptions{}, &out, &out)
	if err := w.Start(&Start{Symbols: fakeSyms{}}); err != nil {
		t.Fatal(err)
	}
	if err := w.End(&End{Aggs: &set}); err != nil {
		t.Fatal(err)
	}
	want := "\n\n" +
		"              vmlinux`f+0x10\n\n" +
		"           value  ------------- Distribution ------------- count    \n" +
		"               0 |                                         0        \n" +
		"               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n" +
		"               2 |                                         0        \n" +
		"\n" +
		"0x9000 4\n" +
		"0x9000;vmlinux`f 5\n" +
		"a_b;vmlinux`f;-1 10\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}

	// printa() of a stack aggregation prints its folded lines, on lines of
	// their own.
	out.Reset()
	err := w.Probe(&Probe{Name: "BEGIN", Actions: []Action{{Kind: Printa, Aggs: []*agg.Aggregation{a.Snapshot()}}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := "CPU     ID                    FUNCTION:NAME\n  0      0                           :BEGIN \n0x9000 4\n0x9000;vmlinux`f 5\n\n"; out.String() != want {
		t.Errorf("printa: got %q\nwant %q", out.String(), want)
	}
}
