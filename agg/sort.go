package agg

import (
	"bytes"
	"cmp"
	"math/big"
	"strings"

	"github.com/godtrace/godtrace/format"
)

// Options are the output options that shape aggregation output.
type Options struct {
	// SortKey sorts by key instead of by value (aggsortkey).
	SortKey bool
	// SortRev reverses the order (aggsortrev).
	SortRev bool
	// SortPos is the aggregation, among those of one printa(), whose
	// values sort the lines (aggsortpos).
	SortPos int
	// SortKeyPos is the key that sorts first (aggsortkeypos).
	SortKeyPos int
	// PerCPU prints each CPU's value after the total (aggpercpu); the
	// aggregations must keep per-CPU data.
	PerCPU bool
	// Zoom scales distributions to their largest value, which then fills
	// 95% of the bar, instead of to their total (aggzoom).
	Zoom bool
	// Hist draws the values of count() and sum() aggregations as the bars
	// of one distribution per aggregation, a row per key (agghist).
	Hist bool
	// Pack prints each quantize() and lquantize() distribution on one
	// line of one character per bucket, over the range of buckets the
	// whole aggregation uses (aggpack).
	Pack bool
	// UTF8 draws distribution bars with Unicode block elements, to an
	// eighth of a column (encoding=utf8).
	UTF8 bool
	// PackUTF8 draws aggpack's cells with Unicode block elements, which
	// DTrace does unless encoding=ascii, or TERM names a terminal known
	// not to show them.
	PackUTF8 bool
	// Printer renders printa() formats; nil means format.NewPrinter().
	Printer *format.Printer
}

func (o *Options) sign(c int) int {
	if o != nil && o.SortRev {
		return -c
	}
	return c
}

// varCmp orders aggregations by variable ID.
func (o *Options) varCmp(a, b *Aggregation) int { return o.sign(cmp.Compare(a.ID, b.ID)) }

// valCmp orders two entries by value, as dt_aggregate_valcmp: scalars by
// their value, avg by the average, stddev by the deviation, histograms
// by the sum of bucket value times count, then by the count at zero.
func (o *Options) valCmp(a *Aggregation, x *Entry, b *Aggregation, y *Entry) int {
	if c := cmp.Compare(a.Func, b.Func); c != 0 {
		return o.sign(c)
	}
	var c int
	switch a.Func {
	case Avg:
		c = cmp.Compare(avg(x.Data, 1), avg(y.Data, 1))
	case Stddev:
		c = cmp.Compare(stddev(x.Data, 1), stddev(y.Data, 1))
	case Quantize, LQuantize, LLQuantize:
		sx, zx := a.histSum(x.Data)
		sy, zy := b.histSum(y.Data)
		if c = sx.Cmp(sy); c == 0 {
			c = cmp.Compare(zx, zy)
		}
	default:
		c = cmp.Compare(x.Data[0], y.Data[0])
	}
	return o.sign(c)
}

// avg is the average of avg() data (count, total) under normalization
// normal, in DTrace's signed integer arithmetic; 0 without data.
func avg(data []int64, normal uint64) int64 {
	if data[0] == 0 {
		return 0
	}
	return data[1] / int64(normal) / data[0]
}

// histSum returns the sum of each bucket's value times its count, and the
// count of the bucket holding zero, that histograms sort by.
func (a *Aggregation) histSum(data []int64) (*big.Int, int64) {
	sum := new(big.Int)
	var t, c big.Int
	add := func(v int64, n int64) {
		sum.Add(sum, t.Mul(t.SetInt64(v), c.SetInt64(n)))
	}
	var zero int64
	switch a.Func {
	case Quantize:
		for i, n := range data {
			add(QuantizeBucketValue(i), n)
		}
		zero = data[QuantizeZero]
	case LQuantize:
		p := a.Params
		add(p.Base-1, data[0])
		for i := 1; i <= p.Levels; i++ {
			v := p.Base + int64(i-1)*p.Step
			add(v, data[i])
			if v == 0 {
				zero = data[i]
			}
		}
		top := p.Base + int64(p.Levels)*p.Step
		add(top+1, data[p.Levels+1])
		switch {
		case p.Base-1 == 0:
			zero = data[0]
		case top+1 == 0:
			zero = data[p.Levels+1]
		}
	case LLQuantize:
		vals := a.Params.llValues()
		for i, n := range data {
			add(vals[i], n)
		}
		_, bin0 := a.Params.llBins()
		zero = data[bin0]
	}
	return sum, zero
}

// keyCmp orders two entries by key, starting at key SortKeyPos: integers
// as unsigned values of their size, strings and bytes byte by byte.
func (o *Options) keyCmp(x, y *Entry) int {
	n := len(x.Keys)
	if len(y.Keys) < n {
		n = len(y.Keys)
	}
	pos := 0
	if o != nil && o.SortKeyPos > 0 && o.SortKeyPos < n {
		pos = o.SortKeyPos
	}
	for i := 0; i < n; i++ {
		j := (i + pos) % n
		if c := keyValueCmp(x.Keys[j], y.Keys[j]); c != 0 {
			return o.sign(c)
		}
	}
	return o.sign(cmp.Compare(len(x.Keys), len(y.Keys)))
}

func keyValueCmp(a, b format.Value) int {
	if c := cmp.Compare(a.Kind, b.Kind); c != 0 {
		return c
	}
	switch a.Kind {
	case format.KindString:
		return strings.Compare(a.Str, b.Str)
	case format.KindBytes:
		return bytes.Compare(a.Bytes, b.Bytes)
	case format.KindStack, format.KindUStack:
		if c := cmp.Compare(a.Pid, b.Pid); c != 0 {
			return c
		}
		for i := 0; i < len(a.Frames) && i < len(b.Frames); i++ {
			if c := cmp.Compare(a.Frames[i], b.Frames[i]); c != 0 {
				return c
			}
		}
		return cmp.Compare(len(a.Frames), len(b.Frames))
	case format.KindFloat:
		return cmp.Compare(a.Float, b.Float)
	}
	if c := cmp.Compare(a.Size, b.Size); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Pid, b.Pid); c != 0 {
		return c
	}
	return cmp.Compare(a.Uint64(), b.Uint64())
}

// valKeyCmp is the default order within one aggregation: by value, ties by
// key.
func (o *Options) valKeyCmp(a *Aggregation, x *Entry, b *Aggregation, y *Entry) int {
	if c := o.valCmp(a, x, b, y); c != 0 {
		return c
	}
	return o.keyCmp(x, y)
}

// entryCmp is the order of entries of possibly several aggregations when
// they print one after the other: by variable, then by value and key, or by
// key alone with aggsortkey.
func (o *Options) entryCmp(a *Aggregation, x *Entry, b *Aggregation, y *Entry) int {
	if c := o.varCmp(a, b); c != 0 {
		return c
	}
	if o != nil && o.SortKey {
		return o.keyCmp(x, y)
	}
	return o.valKeyCmp(a, x, b, y)
}
