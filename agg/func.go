package agg

import (
	"fmt"
	"math"
	"math/bits"
)

// Func is an aggregating function.
type Func int

// The aggregating functions of D.
const (
	Count Func = iota + 1
	Sum
	Avg
	Min
	Max
	Stddev
	Quantize
	LQuantize
	LLQuantize
)

var funcNames = [...]string{"", "count", "sum", "avg", "min", "max", "stddev", "quantize", "lquantize", "llquantize"}

func (f Func) String() string {
	if f > 0 && int(f) < len(funcNames) {
		return funcNames[f]
	}
	return fmt.Sprintf("Func(%d)", int(f))
}

// Quantize layout: one bucket per power of two, negative and positive,
// and one for zero, as DTrace's DTRACE_QUANTIZE_NBUCKETS.
const (
	// QuantizeBuckets is the number of quantize() buckets: 63 negative
	// powers of two (-2^62 .. -1), zero, and 63 positive (1 .. 2^62).
	QuantizeBuckets = 127
	// QuantizeZero is the index of the zero bucket.
	QuantizeZero = 63
)

// Params are the parameters of lquantize() and llquantize().
type Params struct {
	// Base, Step and Levels describe lquantize(value, lo, hi, step):
	// Base = lo, Levels = (hi - lo) / step.
	Base   int64
	Step   int64
	Levels int
	// Factor, LowMag, HighMag and Steps are llquantize()'s factor, low
	// and high magnitudes and steps per magnitude.
	Factor, LowMag, HighMag, Steps int
}

// LQuantizeParams returns the parameters of lquantize(v, lo, hi, step).
func LQuantizeParams(lo, hi, step int64) (Params, error) {
	if step <= 0 || hi <= lo || (hi-lo)/step < 1 {
		return Params{}, fmt.Errorf("lquantize(%d, %d, %d): bad range", lo, hi, step)
	}
	return Params{Base: lo, Step: step, Levels: int((hi - lo) / step)}, nil
}

// LLQuantizeParams returns the parameters of
// llquantize(v, factor, low, high, steps): factor at least 2, magnitudes
// 0 <= low <= high with factor^(high+1) within 64 bits, and steps a
// multiple or a divisor of factor.
func LLQuantizeParams(factor, low, high, steps int) (Params, error) {
	if factor < 2 || low < 0 || high < low || steps < 1 || steps%factor != 0 && factor%steps != 0 {
		return Params{}, fmt.Errorf("llquantize(%d, %d, %d, %d): bad parameters", factor, low, high, steps)
	}
	if pow(factor, high+1) == math.MaxUint64 {
		return Params{}, fmt.Errorf("llquantize(%d, %d, %d, %d): %d^%d overflows 64 bits", factor, low, high, steps, factor, high+1)
	}
	return Params{Factor: factor, LowMag: low, HighMag: high, Steps: steps}, nil
}

// llBins returns the number of llquantize() buckets and the index of the
// bucket of values whose magnitude is below factor^low.
func (p Params) llBins() (nbins, bin0 int) {
	n := (p.HighMag - p.LowMag + 1) * (p.Steps - p.Steps/p.Factor)
	return 2*n + 3, n + 1
}

// DataLen returns the number of int64 words an entry of f keeps:
// count 1 (the count), sum 1, min 1, max 1, avg 2 (count, total), stddev 4
// (count, total, and the 128-bit sum of squares, low word first),
// quantize QuantizeBuckets, lquantize Levels+2 (below Base, the levels,
// at or above the top), llquantize 2*(HighMag-LowMag+1)*(Steps-Steps/Factor)+3
// (at or below -Factor^(HighMag+1), the negative steps from the largest,
// the values of magnitude below Factor^LowMag, the positive steps, at or
// above Factor^(HighMag+1)).
func (f Func) DataLen(p Params) int {
	switch f {
	case Avg:
		return 2
	case Stddev:
		return 4
	case Quantize:
		return QuantizeBuckets
	case LQuantize:
		return p.Levels + 2
	case LLQuantize:
		n, _ := p.llBins()
		return n
	}
	return 1
}

// Init sets data to the value of an entry no action has touched yet: zero,
// except min (math.MaxInt64) and max (math.MinInt64).
func (f Func) Init(data []int64) {
	clear(data)
	switch f {
	case Min:
		data[0] = math.MaxInt64
	case Max:
		data[0] = math.MinInt64
	}
}

// Add applies one aggregating action to data: count() ignores v; the
// histograms add incr to v's bucket (quantize(v, incr) ...).
func (f Func) Add(p Params, data []int64, v, incr int64) {
	switch f {
	case Count:
		data[0]++
	case Sum:
		data[0] += v
	case Avg:
		data[0]++
		data[1] += v
	case Min:
		data[0] = min(data[0], v)
	case Max:
		data[0] = max(data[0], v)
	case Stddev:
		data[0]++
		data[1] += v
		m := absU(v)
		hi, lo := bits.Mul64(m, m)
		l, c := bits.Add64(uint64(data[2]), lo, 0)
		h, _ := bits.Add64(uint64(data[3]), hi, c)
		data[2], data[3] = int64(l), int64(h)
	case Quantize:
		data[QuantizeBucket(v)] += incr
	case LQuantize:
		data[p.LQuantizeBucket(v)] += incr
	case LLQuantize:
		data[p.LLQuantizeBucket(v)] += incr
	}
}

// Merge folds src, the data of the same entry on another CPU, into dst:
// min and max keep the extreme, stddev adds its sum of squares with carry,
// everything else adds word by word.
func (f Func) Merge(dst, src []int64) {
	switch f {
	case Min:
		dst[0] = min(dst[0], src[0])
	case Max:
		dst[0] = max(dst[0], src[0])
	case Stddev:
		dst[0] += src[0]
		dst[1] += src[1]
		l, c := bits.Add64(uint64(dst[2]), uint64(src[2]), 0)
		h, _ := bits.Add64(uint64(dst[3]), uint64(src[3]), c)
		dst[2], dst[3] = int64(l), int64(h)
	default:
		for i := range dst {
			dst[i] += src[i]
		}
	}
}

func absU(v int64) uint64 {
	if v < 0 {
		return uint64(-v)
	}
	return uint64(v)
}

// QuantizeBucket returns the quantize() bucket of v.
func QuantizeBucket(v int64) int {
	if v == 0 {
		return QuantizeZero
	}
	l := bits.Len64(absU(v)) - 1 // floor(log2(|v|))
	if v > 0 {
		return min(QuantizeZero+1+l, QuantizeBuckets-1)
	}
	return max(QuantizeZero-1-l, 0)
}

// QuantizeBucketValue returns the lower bound of quantize() bucket i (its
// label in the table).
func QuantizeBucketValue(i int) int64 {
	switch {
	case i < QuantizeZero:
		return -(1 << (QuantizeZero - 1 - i))
	case i == QuantizeZero:
		return 0
	}
	return 1 << (i - QuantizeZero - 1)
}

// LQuantizeBucket returns the lquantize() bucket of v.
func (p Params) LQuantizeBucket(v int64) int {
	switch {
	case v < p.Base:
		return 0
	case v >= p.Base+int64(p.Levels)*p.Step:
		return p.Levels + 1
	}
	return 1 + int((v-p.Base)/p.Step)
}

// pow returns b^e, saturating at math.MaxUint64.
func pow(b, e int) uint64 {
	r := uint64(1)
	for ; e > 0; e-- {
		hi, lo := bits.Mul64(r, uint64(b))
		if hi != 0 {
			return math.MaxUint64
		}
		r = lo
	}
	return r
}

// LLQuantizeBucket returns the llquantize() bucket of v. Each magnitude
// m in LowMag..HighMag has Steps-Steps/Factor buckets of width
// Factor^(m+1)/Steps (with LowMag 0 and more steps than the factor, the
// buckets of magnitude 0 below one are never hit).
func (p Params) LLQuantizeBucket(v int64) int {
	nbins, bin0 := p.llBins()
	a := absU(v)
	if a < pow(p.Factor, p.LowMag) {
		return bin0
	}
	if a >= pow(p.Factor, p.HighMag+1) {
		if v < 0 {
			return 0
		}
		return nbins - 1
	}
	per := p.Steps - p.Steps/p.Factor
	k := 0
	for m := p.LowMag; m <= p.HighMag; m++ {
		top := pow(p.Factor, m+1)
		if a < top {
			hi, lo := bits.Mul64(a, uint64(p.Steps))
			q, _ := bits.Div64(hi, lo, top)
			k = (m-p.LowMag)*per + int(q) - p.Steps/p.Factor
			break
		}
	}
	if v < 0 {
		return bin0 - 1 - k
	}
	return bin0 + 1 + k
}
