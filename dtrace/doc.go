// Package dtrace owns the DTrace session as a Go API — options, compiling D
// programs (preprocessing, parsing, pragmas, checking), matching them
// against the providers' probes, enabling and running them, and handing
// their output over — and the dtrace(8) command line built on it, which
// cmd/dtrace runs.
//
// # Using it from Go
//
// A program opens a Handle, compiles D with CompileString or CompileFile,
// and runs it with Run, which hands every record to an output.Writer as
// Go values:
//
//	h := dtrace.Open()
//	defer h.Close() // kills what CreateProcess started, lets go what GrabProcess held
//	prog, err := h.CompileString(`syscall::read:entry { @bytes[execname] = sum(arg2); }`, dtrace.SpecName, nil)
//	...
//	status, err := h.Run(ctx, prog, &output.Funcs{
//		ProbeFunc: func(p *output.Probe) error { ... p.Actions ... },
//		EndFunc:   func(e *output.End) error { ... e.Aggs ... },
//	})
//
// A probe firing (output.Probe) carries its actions in order: trace()
// values, printf()'s format and arguments, print()'s typed value, and for
// printa() a snapshot of the aggregations, which agg.Tuples sorts as
// printa() would; the end (output.End) carries every aggregation and the
// exit status. Records are valid during the callback only. Cancelling ctx
// ends the run as exit() does: END fires, then the end record. Options
// (Handle.Options) apply as they do on the command line; output.Text and
// output.JSON are the writers of dtrace(8)'s text and of its JSON lines.
// Run needs the privileges tracing needs (root, or CAP_BPF and
// CAP_PERFMON).
//
// # The command line
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
//
// -h and -G turn the USDT providers a script defines into a C header and
// an object file (WriteHeader, WriteObject; package usdtgen has the
// design). The processes of -c and -p are followed by the session from the
// start, so that their user stacks print as symbols after they exit.
package dtrace
