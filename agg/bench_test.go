package agg

import (
	"strconv"
	"testing"

	"github.com/godtrace/godtrace/format"
)

// BenchmarkQuantizePrint prints a quantize() table spanning 64 buckets.
func BenchmarkQuantizePrint(b *testing.B) {
	a := New(1, "q", Quantize, Params{})
	for v := int64(1); v < 1<<62; v *= 2 {
		a.Add(v, 1)
		a.Add(-v, 1)
	}
	e := a.Entries()[0]
	var buf []byte
	for b.Loop() {
		buf = a.appendDatum(buf[:0], e.Data, nil)
	}
}

// BenchmarkPrintaManyKeys sorts and prints 10000 keyed counts.
func BenchmarkPrintaManyKeys(b *testing.B) {
	a := New(1, "c", Count, Params{})
	for i := 0; i < 10000; i++ {
		a.Add(0, int64(i%97), format.String("key"+strconv.Itoa(i)))
	}
	var buf []byte
	for b.Loop() {
		buf = Printa(buf[:0], nil, a)
	}
}
