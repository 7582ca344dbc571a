package agg

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/format"
)

// layout is how the tuples of one aggregation print in the default
// layout: plainly, as agghist's bars (count() and sum() values scaled
// together), or as aggpack's one-line distributions (quantize() and
// lquantize()). The other functions print plainly whatever the options;
// so do avg() and stddev(), which illumos marks for agghist but cannot
// draw.
type layout struct {
	hist, pack bool
	// agghist: the values' total (the largest over DTRACE_AGGZOOM_MAX
	// with aggzoom), summed in int64 as DTrace sums it, and their signs.
	total                int64
	positives, negatives bool
	// aggpack: the buckets shown, the same for every tuple.
	first, last int
}

// layoutOf returns the layout of a's tuples under o.
func (o *Options) layoutOf(a *Aggregation) layout {
	var l layout
	if o == nil {
		return l
	}
	switch {
	case o.Hist && (a.Func == Count || a.Func == Sum):
		l.hist = true
		for _, e := range a.entries {
			v := e.Data[0]
			l.positives = l.positives || v > 0
			if v < 0 {
				l.negatives = true
				v = -v
			}
			if o.Zoom {
				l.total = max(l.total, format.ZoomTotal(v))
			} else {
				l.total += v
			}
		}
	case o.Pack && a.Func == Quantize:
		l.pack = true
		l.first, l.last = -1, -1
		for _, e := range a.entries {
			lo, hi := -1, -1
			for i, n := range e.Data {
				if n != 0 {
					if lo < 0 {
						lo = i
					}
					hi = i
				}
			}
			if lo < 0 {
				// Cleared, or emptied by negative increments.
				lo, hi = QuantizeZero, QuantizeZero
			}
			if l.first < 0 || lo < l.first {
				l.first = lo
			}
			l.last = max(l.last, hi)
		}
		if l.first != 0 && l.first != QuantizeZero {
			l.first--
		}
		if l.last < QuantizeBuckets-1 {
			l.last++
		}
	case o.Pack && a.Func == LQuantize:
		// lquantize() always shows its whole range.
		l.pack = true
		l.first, l.last = 0, a.Params.Levels+1
	}
	return l
}

// packedKeyWidth is the width of a key in agghist's and aggpack's rows:
// integers as wide as ever, everything else 16 columns; each key takes a
// space more.
func packedKeyWidth(k format.Value) int {
	if k.Kind == format.KindInt {
		switch k.Size {
		case 1:
			return 3
		case 2:
			return 5
		case 4:
			return 8
		}
	}
	return 16
}

// appendPackedKey appends a key of an agghist or aggpack row: strings
// right-aligned in 16 columns, the rest as in the default layout.
func appendPackedKey(dst []byte, p *format.Printer, k format.Value) []byte {
	if k.Kind == format.KindString && format.IsText(k.Str) && !p.RawBytes {
		dst = append(dst, ' ')
		for n := len(k.Str); n < 16; n++ {
			dst = append(dst, ' ')
		}
		return append(dst, k.Str...)
	}
	return appendKey(dst, p, k)
}

// ndigits is the width aggpack gives a bucket value: its digits and sign,
// at least 4, counted as dt_ndigits counts them (10, 100... count one
// digit short).
func ndigits(v int64) int {
	n := 1
	if v < 0 {
		if v == math.MinInt64 {
			v = math.MaxInt64
		} else {
			v = -v
		}
		n++
	}
	for c := int64(10); v > c && c > 0; c *= 10 {
		n++
	}
	return max(n, 4)
}

// appendLayoutHeader appends the header agghist and aggpack print before
// the first row of an aggregation; keys are the keys of that row.
func (l layout) appendHeader(dst []byte, a *Aggregation, keys []format.Value) []byte {
	width := 0
	for _, k := range keys {
		width += packedKeyWidth(k) + 1
	}
	if l.hist {
		return format.AppendDistKeyHeader(dst, width)
	}
	minw, maxw := 7, 8
	if a.Func == Quantize {
		minw, maxw = ndigits(QuantizeBucketValue(l.first)), ndigits(QuantizeBucketValue(l.last))
	}
	label := ""
	if width > 0 {
		label = "key"
	}
	dst = append(dst, '\n')
	dst = append(dst, pad(label, width, false)...)
	dst = append(dst, ' ')
	dst = append(dst, pad("min", minw, false)...)
	dst = append(dst, " ."...)
	dst = append(dst, strings.Repeat("-", l.last-l.first+1)...)
	dst = append(dst, ". "...)
	dst = append(dst, pad("max", maxw, true)...)
	return append(dst, " | count\n"...)
}

// longDoubleSum returns the sum of counts as DTrace computes it for
// aggpack: in long double (a 64-bit mantissa), converted back to an
// integer, which gives the x87's "integer indefinite" when out of range.
func longDoubleSum(counts []int64) int64 {
	sum := new(big.Float).SetPrec(64)
	for _, n := range counts {
		sum.Add(sum, new(big.Float).SetInt64(n))
	}
	v, acc := sum.Int64()
	if acc != big.Exact && (v == math.MaxInt64 || v == math.MinInt64) {
		return math.MinInt64
	}
	return v
}

// pad returns s padded with spaces to w columns, on the left unless left.
func pad(s string, w int, left bool) string {
	if len(s) >= w {
		return s
	}
	sp := strings.Repeat(" ", w-len(s))
	if left {
		return s + sp
	}
	return sp + s
}

// appendRow appends the value of one agghist or aggpack row.
func (l layout) appendRow(dst []byte, a *Aggregation, data []int64, o *Options) []byte {
	if l.hist {
		s := format.NewDistTotal(l.total, l.positives, l.negatives)
		s.UTF8 = o.UTF8
		return s.AppendBar(append(dst, ' '), data[0], a.normal())
	}
	counts := data[l.first : l.last+1]
	s := format.NewPackScale(counts, o.Zoom)
	s.UTF8 = o.PackUTF8
	var lo, hi string
	if a.Func == Quantize {
		minv, maxv := QuantizeBucketValue(l.first), QuantizeBucketValue(l.last)
		lo = " " + pad(strconv.FormatInt(minv, 10), ndigits(minv), false)
		hi = pad(strconv.FormatInt(maxv, 10), ndigits(maxv), true)
	} else {
		p := a.Params
		lo = pad("< "+strconv.FormatInt(p.Base, 10), 8, false)
		hi = pad(">= "+strconv.FormatInt(p.Base+int64(p.Levels)*p.Step, 10), 8, true)
	}
	dst = append(dst, lo...)
	dst = append(dst, " :"...)
	for _, n := range counts {
		dst = s.AppendCell(dst, n)
	}
	dst = append(dst, ": "...)
	dst = append(dst, hi...)
	dst = append(dst, " | "...)
	dst = strconv.AppendInt(dst, longDoubleSum(counts), 10)
	return append(dst, '\n')
}
