// Package dtrace owns the DTrace session as a Go API — options, compiling D
// programs (preprocessing, parsing, pragmas, checking), matching them
// against the providers' probes, enabling and running them, and handing
// their output over. The dtrace(8) command line (cmd/dtrace) is built on
// it; the package itself takes no signals and never ends the process.
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
// # Step by step
//
// Run is Exec (Generate, then Start) and Go in one call. dtrace(8) takes
// the steps apart: Generate makes the code, which -S lists (WriteAsm),
// before anything is loaded; Start loads and attaches it, after which
// Refused and BufSize say what the kernel left out or gave less of; Go
// runs it. SetTesting is dtrace(8)'s testing mode; CheckPrivileges and
// ErrorText give DTrace's check and wording of errors.
//
// WriteHeader and WriteObject turn the USDT providers a script defines
// into a C header and an object file (dtrace -h and -G; package usdtgen
// has the design). The processes of CreateProcess and GrabProcess are
// followed by the session from the start, so that their user stacks print
// as symbols after they exit.
package dtrace
