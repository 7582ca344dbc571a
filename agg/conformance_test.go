package agg

import (
	"testing"

	"github.com/godtrace/godtrace/internal/conformance"

	"github.com/godtrace/godtrace/format"
)

func str(s string) format.Value { return format.String(s) }
func i32(v int64) format.Value  { return format.Int(v, 4) }

// run is a conformance case being replayed: its aggregations and the
// output so far.
type run struct {
	t   *testing.T
	set Set
	o   *Options
	out []byte
}

func newRun(t *testing.T) *run {
	p := format.NewPrinter()
	p.Quiet = true
	return &run{t: t, o: &Options{Printer: p}}
}

func (r *run) agg(name string, f Func, p Params) *Aggregation {
	a := New(len(r.set.Aggregations())+1, name, f, p)
	r.set.Declare(a)
	return a
}

func (r *run) lq(lo, hi, step int64) Params {
	p, err := LQuantizeParams(lo, hi, step)
	if err != nil {
		r.t.Fatal(err)
	}
	return p
}

func (r *run) printa(a ...*Aggregation) { r.out = Printa(r.out, r.o, a...) }

func (r *run) printaf(f string, a ...*Aggregation) {
	r.t.Helper()
	convs, err := format.Parse(f)
	if err != nil {
		r.t.Fatal(err)
	}
	if r.out, err = PrintaFormat(r.out, r.o, convs, a...); err != nil {
		r.t.Fatal(err)
	}
}

func (r *run) printf(s string) { r.out = append(r.out, s...) }

func (r *run) check(name string) {
	r.t.Helper()
	got := string(r.set.End(r.out, r.o))
	if want := conformance.Recorded(r.t, name); got != want {
		r.t.Errorf("%s:\n got %q\nwant %q", name, got, want)
	}
}

func addAll(a *Aggregation, vals ...int64) {
	for _, v := range vals {
		a.Add(v, 1)
	}
}

func TestConformance(t *testing.T) {
	cases := map[string]func(r *run){
		"tst.quantize": func(r *run) {
			addAll(r.agg("q", Quantize, Params{}), 0, 1, 2, 3, 100, 100, 1000, -1, -50)
		},
		"tst.quantize-extremes": func(r *run) {
			addAll(r.agg("a", Quantize, Params{}), 1<<62)
			addAll(r.agg("b", Quantize, Params{}), 0)
			addAll(r.agg("c", Quantize, Params{}), -1<<40, -3)
		},
		"tst.lquantize": func(r *run) {
			addAll(r.agg("l", LQuantize, r.lq(0, 100, 10)), -5, 0, 15, 15, 55, 99, 100, 5000)
		},
		"tst.lquantize-neg": func(r *run) {
			addAll(r.agg("", LQuantize, r.lq(-100, 100, 25)), -50, -100, 0, 24, 75)
		},
		"tst.llquantize": func(r *run) {
			p, err := LLQuantizeParams(10, 0, 6, 20)
			if err != nil {
				t.Fatal(err)
			}
			addAll(r.agg("ll", LLQuantize, p), 1, 15, 450, 12345, 12345, 9999999)
		},
		"tst.printa-quantize": func(r *run) {
			a := r.agg("", LQuantize, r.lq(0, 10, 2))
			a.Add(3, 1, str("k"))
			r.printaf("key %s:%@d\n", a)
		},
		"tst.agg-basic": func(r *run) {
			c := r.agg("c", Count, Params{})
			c.Add(0, 1, str("a"))
			c.Add(0, 1, str("a"))
			c.Add(0, 1, str("b"))
			s := r.agg("s", Sum, Params{})
			s.Add(10, 1, str("x"))
			s.Add(-3, 1, str("x"))
			s.Add(100, 1, str("y"))
			addAll(r.agg("a", Avg, Params{}), 1, 2, 4)
			addAll(r.agg("mn", Min, Params{}), 5, -2, 9)
			addAll(r.agg("mx", Max, Params{}), 5, -2, 9)
			addAll(r.agg("sd", Stddev, Params{}), 2, 4, 4, 4, 5, 5, 7, 9)
		},
		"tst.agg-keyed-avg": func(r *run) {
			a := r.agg("avg", Avg, Params{})
			a.Add(10, 1, str("x"), i32(1))
			a.Add(21, 1, str("x"), i32(1))
			a.Add(-7, 1, str("y"), i32(2))
			m := r.agg("mm", Min, Params{})
			m.Add(3, 1, str("x"))
			m.Add(-3, 1, str("x"))
			sd := r.agg("sd", Stddev, Params{})
			for _, v := range []int64{10, 20, 35} {
				sd.Add(v, 1, str("s"))
			}
		},
		"tst.agg-keyed-quantize": func(r *run) {
			a := r.agg("", Quantize, Params{})
			a.Add(3, 1, str("alpha"))
			a.Add(5, 1, str("alpha"))
			a.Add(1000, 1, str("beta"))
		},
		"tst.agg-keys-sort": func(r *run) {
			a := r.agg("", Sum, Params{})
			a.Add(30, 1, i32(3))
			a.Add(50, 1, i32(1))
			a.Add(10, 1, i32(2))
			a.Add(20, 1, i32(5))
			r.printaf("%d %@d\n", a)
		},
		"tst.agg-multi-printa": func(r *run) {
			n := r.agg("n", Count, Params{})
			n.Add(0, 1, str("x"))
			n.Add(0, 1, str("y"))
			n.Add(0, 1, str("y"))
			s := r.agg("t", Sum, Params{})
			s.Add(100, 1, str("x"))
			s.Add(50, 1, str("y"))
			r.printaf("%-4s %@4d %@6d\n", n, s)
		},
		"tst.agg-printa": func(r *run) {
			c := r.agg("c", Count, Params{})
			c.Add(0, 1, str("alpha"), i32(1))
			for i := 0; i < 2; i++ {
				c.Add(0, 1, str("beta"), i32(2))
			}
			for i := 0; i < 3; i++ {
				c.Add(0, 1, str("gamma"), i32(3))
			}
			r.printa(c)
			r.printf("--\n")
			r.printaf("%s/%d => %@d\n", c)
			r.printf("--\n")
		},
		"tst.aggsortkey": func(r *run) {
			r.o.SortKey = true
			a := r.agg("", Count, Params{})
			for _, k := range []string{"c", "a", "a", "b", "b", "b"} {
				a.Add(0, 1, str(k))
			}
		},
		"tst.aggsortrev": func(r *run) {
			r.o.SortRev = true
			a := r.agg("", Count, Params{})
			for _, k := range []string{"c", "a", "a", "b", "b", "b"} {
				a.Add(0, 1, str(k))
			}
		},
		"tst.clear": func(r *run) {
			// The consumer sees the data the whole clause left.
			a := r.agg("a", Count, Params{})
			a.Add(0, 1, str("x"))
			a.Add(0, 1, str("y"))
			r.printa(a)
			a.Clear()
			r.printa(a)
		},
		"tst.trunc": func(r *run) {
			a := r.agg("", Sum, Params{})
			for _, v := range []int64{1, 2, 3, 4, 5, 1, 2, 3} {
				a.Add(v, 1, i32(v))
			}
			a.Trunc(2)
			r.printa(a)
			r.printf("--\n")
			a.Trunc(-1)
			r.printa(a)
			r.printf("--\n")
			a.Trunc(0)
			r.printa(a)
			r.printf("--\n")
		},
		"tst.normalize": func(r *run) {
			a := r.agg("a", Sum, Params{})
			a.Add(1000, 1, str("x"))
			a.Add(2500, 1, str("y"))
			if err := a.Normalize(100); err != nil {
				t.Fatal(err)
			}
			r.printa(a)
			a.Denormalize()
			r.printa(a)
		},
		"tst.end-aggs": func(r *run) {
			a := r.agg("", Count, Params{})
			a.Add(0, 1, str("k1"))
			a.Add(0, 1, str("k2"))
			a.Add(0, 1, str("k2"))
			r.printf("end\n")
		},
		"tst.trace-default-agg": func(r *run) {
			r.o.Printer.Quiet = false
			a := r.agg("a", Count, Params{})
			a.Add(0, 1)
			b := r.agg("b", Sum, Params{})
			b.Add(7, 1, str("key"))
			r.out = format.AppendProbeHeader(r.out, false, false)
			r.out = format.AppendProbeLine(r.out, 0, 1, "", "BEGIN")
			r.out = r.o.Printer.AppendProbeEnd(r.out)
		},
	}
	for name, play := range cases {
		t.Run(name, func(t *testing.T) {
			r := newRun(t)
			play(r)
			r.check(name)
		})
	}
}
