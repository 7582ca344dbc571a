// Package agg owns the consumer-side model of D aggregations: the data
// layout each aggregating function keeps (so that the BPF side can fill
// the same layout), the functions' arithmetic (bucketing, per-CPU merge,
// avg and the 128-bit stddev), the operations clear(), trunc(),
// normalize() and denormalize(), DTrace's sort orders with the aggsort*
// options, illumos's agghist, aggpack and aggzoom layouts, and the text of aggregations: printa() with and without a
// format, several aggregations joined on their keys, the distribution
// tables of quantize(), lquantize() and llquantize(), and the output of
// the aggregations left unprinted when a run ends.
//
// Keys are format.Values; the printf engine and the table rows come from
// package format.
package agg
