package agg

import (
	"strconv"

	"github.com/godtrace/godtrace/format"
)

// hist is an aggregation value drawn as a distribution table; it is the
// format.Histogram of %@ conversions and of default output.
type hist struct {
	a      *Aggregation
	data   []int64
	normal uint64
	o      *Options // the zoom and encoding options, nil for none
}

// scale returns the scale of a table showing rows with counts.
func (h hist) scale(counts []int64) *format.DistScale {
	s := format.NewDistScale(counts, h.o != nil && h.o.Zoom)
	s.UTF8 = h.o != nil && h.o.UTF8
	return s
}

func (h hist) AppendHistogram(dst []byte) []byte {
	switch h.a.Func {
	case Quantize:
		return h.appendQuantize(dst)
	case LQuantize:
		return h.appendLQuantize(dst)
	}
	return h.appendLLQuantize(dst)
}

// span returns the rows to show: from one before the first non-zero
// bucket to one after the last, or def when all are zero.
func span(data []int64, def [2]int) (first, last int) {
	first, last = 0, len(data)-1
	for first <= last && data[first] == 0 {
		first++
	}
	if first > last {
		return def[0], def[1]
	}
	if first > 0 {
		first--
	}
	for last > 0 && data[last] == 0 {
		last--
	}
	if last < len(data)-1 {
		last++
	}
	return first, last
}

func (h hist) appendQuantize(dst []byte) []byte {
	first, last := span(h.data, [2]int{QuantizeZero - 1, QuantizeZero + 1})
	s := h.scale(h.data[first : last+1])
	dst = format.AppendDistHeader(dst)
	for i := first; i <= last; i++ {
		dst = s.AppendDistRow(dst, strconv.FormatInt(QuantizeBucketValue(i), 10), h.data[i], h.normal)
	}
	return dst
}

func (h hist) appendLQuantize(dst []byte) []byte {
	p := h.a.Params
	first, last := span(h.data, [2]int{0, 2})
	s := h.scale(h.data[first : last+1])
	dst = format.AppendDistHeader(dst)
	for i := first; i <= last; i++ {
		var label string
		switch i {
		case 0:
			label = "< " + strconv.FormatInt(p.Base, 10)
		case p.Levels + 1:
			label = ">= " + strconv.FormatInt(p.Base+int64(p.Levels)*p.Step, 10)
		default:
			label = strconv.FormatInt(p.Base+int64(i-1)*p.Step, 10)
		}
		dst = s.AppendDistRow(dst, label, h.data[i], h.normal)
	}
	return dst
}

// llValues returns the lower bound of each llquantize() bucket, for
// sorting.
func (p Params) llValues() []int64 {
	nbins, bin0 := p.llBins()
	v := make([]int64, nbins)
	per := p.Steps - p.Steps/p.Factor
	for m := p.LowMag; m <= p.HighMag; m++ {
		top := pow(p.Factor, m+1)
		for j := 0; j < per; j++ {
			// The smallest value whose bucket is j in magnitude m.
			q := uint64(p.Steps/p.Factor + j)
			lo := (q*top + uint64(p.Steps) - 1) / uint64(p.Steps)
			k := (m-p.LowMag)*per + j
			v[bin0+1+k] = int64(lo)
			v[bin0-1-k] = -int64(lo)
		}
	}
	v[nbins-1] = int64(pow(p.Factor, p.HighMag+1))
	v[0] = -v[nbins-1]
	return v
}

// llLabels returns the row labels of an llquantize() table showing rows
// first..last, as dt_print_llquantize writes them; "" marks a bucket no
// integer reaches (with LowMag 0 and more steps than the factor), which is
// not printed. Labels are cut to 15 characters, as DTrace's are.
func (p Params) llLabels(first, last int) map[int]string {
	nbins, bin0 := p.llBins()
	sf := p.Steps / p.Factor
	pad := 0
	if p.LowMag == 0 && p.Steps > p.Factor {
		pad = sf
	}
	c := map[int]string{}
	put := func(i int, s string) {
		if i >= first-pad && i <= last+pad && i >= 0 && i < nbins {
			if len(s) > 15 {
				s = s[:15]
			}
			c[i] = s
		}
	}
	u := func(v uint64) string { return strconv.FormatUint(v, 10) }
	scale := pow(p.Factor, p.LowMag)
	switch {
	case scale == 1:
		put(bin0, "0")
	case first >= bin0:
		put(bin0, "< "+u(scale))
	default:
		put(bin0, "abs() < "+u(scale))
	}
	put(bin0-1, "-"+u(scale))
	put(bin0+1, u(scale))
	mag, i := p.LowMag, 1
	if p.LowMag == 0 && p.Steps > p.Factor {
		for step := 2; step <= p.Factor; step++ {
			i += sf
			put(bin0-i, "-"+strconv.Itoa(step))
			put(bin0+i, strconv.Itoa(step))
		}
		mag++
	}
	scale = pow(p.Factor, mag+1) / uint64(p.Steps)
	for ; mag <= p.HighMag; mag++ {
		for step := sf + 1; step <= p.Steps; step++ {
			i++
			put(bin0-i, "-"+u(uint64(step)*scale))
			put(bin0+i, u(uint64(step)*scale))
		}
		scale *= uint64(p.Factor)
	}
	scale = pow(p.Factor, p.HighMag+1)
	put(0, "<= -"+u(scale))
	put(nbins-1, ">= "+u(scale))
	if pad > 0 {
		// A shown range ending on a bucket without a label takes the
		// nearest label beyond it.
		if c[first] == "" {
			for k := 1; k < pad; k++ {
				if l := c[first-k]; l != "" {
					c[first] = l
					break
				}
			}
		}
		if c[last] == "" {
			for k := 1; k < pad; k++ {
				if l := c[last+k]; l != "" {
					c[last] = l
					break
				}
			}
		}
	}
	return c
}

func (h hist) appendLLQuantize(dst []byte) []byte {
	p := h.a.Params
	nbins, bin0 := p.llBins()
	first, last := 0, nbins-1
	for first <= last && h.data[first] == 0 {
		first++
	}
	if first > last {
		first, last = bin0+1, bin0+1
	} else {
		for h.data[last] == 0 {
			last--
		}
	}
	s := h.scale(h.data[first : last+1])
	dst = format.AppendDistHeader(dst)
	if first > 0 {
		first--
	}
	if last < nbins-1 {
		last++
	}
	labels := p.llLabels(first, last)
	for i := first; i <= last; i++ {
		if l := labels[i]; l != "" {
			dst = s.AppendDistRow(dst, l, h.data[i], h.normal)
		}
	}
	return dst
}
