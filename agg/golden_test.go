package agg

import (
	"flag"
	"math"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// golden compares got with testdata/golden/name.golden, or rewrites it
// with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	testutil.Golden(t, filepath.Join("testdata", "golden", name+".golden"), got, *update)
}

func i64(v int64) format.Value { return format.Int(v, 8) }

func TestGolden(t *testing.T) {
	cases := map[string]func(r *run){
		// Scalars at the limits of int64.
		"extremes": func(r *run) {
			s := r.agg("s", Sum, Params{})
			s.Add(math.MaxInt64, 1, i64(math.MinInt64))
			s.Add(math.MinInt64, 1, i64(math.MaxInt64))
			s.Add(0, 1, i64(0))
			s.Add(-1, 1, i64(-1))
			mn := r.agg("mn", Min, Params{})
			mn.Add(math.MinInt64, 1, str("lo"))
			mn.Add(math.MaxInt64, 1, str("hi"))
			mx := r.agg("mx", Max, Params{})
			mx.Add(math.MaxInt64, 1, str("hi"))
			mx.Add(math.MinInt64, 1, str("lo"))
			a := r.agg("avg", Avg, Params{})
			for _, v := range []int64{-7, -8, -10} {
				a.Add(v, 1, str("neg"))
			}
			a.Add(math.MaxInt64/2, 1, str("big"))
			a.Add(math.MaxInt64/2, 1, str("big"))
			sd := r.agg("sd", Stddev, Params{})
			for _, v := range []int64{1 << 40, -(1 << 40), 3 << 40, 0} {
				sd.Add(v, 1, str("wide"))
			}
			sd.Add(5, 1, str("one"))
			r.printaf("%s %@d %@u %@x\n", a)
		},
		// Negative increments draw bars left of the axis; mixed signs
		// draw half bars on both sides.
		"negative-counts": func(r *run) {
			q := r.agg("neg", Quantize, Params{})
			q.Add(4, -3)
			q.Add(100, -1)
			m := r.agg("mixed", Quantize, Params{})
			m.Add(-4, 2)
			m.Add(0, -1)
			m.Add(8, 3)
			l := r.agg("lneg", LQuantize, r.lq(0, 10, 1))
			l.Add(5, -1)
			e := r.agg("empty", Quantize, Params{})
			e.Add(2, 1)
			e.Add(2, -1)
		},
		"cleared-histograms": func(r *run) {
			q := r.agg("q", Quantize, Params{})
			q.Add(5, 1, str("k"))
			l := r.agg("l", LQuantize, r.lq(-10, 10, 5))
			l.Add(3, 1, str("k"))
			p, _ := LLQuantizeParams(10, 1, 3, 10)
			ll := r.agg("ll", LLQuantize, p)
			ll.Add(50, 1, str("k"))
			for _, a := range []*Aggregation{q, l, ll} {
				a.Clear()
			}
		},
		"llquantize-shapes": func(r *run) {
			p, _ := LLQuantizeParams(10, 1, 3, 10)
			a := r.agg("lmag1", LLQuantize, p)
			addAll(a, -5000, -200, -15, 3, 25, 999, 1000, 123456)
			p2, _ := LLQuantizeParams(2, 0, 4, 4)
			b := r.agg("pow2", LLQuantize, p2)
			addAll(b, 0, 1, 2, 3, 5, 7, 9, 31, 32)
			p3, _ := LLQuantizeParams(10, 0, 2, 5)
			c := r.agg("fewsteps", LLQuantize, p3)
			addAll(c, 1, 4, 50, 99, 700)
		},
		"many-keys": func(r *run) {
			a := r.agg("", Count, Params{})
			for i := 0; i < 120; i++ {
				for j := 0; j <= i%7; j++ {
					a.Add(0, 1, str("key"+strconv.Itoa(i)), format.Int(int64(i%5-2), 2))
				}
			}
		},
		"sort-options": func(r *run) {
			a := r.agg("a", Sum, Params{})
			b := r.agg("b", Sum, Params{})
			for i, k := range []string{"x", "y", "z", "w"} {
				a.Add(int64(10-i), 1, str(k), i32(int64(3-i)))
				b.Add(int64(i*i), 1, str(k), i32(int64(3-i)))
			}
			b.Add(5, 1, str("only-b"), i32(9))
			r.printaf("by value  %s %d %@d %@d\n", a, b)
			r.o.SortPos = 1
			r.printaf("by b      %s %d %@d %@d\n", a, b)
			r.o.SortPos, r.o.SortKey = 0, true
			r.printaf("by key    %s %d %@d %@d\n", a, b)
			r.o.SortKeyPos = 1
			r.printaf("by key 2  %s %d %@d %@d\n", a, b)
			r.o.SortRev = true
			r.printaf("reversed  %s %d %@d %@d\n", a, b)
			r.printa(a, b)
		},
		"normalize-negative": func(r *run) {
			a := r.agg("a", Sum, Params{})
			a.Add(-1000, 1, str("neg"))
			a.Add(1000, 1, str("pos"))
			if err := a.Normalize(100); err != nil {
				t.Fatal(err)
			}
			r.printa(a)
			r.printaf("%s %@d\n", a)
			q := r.agg("q", Quantize, Params{})
			q.Add(1, 1000)
			if err := q.Normalize(10); err != nil {
				t.Fatal(err)
			}
		},
		"percpu": func(r *run) {
			r.o.PerCPU = true
			a := r.agg("c", Count, Params{})
			a.KeepPerCPU = true
			if err := a.Merge(1, []int64{3}, str("k")); err != nil {
				t.Fatal(err)
			}
			if err := a.Merge(0, []int64{2}, str("k")); err != nil {
				t.Fatal(err)
			}
			m := r.agg("m", Max, Params{})
			m.KeepPerCPU = true
			_ = m.Merge(0, []int64{7})
			_ = m.Merge(1, []int64{-7})
		},
		"zoom": func(r *run) {
			r.o.Zoom = true
			addAll(r.agg("q", Quantize, Params{}), 1, 2, 2, 2, 2, 8, 8, 100)
		},
		// agghist draws count() and sum() as one distribution per
		// aggregation; other functions print as usual.
		"agghist": func(r *run) {
			r.o.Hist = true
			c := r.agg("c", Count, Params{})
			for i, k := range []string{"read", "write", "open", "a-very-long-key-name"} {
				for j := 0; j <= i*i; j++ {
					c.Add(0, 1, str(k))
				}
			}
			s := r.agg("s", Sum, Params{})
			s.Add(-30, 1, i64(1))
			s.Add(10, 1, i64(2))
			s.Add(0, 1, i64(3))
			n := r.agg("n", Sum, Params{})
			n.Add(-5, 1, str("x"), i32(7))
			n.Add(-15, 1, str("y"), i32(8))
			r.agg("m", Max, Params{}).Add(3, 1, str("max"))
			r.agg("q", Quantize, Params{}).Add(3, 1)
			r.agg("u", Count, Params{}).Add(0, 1)
			r.printa(c)
		},
		"agghist-zoom": func(r *run) {
			r.o.Hist, r.o.Zoom = true, true
			c := r.agg("c", Sum, Params{})
			for i, v := range []int64{1, 2, 4, 19, 20} {
				c.Add(v, 1, i64(int64(i)))
			}
		},
		"agghist-utf8": func(r *run) {
			r.o.Hist, r.o.UTF8 = true, true
			c := r.agg("c", Sum, Params{})
			for i, v := range []int64{1, 3, 7, 100} {
				c.Add(v, 1, i64(int64(i)))
			}
		},
		// aggpack: one line per tuple over the buckets the aggregation
		// uses; lquantize() shows its whole range.
		"aggpack": func(r *run) {
			r.o.Pack = true
			q := r.agg("q", Quantize, Params{})
			addAll(q, 1, 2, 2, 3, 100)
			for _, v := range []int64{5, 6, 7, 8} {
				q.Add(v, 1, str("k"))
			}
			q.Add(-2, 1, str("k"))
			l := r.agg("l", LQuantize, r.lq(0, 10, 2))
			l.Add(-1, 3, i64(1))
			l.Add(4, 1, i64(1))
			l.Add(5, -2, i64(1))
			l.Add(20, 7, i64(2))
			e := r.agg("e", Quantize, Params{})
			e.Add(8, 1, str("k"))
			e.Clear()
			r.agg("c", Count, Params{}).Add(0, 1, str("plain"))
		},
		"aggpack-utf8": func(r *run) {
			r.o.Pack, r.o.PackUTF8, r.o.Zoom = true, true, true
			q := r.agg("q", Quantize, Params{})
			for i := 0; i < 8; i++ {
				q.Add(1<<i, int64(i*i))
			}
		},
	}
	for name, play := range cases {
		t.Run(name, func(t *testing.T) {
			r := newRun(t)
			play(r)
			golden(t, name, r.set.End(r.out, r.o))
		})
	}
}

// An aggregation printa() found empty still prints when the run ends.
func TestPrintedOnlyWhenNonEmpty(t *testing.T) {
	r := newRun(t)
	a := r.agg("late", Count, Params{})
	r.printa(a)
	r.printaf("%@d\n", a)
	a.Add(0, 1, str("k"))
	want := "\n\n  k                                                                 1\n"
	if got := string(r.set.End(r.out, r.o)); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
