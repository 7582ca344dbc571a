// Command dtrace is the dtrace(8) command: it parses its command line and
// runs it through package dtrace, printing DTrace's messages and ending
// with its exit status; it catches SIGINT and SIGTERM, which end a run as
// exit() does (a second one, later, ends dtrace at once).
//
// The command line follows Oracle's DTrace for Linux: the same getopt
// option letters and ordering rules (probe clauses from -n, -P, -m, -f, -i
// and -s compile in command-line order; words that are not options are the
// macro arguments $1, $2, ...), the same messages, and the same exit status:
// 0 on success, 1 on an error, 2 on a usage error. Beyond DTrace's text,
// -x oformat=json writes JSON lines (docs/json-output.md; FreeBSD's
// --libxo json and -O are accepted), -x stackformat=folded prints stack
// aggregations for flame graphs, -x pprof=FILE writes them as a pprof
// profile, and -x exporter=ADDR serves every aggregation as Prometheus
// metrics while the script runs (docs/prometheus.md, package output/prom).
// -h and -G write the header and the object of the USDT providers a
// script defines.
package main
