// Package dtrace owns the dtrace provider: the BEGIN, END and ERROR probes.
//
// BEGIN and END fire in the dtrace process itself, so pid and execname
// are dtrace's: each is a raw tracepoint program that the session fires
// with BPF_PROG_RUN from its own thread (bpfrt.Run) instead of attaching
// it. Measured on this project's test kernel (6.18, 2 CPUs, loaded):
// BPF_PROG_RUN fires in 10-60us with nothing to set up; the alternative
// Oracle uses, a uprobe on a function of our own binary, took 8-32ms to
// attach (ELF symbol lookup and uprobe registration), 50-200us to fire
// and 80-110ms to detach (the kernel waits for an RCU grace period), far
// beyond the 25ms budget of `dtrace -n 'BEGIN { exit(0); }'`, and would
// need a symbol table a stripped static binary lacks.
//
// ERROR has no program: its clauses are linked into every program that
// can fault and run from the fault subprogram (see bpfrt).
package dtrace
