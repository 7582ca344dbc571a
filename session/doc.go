// Package session owns a compiled D program brought to life: the probe
// table it is given and compiled against (NewProbes; package dtrace
// passes one of every provider, provider/registry's), the runtime maps
// sized for it with the string table and globals filled in, the programs
// of its enabled probes built, loaded and attached through package
// enable, and the consumer side of the run, whose buffers package consume
// reads: each record decoded once by the program's record
// descriptions into the records of an output.Writer (probe firings with
// their actions' values, faults, drops), the aggregations kept — their
// snapshots at printa() and at the end, clear(), trunc(), normalize() —
// the effects of system(), freopen() and ftruncate() carried out once
// each (output.Effects), and the hook that tells when tracing is active.
// Start prints as DTrace prints; StartWith hands the records to any
// output.Writer, which may also take snapshots of the aggregations on
// demand, from another goroutine, while the run goes on
// (output.Start.Snapshot).
//
// Kernel addresses are symbolized with the kernel's symbol table, loaded
// only for programs that record some; user addresses through the
// mappings and ELF symbol tables of their processes (syms.go), cached per
// process and kept after it exits. The processes of -c and -p are
// followed from the start (Session.Follow, with one proc.MapWatch each,
// which mapfeed.go hands to the symbolizer and the unwinder alike),
// others read at their first record or key notice; a process gone before
// that prints raw addresses, as in DTrace. For a program that unwinds
// user stacks with tables, following a target also loads the .eh_frame
// rows of the objects it maps, and of those it maps later, into the
// unwind maps (unwind.go); any other process has its tables loaded when a
// probe first asks for them, and followed by one system-wide
// proc.SystemMapWatch.
package session
