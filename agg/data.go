package agg

import (
	"math"
	"slices"

	"github.com/godtrace/godtrace/format"
)

// This file gives aggregations as data rather than text, for the output
// formats other than DTrace's (JSON, folded stacks, pprof) and for Go
// programs that consume a run.

// Snapshot returns a copy of the aggregation as it is now: its entries,
// normalization and printed mark. The consumer replaces an aggregation's
// entries with fresh ones at each snapshot of the aggregation map, so a
// copy keeps showing what a printa() saw while the run goes on.
func (a *Aggregation) Snapshot() *Aggregation {
	c := *a
	c.entries = slices.Clone(a.entries)
	c.index = nil
	return &c
}

// Tuple is one line of a printa(): the keys and, per aggregation, its
// entry (zero-filled where the aggregation lacks the keys).
type Tuple struct {
	Keys    []format.Value
	Entries []*Entry
}

// Tuples returns the tuples of the aggregations joined on their keys, in
// the order printa() prints them under o.
func Tuples(o *Options, aggs ...*Aggregation) []Tuple {
	bs := bundles(o, aggs)
	out := make([]Tuple, len(bs))
	for i, b := range bs {
		out[i] = Tuple{Keys: b.keys, Entries: b.entries}
	}
	return out
}

// Result returns the value of an entry's data as printa() shows it: the
// function's result, normalized, typed as DTrace types it (uint64_t for
// count(), int64_t for the others); for quantize(), lquantize() and
// llquantize() a KindHistogram value, whose buckets Buckets gives.
func (a *Aggregation) Result(data []int64) format.Value { return a.formatValue(data, nil) }

// IsHistogram reports whether the aggregation's values are distributions.
func (a *Aggregation) IsHistogram() bool {
	return a.Func == Quantize || a.Func == LQuantize || a.Func == LLQuantize
}

// Bucket is one bucket of a distribution: the values from Min to Max,
// both included, and how many fell there, divided by the normalize()
// factor as the table's counts are.
type Bucket struct {
	Min, Max int64
	Count    int64
}

// Buckets returns the non-empty buckets of a distribution entry's data,
// from the lowest values up; nil for other functions.
func (a *Aggregation) Buckets(data []int64) []Bucket {
	if !a.IsHistogram() {
		return nil
	}
	normal := a.normal()
	var out []Bucket
	for i, c := range data {
		if c == 0 {
			continue
		}
		lo, hi := a.Params.bucketRange(a.Func, i)
		out = append(out, Bucket{Min: lo, Max: hi, Count: int64(uint64(c) / normal)})
	}
	return out
}

// BucketRange returns the smallest and largest value, both included, of
// bucket i of a distribution's data, empty or not: the layout that
// Buckets draws from.
func (a *Aggregation) BucketRange(i int) (lo, hi int64) { return a.Params.bucketRange(a.Func, i) }

// bucketRange returns the smallest and largest value of bucket i of f.
func (p Params) bucketRange(f Func, i int) (lo, hi int64) {
	switch f {
	case Quantize:
		switch {
		case i == QuantizeZero:
			return 0, 0
		case i > QuantizeZero:
			lo = QuantizeBucketValue(i)
			if i == QuantizeBuckets-1 {
				return lo, math.MaxInt64
			}
			return lo, 2*lo - 1
		}
		hi = QuantizeBucketValue(i)
		if i == 0 {
			return math.MinInt64, hi
		}
		return 2*hi + 1, hi
	case LQuantize:
		switch {
		case i == 0:
			return math.MinInt64, p.Base - 1
		case i == p.Levels+1:
			return p.Base + int64(p.Levels)*p.Step, math.MaxInt64
		}
		lo = p.Base + int64(i-1)*p.Step
		return lo, lo + p.Step - 1
	}
	// llquantize: v holds each positive bucket's lowest value and each
	// negative bucket's value nearest zero; a negative bucket mirrors the
	// positive bucket as far from bin0.
	v := p.llValues()
	nbins, bin0 := p.llBins()
	upper := func(j int) int64 { // the largest value of positive bucket j
		if j == nbins-1 {
			return math.MaxInt64
		}
		return v[j+1] - 1
	}
	switch {
	case i == bin0:
		m := int64(pow(p.Factor, p.LowMag)) - 1
		return -m, m
	case i > bin0:
		return v[i], upper(i)
	}
	if i == 0 {
		return math.MinInt64, v[0]
	}
	return -upper(2*bin0 - i), v[i]
}
