// Package prom owns dtrace -x exporter=ADDR: a run's aggregations served
// over HTTP as Prometheus metrics, so that a D script becomes a metrics
// exporter and Prometheus gathers and merges them across machines.
//
// The Exporter is an output.Writer. Listen binds the address at once, so
// that an address that cannot be used fails before tracing starts, and
// serves /metrics (the Prometheus text format or OpenMetrics, as the
// scraper asks, through client_golang's promhttp) and /healthz. Its
// Collector holds no copy of the aggregations and runs no thread of its
// own: each scrape takes a snapshot through output.Start.Snapshot, which
// the session serialises with its own snapshots (printa(), clear(),
// trunc()), and turns it into metric families:
//
//   - each aggregation is a family named dtrace_NAME (dtrace_agg for @),
//     its keys labels named k0, k1... or as exporterlabels names them;
//   - count() and sum() are counters, dtrace_NAME_total, unless the
//     program clears, truncates or normalizes them: then gauges;
//     min(), max(), avg() and stddev() are gauges of printa()'s value;
//   - quantize(), lquantize() and llquantize() are classic histograms
//     whose bucket bounds (le) are the largest values of DTrace's buckets;
//   - stack() and ustack() keys are folded stacks (root;...;leaf) of at
//     most exporterframes frames;
//   - drops and faults are dtrace_drops_total{kind} and
//     dtrace_errors_total, besides the process_ and go_ metrics of the
//     dtrace process itself.
//
// docs/prometheus.md tells the whole mapping and why.
package prom
