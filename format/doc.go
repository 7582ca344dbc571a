// Package format owns DTrace's text output of traced values: the printf
// engine (format-string parsing with each conversion's argument prototype,
// and C-style rendering of every conversion D has), trace() and tracemem()
// output, print()'s typed layout of a value, the probe lines of the
// default and flow-indented layouts, the distribution-table rows drawn for
// quantize-style aggregations, and the inet_ntoa/inet_ntop text helpers.
//
// The package is pure Go and needs no kernel: the consumer decodes records
// into Values and hands them over. Aggregation-specific output (sorting,
// keys, printa) lives in package agg, which draws its tables with the row
// primitives here.
package format
