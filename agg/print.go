package agg

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/godtrace/godtrace/format"
)

func (o *Options) printer() *format.Printer {
	if o != nil && o.Printer != nil {
		return o.Printer
	}
	return format.NewPrinter()
}

// Printa appends the output of printa() of the aggregations without a
// format string: a newline, then one line per tuple, sorted, holding the
// keys and each aggregation's value (several aggregations are joined on
// their keys, a missing value printing as zero). The aggregations are
// marked printed when they had a tuple to print.
//
// With one aggregation, the agghist and aggpack options apply (see
// Options); with several, they do not, as in DTrace.
func Printa(dst []byte, o *Options, aggs ...*Aggregation) []byte {
	dst = append(dst, '\n')
	bs := bundles(o, aggs)
	p := o.printer()
	var l layout
	if len(aggs) == 1 {
		l = o.layoutOf(aggs[0])
	}
	for i, b := range bs {
		if i == 0 && (l.hist || l.pack) {
			dst = l.appendHeader(dst, aggs[0], b.keys)
		}
		dst = appendLine(dst, p, o, l, b)
	}
	markPrinted(aggs, bs)
	return dst
}

// markPrinted marks the aggregations of a printa() printed, as DTrace
// does when it printed at least one tuple of them.
func markPrinted(aggs []*Aggregation, bs []bundle) {
	if len(bs) == 0 {
		return
	}
	for _, a := range aggs {
		a.Printed = true
	}
}

// PrintaFormat appends the output of printa(format, aggregations): the
// format applied to each tuple in order, its plain conversions taking the
// keys and its %@ conversions the aggregations' values. The aggregations
// are marked printed when they had a tuple to print.
func PrintaFormat(dst []byte, o *Options, convs []format.Conv, aggs ...*Aggregation) ([]byte, error) {
	p := o.printer()
	bs := bundles(o, aggs)
	markPrinted(aggs, bs)
	for _, b := range bs {
		vals := make([]format.Value, len(b.entries))
		for i, e := range b.entries {
			vals[i] = aggs[i].formatValue(e.Data, o)
		}
		var err error
		if dst, err = p.Append(dst, convs, b.keys, vals); err != nil {
			return dst, fmt.Errorf("printa(): %w", err)
		}
	}
	return dst, nil
}

// End appends what dtrace prints when a run ends: a newline, then every
// aggregation not printed by printa(), in ID order, as printa() would
// print them (without their leading newlines).
func (s *Set) End(dst []byte, o *Options) []byte {
	dst = append(dst, '\n')
	type item struct {
		a *Aggregation
		e *Entry
	}
	var items []item
	for _, a := range s.aggs {
		if a.Printed {
			continue
		}
		for _, e := range a.entries {
			items = append(items, item{a, e})
		}
	}
	slices.SortStableFunc(items, func(x, y item) int { return o.entryCmp(x.a, x.e, y.a, y.e) })
	p := o.printer()
	var last *Aggregation
	var l layout
	for _, it := range items {
		if it.a != last {
			last, l = it.a, o.layoutOf(it.a)
			if l.hist || l.pack {
				dst = l.appendHeader(dst, it.a, it.e.Keys)
			}
		}
		dst = appendLine(dst, p, o, l, bundle{keys: it.e.Keys, aggs: []*Aggregation{it.a}, entries: []*Entry{it.e}})
	}
	return dst
}

// bundle is one tuple of a printa(): its keys and, per aggregation, its
// entry (a zero-filled one where the aggregation lacks the tuple).
type bundle struct {
	keys    []format.Value
	aggs    []*Aggregation
	entries []*Entry
}

// bundles joins the aggregations on their keys and sorts the tuples.
func bundles(o *Options, aggs []*Aggregation) []bundle {
	if len(aggs) == 0 {
		return nil
	}
	var out []bundle
	if len(aggs) == 1 {
		es := aggs[0].entries
		out = make([]bundle, len(es))
		for i, e := range es {
			out[i] = bundle{keys: e.Keys, aggs: aggs, entries: es[i : i+1 : i+1]}
		}
		sortBundles(o, aggs, out)
		return out
	}
	seen := map[string]int{}
	for i, a := range aggs {
		for _, e := range a.entries {
			k := keyString(e.Keys)
			n, ok := seen[k]
			if !ok {
				n = len(out)
				seen[k] = n
				out = append(out, bundle{keys: e.Keys, aggs: aggs, entries: make([]*Entry, len(aggs))})
			}
			if out[n].entries[i] == nil {
				out[n].entries[i] = e
			}
		}
	}
	for _, b := range out {
		for i, e := range b.entries {
			if e == nil {
				b.entries[i] = &Entry{Keys: b.keys, Data: make([]int64, aggs[i].Func.DataLen(aggs[i].Params))}
			}
		}
	}
	sortBundles(o, aggs, out)
	return out
}

// sortBundles sorts the tuples of a printa(): by the values of the
// aggregations starting at SortPos, ties by key, or by key first with
// aggsortkey.
func sortBundles(o *Options, aggs []*Aggregation, out []bundle) {
	pos := 0
	if o != nil && o.SortPos > 0 && o.SortPos < len(aggs) {
		pos = o.SortPos
	}
	keysort := o != nil && o.SortKey
	slices.SortStableFunc(out, func(x, y bundle) int {
		if keysort {
			if c := o.keyCmp(x.entries[0], y.entries[0]); c != 0 {
				return c
			}
		}
		for i := range aggs {
			j := (i + pos) % len(aggs)
			if c := o.valCmp(aggs[j], x.entries[j], aggs[j], y.entries[j]); c != 0 {
				return c
			}
		}
		if keysort {
			return 0
		}
		return o.keyCmp(x.entries[0], y.entries[0])
	})
}

// appendLine appends one tuple in the default layout: each key, each
// value, and a newline; or, in agghist's and aggpack's layout l, the keys
// and the value's row.
func appendLine(dst []byte, p *format.Printer, o *Options, l layout, b bundle) []byte {
	if l.hist || l.pack {
		for _, k := range b.keys {
			dst = appendPackedKey(dst, p, k)
		}
		return l.appendRow(dst, b.aggs[0], b.entries[0].Data, o)
	}
	for _, k := range b.keys {
		dst = appendKey(dst, p, k)
	}
	for i, a := range b.aggs {
		e := b.entries[i]
		dst = a.appendDatum(dst, e.Data, o)
		if o != nil && o.PerCPU {
			cpus := slices.Clone(e.PerCPU)
			slices.SortStableFunc(cpus, func(x, y CPUData) int { return x.CPU - y.CPU })
			for _, c := range cpus {
				dst = append(dst, "\n    [CPU "...)
				dst = strconv.AppendInt(dst, int64(c.CPU), 10)
				dst = append(dst, ']')
				dst = a.appendDatum(dst, c.Data, o)
			}
		}
	}
	return append(dst, '\n')
}

// appendKey appends a key in the default layout, as dt_print_datum: 64-
// and 32-bit integers signed, 16- and 8-bit ones unsigned, right-aligned
// after a space (floats in the columns of integers of their size);
// strings and other data after two spaces in 50 columns.
func appendKey(dst []byte, p *format.Printer, k format.Value) []byte {
	switch k.Kind {
	case format.KindInt:
		var w int
		var n int64
		switch k.Size {
		case 8:
			w, n = 16, int64(k.Bits)
		case 4:
			w, n = 8, int64(int32(k.Bits))
		case 2:
			w, n = 5, int64(uint16(k.Bits))
		case 1:
			w, n = 3, int64(uint8(k.Bits))
		default:
			return format.AppendBytes(dst, rawInt(k), 50, false, p.RawBytes)
		}
		return appendRight(dst, strconv.FormatInt(n, 10), w)
	case format.KindString:
		if format.IsText(k.Str) && !p.RawBytes {
			return format.AppendPadded(dst, k.Str, 50)
		}
		return format.AppendBytes(dst, append([]byte(k.Str), 0), 50, false, p.RawBytes)
	case format.KindBytes:
		return format.AppendBytes(dst, k.Bytes, 50, false, p.RawBytes)
	case format.KindFloat:
		// DTrace knows a key only by its size and prints a float's bits
		// as an integer; its value, as trace() prints it, in an
		// integer's columns, says more.
		w := 16
		if k.Size == 4 {
			w = 8
		}
		return appendRight(dst, strconv.FormatFloat(k.Float, 'g', -1, 64), w)
	}
	q := *p
	q.Quiet = false
	return q.AppendTrace(dst, k)
}

func rawInt(k format.Value) []byte {
	b := make([]byte, k.Size)
	for i := range b {
		b[i] = byte(k.Bits >> (8 * i))
	}
	return b
}

// appendRight appends " " and s right-aligned in w columns.
func appendRight(dst []byte, s string, w int) []byte {
	dst = append(dst, ' ')
	for n := len(s); n < w; n++ {
		dst = append(dst, ' ')
	}
	return append(dst, s...)
}

// appendDatum appends an aggregation value in the default layout, as
// dt_print_datum: scalars right-aligned in 16 columns after a space,
// histograms as their table.
func (a *Aggregation) appendDatum(dst []byte, data []int64, o *Options) []byte {
	normal := a.normal()
	switch a.Func {
	case Avg:
		return appendRight(dst, strconv.FormatInt(avg(data, normal), 10), 16)
	case Stddev:
		return appendRight(dst, strconv.FormatUint(stddev(data, normal), 10), 16)
	case Quantize, LQuantize, LLQuantize:
		return hist{a: a, data: data, normal: normal, o: o}.AppendHistogram(dst)
	}
	// DTrace divides the signed value by the unsigned normal in C, which
	// makes the division unsigned.
	return appendRight(dst, strconv.FormatInt(int64(uint64(data[0])/normal), 10), 16)
}

// formatValue returns the value a %@ conversion formats: the result of the
// function, normalized, typed as DTrace types it (uint64_t for count(),
// int64_t for the others), or the histogram.
func (a *Aggregation) formatValue(data []int64, o *Options) format.Value {
	normal := a.normal()
	switch a.Func {
	case Count:
		return format.Uint(uint64(data[0])/normal, 8)
	case Avg:
		// pfprint_average divides in unsigned arithmetic.
		if data[0] == 0 {
			return format.Int(0, 8)
		}
		return format.Int(int64(uint64(data[1])/normal/uint64(data[0])), 8)
	case Stddev:
		return format.Int(int64(stddev(data, normal)), 8)
	case Quantize, LQuantize, LLQuantize:
		return format.Value{Kind: format.KindHistogram, Hist: hist{a: a, data: data, normal: normal, o: o}}
	}
	return format.Int(data[0]/int64(normal), 8)
}
