package format

import (
	"math/big"
	"math/bits"
	"strconv"
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
	return append(dst, "\n           value  ------------- Distribution ------------- count    \n"...)
}

// DistScale is what the bars of one distribution table are scaled by: the
// sum of the absolute counts of the rows shown, and whether any count is
// positive or negative (negative counts come from negative increments and
// draw bars to the left of the axis).
type DistScale struct {
	total                big.Int
	small                uint64 // total, when below 2^63
	isSmall              bool
	positives, negatives bool
}

// NewDistScale returns the scale of a table showing rows with counts. With
// zoom (the aggzoom option) the largest count fills the whole bar.
func NewDistScale(counts []int64, zoom bool) *DistScale {
	s := new(DistScale)
	var a big.Int
	for _, c := range counts {
		s.positives = s.positives || c > 0
		s.negatives = s.negatives || c < 0
		a.SetUint64(absU(c))
		if zoom {
			if a.Cmp(&s.total) > 0 {
				s.total.Set(&a)
			}
		} else {
			s.total.Add(&s.total, &a)
		}
	}
	if s.total.IsUint64() && s.total.Uint64() < 1<<63 {
		s.small, s.isSmall = s.total.Uint64(), true
	}
	return s
}

func absU(c int64) uint64 {
	if c < 0 {
		return uint64(-c)
	}
	return uint64(c)
}

// depth returns the bar length of count within width columns: the count's
// share of the total, rounded half up.
func (s *DistScale) depth(count int64, width int) int {
	if s.total.Sign() == 0 {
		return 0
	}
	// floor((2*|count|*width + total) / (2*total)), in 128 bits when the
	// total allows: the quotient is at most width, so it cannot overflow.
	if s.isSmall {
		hi, lo := bits.Mul64(absU(count), uint64(2*width))
		lo, c := bits.Add64(lo, s.small, 0)
		hi += c
		if d := 2 * s.small; hi < d {
			q, _ := bits.Div64(hi, lo, d)
			return int(min(q, uint64(width)))
		}
		return width
	}
	var n, d big.Int
	n.SetUint64(absU(count))
	n.Mul(&n, big.NewInt(int64(2*width)))
	n.Add(&n, &s.total)
	d.Lsh(&s.total, 1)
	n.Quo(&n, &d)
	if n.Cmp(big.NewInt(int64(width))) > 0 {
		return width
	}
	return int(n.Int64())
}

// AppendDistRow appends one row of a distribution table: the label
// right-aligned in 16 columns, the bar, and the count divided by normal
// (the normalize() factor, 1 for none), and a newline.
func (s *DistScale) AppendDistRow(dst []byte, label string, count int64, normal uint64) []byte {
	dst = appendStr(dst, spec{width: 16}, label)
	dst = append(dst, ' ')
	if normal == 0 {
		normal = 1
	}
	// DTrace divides the signed count by the unsigned normal in C, which
	// makes the division unsigned.
	shown := strconv.AppendInt(nil, int64(uint64(count)/normal), 10)
	switch {
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
	dst = appendStr(dst, spec{flags: FlagLeft, width: 9}, string(shown))
	return append(dst, '\n')
}
