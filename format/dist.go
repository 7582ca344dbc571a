package format

import (
	"math/big"
	"strconv"
	"unicode/utf8"
)

// barWidth is the width of a distribution bar in columns.
const barWidth = 40

const (
	ats    = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
	spaces = "                                        "
)

// AppendDistHeader appends the header of a distribution table, with the
// newline that precedes it:
// "           value  ------------- Distribution ------------- count    ".
func AppendDistHeader(dst []byte) []byte {
	return AppendDistKeyHeader(dst, 0)
}

// AppendDistKeyHeader appends the header of agghist's table, whose rows
// start with keys keyWidth columns wide: "key" right-aligned in them (or
// "value" in 16 columns when there are none), the distribution title and
// "count", with the newline that precedes it.
func AppendDistKeyHeader(dst []byte, keyWidth int) []byte {
	dst = append(dst, '\n')
	if keyWidth == 0 {
		dst = appendStr(dst, spec{width: 16}, "value")
	} else {
		dst = appendStr(dst, spec{width: keyWidth}, "key")
	}
	return append(dst, "  ------------- Distribution ------------- count    \n"...)
}

// DTrace computes bar lengths in C's long double, which on x86-64 is the
// x87 extended format: a 64-bit mantissa, each operation rounded to nearest
// even. big.Float at that precision gives the same results, so bars come
// out as DTrace draws them even for counts beyond 2^53 and for aggzoom's
// non-integral totals.
const ldPrec = 64

func ld(v int64) *big.Float { return new(big.Float).SetPrec(ldPrec).SetInt64(v) }

func ldAbs(v int64) *big.Float { return new(big.Float).SetPrec(ldPrec).Abs(ld(v)) }

func ldMul(a, b *big.Float) *big.Float { return new(big.Float).SetPrec(ldPrec).Mul(a, b) }

func ldQuo(a, b *big.Float) *big.Float { return new(big.Float).SetPrec(ldPrec).Quo(a, b) }

// aggZoomMax is DTRACE_AGGZOOM_MAX, the share of the bar the largest value
// fills with aggzoom. A variable, so that 1/aggZoomMax is computed in
// float64 as C computes it, not exactly as a Go constant would be.
var aggZoomMax = 0.95

// zoomed returns |v| scaled up by 1/DTRACE_AGGZOOM_MAX, in long double.
func zoomed(v int64) *big.Float {
	return ldMul(ldAbs(v), new(big.Float).SetPrec(ldPrec).SetFloat64(1/aggZoomMax))
}

// ZoomTotal returns what agghist scales a value v by under aggzoom when v
// is the largest of its aggregation: |v|/DTRACE_AGGZOOM_MAX, truncated to
// an integer as DTrace keeps it.
func ZoomTotal(v int64) int64 {
	t, _ := zoomed(v).Int64()
	return t
}

// DistScale is what the bars of one distribution table are scaled by: the
// sum of the absolute counts of the rows shown (or, with aggzoom, the
// largest of them over DTRACE_AGGZOOM_MAX), and whether any count is
// positive or negative (negative counts come from negative increments and
// draw bars to the left of the axis).
type DistScale struct {
	total                *big.Float
	exact                uint64 // the total, when an integer below 2^53
	positives, negatives bool
	// UTF8 draws bars of positive counts with Unicode block elements,
	// to an eighth of a column (the encoding=utf8 option).
	UTF8 bool
}

// NewDistScale returns the scale of a table showing rows with counts. With
// zoom (the aggzoom option) the largest count fills 95% of the bar.
func NewDistScale(counts []int64, zoom bool) *DistScale {
	s := &DistScale{}
	var sum uint64
	exact := !zoom
	for _, c := range counts {
		s.positives = s.positives || c > 0
		s.negatives = s.negatives || c < 0
		a := absU(c)
		exact = exact && a < 1<<53 && sum+a < 1<<53
		sum += a
	}
	if exact {
		s.exact = sum
		s.total = new(big.Float).SetPrec(ldPrec).SetUint64(sum)
		return s
	}
	s.total = ld(0)
	for _, c := range counts {
		if zoom {
			if v := zoomed(c); s.total.Cmp(v) < 0 {
				s.total = v
			}
		} else {
			s.total = new(big.Float).SetPrec(ldPrec).Add(s.total, ldAbs(c))
		}
	}
	return s
}

func absU(c int64) uint64 {
	if c < 0 {
		return uint64(-c)
	}
	return uint64(c)
}

// NewDistTotal returns the scale agghist draws an aggregation's values
// with: their total as DTrace sums it, and whether any is positive or
// negative.
func NewDistTotal(total int64, positives, negatives bool) *DistScale {
	s := &DistScale{total: ld(total), positives: positives, negatives: negatives}
	if total > 0 && total < 1<<53 {
		s.exact = uint64(total)
	}
	return s
}

// share returns |count|*width/total, as DTrace computes it.
func (s *DistScale) share(count int64, width int) *big.Float {
	return ldQuo(ldMul(ldAbs(count), ld(int64(width))), s.total)
}

// depth returns the bar length of count within width columns: its share
// rounded half up. With a total below 2^53, which long double holds
// exactly, the share is at least 1/(2*total) from any rounding boundary it
// does not sit on, far more than long double's error, so integers give
// DTrace's result, ten times faster.
func (s *DistScale) depth(count int64, width int) int {
	if s.total.Sign() == 0 {
		return 0
	}
	if a := absU(count); s.exact > 0 && a <= s.exact {
		return int(min((2*a*uint64(width)+s.exact)/(2*s.exact), uint64(width)))
	}
	f := new(big.Float).SetPrec(ldPrec).Add(s.share(count, width), big.NewFloat(0.5))
	d, _ := f.Int64()
	return int(min(max(d, 0), int64(width)))
}

// AppendDistRow appends one row of a distribution table: the label
// right-aligned in 16 columns, a space and the bar (AppendBar).
func (s *DistScale) AppendDistRow(dst []byte, label string, count int64, normal uint64) []byte {
	dst = appendStr(dst, spec{width: 16}, label)
	return s.AppendBar(append(dst, ' '), count, normal)
}

// UTF-8 bars: a full block, and the base from which the partial blocks of
// one to seven eighths count down.
const (
	blockFull = '\u2588'
	blockBase = '\u258f'
	blockEnds = 8
)

// AppendBar appends a bar of a distribution table: the bar of count, drawn
// to the right of the axis, to the left of it when every count is
// negative or not positive, or half as long on either side of a centre
// axis when the counts have both signs; then the count divided by normal
// (the normalize() factor, 1 for none) and a newline.
func (s *DistScale) AppendBar(dst []byte, count int64, normal uint64) []byte {
	if normal == 0 {
		normal = 1
	}
	switch {
	case !s.negatives && s.positives && s.UTF8:
		f := s.share(count, barWidth)
		w, _ := f.Int64()
		whole := int(min(max(w, 0), barWidth))
		frac := new(big.Float).SetPrec(ldPrec).Sub(f, ld(int64(whole)))
		p, _ := ldMul(frac, ld(blockEnds)).Int64()
		dst = append(dst, '|')
		for range whole {
			dst = utf8.AppendRune(dst, blockFull)
		}
		n := whole
		if p != 0 {
			dst = utf8.AppendRune(dst, blockBase-rune(p-1))
			n++
		}
		dst = append(dst, spaces[:barWidth-min(n, barWidth)]...)
	case !s.negatives:
		d := 0
		if s.positives {
			d = s.depth(count, barWidth)
		}
		dst = append(dst, '|')
		dst = append(dst, ats[:d]...)
		dst = append(dst, spaces[:barWidth-d]...)
	case !s.positives:
		d := s.depth(count, barWidth)
		dst = append(dst, spaces[:barWidth-d]...)
		dst = append(dst, ats[:d]...)
		dst = append(dst, '|')
	default:
		const half = barWidth / 2
		d := s.depth(count, half)
		if count <= 0 {
			dst = append(dst, spaces[:half-d]...)
			dst = append(dst, ats[:d]...)
			dst = append(dst, '|')
			dst = append(dst, spaces[:half]...)
		} else {
			dst = append(dst, spaces[:half]...)
			dst = append(dst, '|')
			dst = append(dst, ats[:d]...)
			dst = append(dst, spaces[:half-d]...)
		}
	}
	dst = append(dst, ' ')
	// DTrace divides the signed count by the unsigned normal in C, which
	// makes the division unsigned.
	shown := strconv.FormatInt(int64(uint64(count)/normal), 10)
	dst = appendStr(dst, spec{flags: FlagLeft, width: 9}, shown)
	return append(dst, '\n')
}

// PackScale scales the cells of aggpack's one-line distributions: one
// character per bucket, from blank for zero through ever fuller ones to
// the largest, with the total of the buckets shown (the largest over
// DTRACE_AGGZOOM_MAX with aggzoom).
type PackScale struct {
	total *big.Float
	// UTF8 draws the cells with the eight lower block elements, else
	// with "__xxxxXX" (and "vvvvVV" for negative counts either way).
	UTF8 bool
}

// NewPackScale returns the scale of a packed line of counts.
func NewPackScale(counts []int64, zoom bool) *PackScale {
	s := NewDistScale(counts, zoom)
	return &PackScale{total: s.total}
}

// packBase is the lowest of the block elements aggpack draws with.
const packBase = '\u2581'

// AppendCell appends the cell of count.
func (s *PackScale) AppendCell(dst []byte, count int64) []byte {
	const ascii, neg = "__xxxxXX", "vvvvVV"
	cell := func(n int) int {
		// (count*(n-1))/total rounded half up, in long double.
		f := ldQuo(ldMul(ld(count), ld(int64(n-1))), s.total)
		f.Abs(f)
		i, _ := new(big.Float).SetPrec(ldPrec).Add(f, big.NewFloat(0.5)).Int64()
		return int(min(max(i, 0), int64(n-1)))
	}
	switch {
	case count == 0:
		return append(dst, ' ')
	case count < 0:
		return append(dst, neg[cell(len(neg))])
	case s.UTF8:
		return utf8.AppendRune(dst, packBase+rune(cell(blockEnds)))
	}
	return append(dst, ascii[cell(len(ascii))])
}
