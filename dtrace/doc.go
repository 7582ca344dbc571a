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
//	defer h.Close() // closes its Tracing, kills what CreateProcess started, lets go what GrabProcess held
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
// Running needs the privileges tracing needs (root, or CAP_BPF and
// CAP_PERFMON); compiling a program of BEGIN, END and tick probes does
// not.
//
// # Lifecycle
//
// As with database/sql's rows and cilium/ebpf's links, what holds kernel
// objects is a value with a Close. Run is three steps in one call:
//
//	t, err := h.Exec(prog, w) // Generate, then StartWriter: loaded and attached, not yet firing
//	defer t.Close()           // detaches the probes, frees programs, maps and buffers
//	status, err := t.Wait(ctx) // BEGIN, the records, END: until exit() or ctx is done
//
// dtrace(8) takes them further apart: Generate makes the code, which -S
// lists (WriteAsm), before anything is loaded; Start loads and attaches
// it with the writers the options ask for, after which the Tracing's
// Refused and BufSize say what the kernel left out or gave less of; Wait
// runs it. A handle enables one program at a time: Start again once the
// Tracing is closed. Handle.Close closes the Tracing, the processes and
// all the handle holds; closing twice is harmless. Used in the wrong
// order, on a closed value or on one not made by this package (a nil
// Program, the zero Handle), a method returns an error (ErrClosed for a
// closed one), never panics.
//
// CompileFileContext is CompileFile with a context, whose end kills the
// C preprocessor (-C) if it runs, and CompileOptions.CppStderr, where
// the preprocessor's messages go. The files of the programs a handle
// compiles are one set (d/token.FileSet): errors in a program merged
// from several scripts (Merge, dtrace -s a.d -s b.d) name the file and
// line they are in.
//
// # Concurrency
//
// A Handle, and the Programs and Code it made, are for one goroutine at
// a time, as DTrace's handle is. Distinct handles share nothing and may
// be used from different goroutines at once. A Tracing is safe for
// concurrent use: Wait may be called from several goroutines (each
// returns the run's result, and each one's ctx ends the run), and Close,
// or Handle.Close, from any goroutine stops a Wait in progress. The
// writer is called from the goroutine of the first Wait, one record at a
// time. SetTesting is dtrace(8)'s testing mode; CheckPrivileges and
// ErrorText give DTrace's check and wording of errors.
//
// WriteHeader and WriteObject turn the USDT providers a script defines
// into a C header and an object file (dtrace -h and -G; package usdtgen
// has the design). The processes of CreateProcess and GrabProcess are
// followed by the session from the start, so that their user stacks print
// as symbols after they exit.
package dtrace
