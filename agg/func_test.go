package agg

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/godtrace/godtrace/format"
)

func TestQuantizeBucket(t *testing.T) {
	cases := map[int64]int{
		0: QuantizeZero, 1: 64, 2: 65, 3: 65, 4: 66, 1 << 62: 126, math.MaxInt64: 126,
		-1: 62, -2: 61, -3: 61, -(1 << 62): 0, math.MinInt64: 0, math.MinInt64 + 1: 0,
	}
	for v, want := range cases {
		if got := QuantizeBucket(v); got != want {
			t.Errorf("QuantizeBucket(%d) = %d, want %d", v, got, want)
		}
	}
	for i := 0; i < QuantizeBuckets; i++ {
		if v := QuantizeBucketValue(i); QuantizeBucket(v) != i {
			t.Errorf("bucket %d starts at %d, which falls in bucket %d", i, v, QuantizeBucket(v))
		}
	}
}

func TestLQuantizeBucket(t *testing.T) {
	p, err := LQuantizeParams(-100, 100, 25)
	if err != nil {
		t.Fatal(err)
	}
	cases := map[int64]int{math.MinInt64: 0, -101: 0, -100: 1, -76: 1, -75: 2, 0: 5, 99: 8, 100: 9, math.MaxInt64: 9}
	for v, want := range cases {
		if got := p.LQuantizeBucket(v); got != want {
			t.Errorf("LQuantizeBucket(%d) = %d, want %d", v, got, want)
		}
	}
	for _, bad := range [][3]int64{{0, 0, 1}, {0, 10, 0}, {0, 10, 20}, {10, 0, 1}} {
		if _, err := LQuantizeParams(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("LQuantizeParams%v accepted", bad)
		}
	}
}

// TestLLQuantizeBucketLabels checks bucketing against the table labels:
// every value falls in the bucket whose label is the largest one not above
// it.
func TestLLQuantizeBucketLabels(t *testing.T) {
	for _, q := range [][4]int{{10, 0, 6, 20}, {10, 1, 3, 10}, {2, 0, 10, 4}, {10, 0, 2, 5}, {4, 2, 5, 16}, {10, 0, 18, 10}} {
		p, err := LLQuantizeParams(q[0], q[1], q[2], q[3])
		if err != nil {
			t.Fatal(err)
		}
		n, bin0 := p.llBins()
		labels := p.llLabels(0, n-1)
		lower := map[int]uint64{}
		for i, l := range labels {
			// Labels of 15 characters may be cut, as DTrace cuts them.
			if i > bin0 && i < n-1 && len(l) < 15 {
				v, err := strconv.ParseUint(l, 10, 64)
				if err != nil {
					t.Fatalf("%v: label %q", q, l)
				}
				lower[i] = v
			}
		}
		rng := rand.New(rand.NewPCG(1, uint64(q[0])))
		top := pow(p.Factor, p.HighMag+1)
		for k := 0; k < 2000; k++ {
			v := rng.Uint64N(min(top, 1<<62)) + 1
			if k%3 == 0 {
				v = rng.Uint64N(200) + 1
			}
			b := p.LLQuantizeBucket(int64(v))
			if v < pow(p.Factor, p.LowMag) {
				if b != bin0 {
					t.Fatalf("%v: %d in bucket %d, want %d", q, v, b, bin0)
				}
				continue
			}
			if v >= top {
				continue
			}
			// The bucket's label is at most v, and the next labelled
			// bucket's is above it.
			lo, ok := lower[b]
			if !ok && len(labels[b]) >= 15 {
				continue
			}
			if !ok || lo > v {
				t.Fatalf("%v: %d in bucket %d labelled %q", q, v, b, labels[b])
			}
			for j := b + 1; j < n-1; j++ {
				if next, ok := lower[j]; ok {
					if next <= v {
						t.Fatalf("%v: %d in bucket %d, but bucket %d starts at %d", q, v, b, j, next)
					}
					break
				}
			}
			if nb := p.LLQuantizeBucket(-int64(v)); nb != 2*bin0-b {
				t.Fatalf("%v: -%d in bucket %d, want the mirror %d", q, v, nb, 2*bin0-b)
			}
		}
		if top > math.MaxInt64 {
			continue
		}
		if b := p.LLQuantizeBucket(math.MaxInt64); b != n-1 {
			t.Errorf("%v: MaxInt64 is in bucket %d, want %d", q, b, n-1)
		}
		if b := p.LLQuantizeBucket(math.MinInt64); b != 0 {
			t.Errorf("%v: MinInt64 is in bucket %d, want 0", q, b)
		}
	}
}

func TestMerge(t *testing.T) {
	for _, c := range []struct {
		f         Func
		a, b, sum []int64
	}{
		{Count, []int64{2}, []int64{3}, []int64{5}},
		{Min, []int64{-2}, []int64{3}, []int64{-2}},
		{Max, []int64{-2}, []int64{3}, []int64{3}},
		{Avg, []int64{2, 10}, []int64{1, -4}, []int64{3, 6}},
		// The low words of the sums of squares carry into the high one.
		{Stddev, []int64{1, 1, -1, 0}, []int64{1, 1, 2, 1}, []int64{2, 2, 1, 2}},
	} {
		dst := append([]int64(nil), c.a...)
		c.f.Merge(dst, c.b)
		for i := range dst {
			if dst[i] != c.sum[i] {
				t.Errorf("%v: merge %v %v = %v, want %v", c.f, c.a, c.b, dst, c.sum)
				break
			}
		}
	}
	a := New(1, "m", Min, Params{})
	if err := a.Merge(0, []int64{1, 2}); err == nil {
		t.Error("Merge accepted 2 words for min()")
	}
	if err := a.Merge(0, []int64{4}, str("k")); err != nil {
		t.Fatal(err)
	}
	if err := a.Merge(1, []int64{-4}, str("k")); err != nil {
		t.Fatal(err)
	}
	if e := a.Lookup(str("k")); e == nil || e.Data[0] != -4 {
		t.Errorf("merged min = %+v, want -4", e)
	}
}

func TestStddev(t *testing.T) {
	a := New(1, "sd", Stddev, Params{})
	// Squares of 3e9 overflow 64 bits: the sum of squares needs 128.
	for _, v := range []int64{3e9, -3e9, 3e9, -3e9} {
		a.Add(v, 1)
	}
	if got := stddev(a.Entries()[0].Data, 1); got != 3e9 {
		t.Errorf("stddev = %d, want 3000000000", got)
	}
	b := New(1, "sd", Stddev, Params{})
	for _, v := range []int64{math.MaxInt64, math.MinInt64 + 1} {
		b.Add(v, 1)
	}
	if got := stddev(b.Entries()[0].Data, 1); got != math.MaxInt64 {
		t.Errorf("stddev of the extremes = %d, want %d", got, int64(math.MaxInt64))
	}
	if got := stddev([]int64{0, 0, 0, 0}, 1); got != 0 {
		t.Errorf("stddev without data = %d", got)
	}
}

func TestTruncTies(t *testing.T) {
	a := New(1, "", Sum, Params{})
	for _, k := range []string{"d", "b", "a", "c"} {
		a.Add(1, 1, str(k))
	}
	a.Trunc(2)
	var got []string
	for _, e := range a.Entries() {
		got = append(got, e.Keys[0].Str)
	}
	// Equal values keep the largest keys first, as DTrace's reverse sort.
	if len(got) != 2 || got[0] != "d" || got[1] != "c" {
		t.Errorf("trunc(@, 2) kept %v, want [d c]", got)
	}
	a.Add(1, 1, str("a"))
	if e := a.Lookup(str("a")); e == nil || e.Data[0] != 1 {
		t.Errorf("an entry truncated away restarts from zero: %+v", e)
	}
}

func TestNormalize(t *testing.T) {
	a := New(1, "", Sum, Params{})
	if err := a.Normalize(0); err == nil || a.normal() != 1 {
		t.Errorf("Normalize(0) = %v, normal %d", err, a.normal())
	}
	if err := a.Normalize(7); err != nil || a.normal() != 7 {
		t.Errorf("Normalize(7) = %v, normal %d", err, a.normal())
	}
	a.Denormalize()
	if a.normal() != 1 {
		t.Errorf("Denormalize left normal %d", a.normal())
	}
}

func TestKeyIdentity(t *testing.T) {
	a := New(1, "", Count, Params{})
	a.Add(0, 1, format.Int(1, 4))
	a.Add(0, 1, format.Int(1, 8))
	a.Add(0, 1, format.String("1"))
	a.Add(0, 1, format.Int(1, 4))
	if n := len(a.Entries()); n != 3 {
		t.Errorf("%d entries, want 3 (keys of other sizes or kinds differ)", n)
	}
	a.Reset()
	if len(a.Entries()) != 0 || a.Lookup(format.Int(1, 4)) != nil {
		t.Error("Reset left entries")
	}
}
