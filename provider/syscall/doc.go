// Package syscall owns the syscall provider: syscall::NAME:entry and
// syscall::NAME:return for every system call the running kernel traces.
//
// Probes are listed from tracefs (events/syscalls/sys_enter_NAME) and
// their argument types read from each event's format, but no program uses
// those tracepoints: all entry probes share ONE raw tracepoint program on
// sys_enter and all return probes one on sys_exit, each dispatching on the
// syscall number with a binary search, so enabling syscall:::entry costs
// one attachment instead of hundreds. Entry arguments are read from the
// task's saved registers; return probes get the return value in arg0 and
// arg1, as DTrace gives it. Numbers come from a table generated from
// golang.org/x/sys/unix (zsysnum_amd64.go, zsysnum_arm64.go), since the kernel
// exports none; where the registers are is package internal/ptregs's
// (sysregs.go). Argument types come from each event's tracefs format, read
// by provider/internal/tracepoint's parser.
//
// # Copies that fail at entry are retried at the return
//
// A BPF program on a tracepoint may not sleep, so copyin(), copyinto()
// and copyinstr() read user memory only where it is mapped: at a system
// call's entry, a path in a page the process has not touched yet (a
// string in the read-only data of a program just started, a file mapped
// and never read) cannot be copied, although the kernel is about to fault
// the page in and read it. DTrace and bpftrace report "invalid address"
// there; on a busy machine about 1% of openat() paths. Here, where this
// kernel has no sleepable program on a system call's entry (sleepable
// tracepoint programs are refused, fentry is not available), such a copy
// is retried at the call's return, where the page is mapped:
//
//   - The clause stops at the copy that failed, outputs nothing, and the
//     rest of the entry firing (that clause and the ones after it) is
//     saved, keyed by thread: the probe, the arguments, the timestamp,
//     the this-> variables. At the return of the same call by the same
//     thread, before the return probe's own clauses, the saved clauses
//     run again from the one that stopped, with deferral off; a copy that
//     fails again (an address that is not valid at all) is reported then,
//     as a fault of the entry probe (and ERROR runs there).
//   - What the user sees: the entry's records come at the return, after
//     whatever other probes the call fired meanwhile, and before the
//     return's records. They carry the entry probe (its ID, its name, the
//     same EPID) and the entry's arguments and timestamp; what a clause
//     reads anew is read at the return: the CPU, vtimestamp,
//     walltimestamp, stacks, global and thread-local variables (which the
//     return's own clauses have not changed yet), and the user string as
//     it is in memory then.
//   - Only a copy before which the clause has changed nothing is retried:
//     none of its earlier statements, nor the operands of the statement
//     holding the copy, assigns a variable (this-> included), aggregates,
//     or calls exit(), speculation(), commit(), discard(), raise(),
//     stop(), chill(), copyout(), copyoutstr() or strtok(), since the
//     clause runs again from its start. Such a copy, and any copy in an
//     ERROR clause, faults at entry as before. `this->p = copyinstr(arg0)`,
//     `printf("%s", copyinstr(arg0))`, `@[copyinstr(arg0)] = count()` and
//     `self->path = copyinstr(arg1)` are all retried.
//   - exit, exit_group, execve, execveat and rt_sigreturn never retry:
//     the first two do not return, execve returns in another address
//     space, and rt_sigreturn returns as no system call. Their copies
//     fault at entry, as before. A return whose system call number is
//     not the entry's (a tracer rewrote it) drops the saved firing.
//   - A call that never returns while tracing (a read that blocks until
//     dtrace exits) never outputs its entry's records, nor reports their
//     faults; a firing saved when tracing stops is dropped. At most 1,024
//     threads have a saved firing at once; past that, the clause runs
//     again at entry with deferral off and its fault is reported at once.
//   - A program whose entry clauses that may retry and return clauses
//     number more than 124 does not retry: the return program could not
//     hold them all (the kernel's bound on BPF functions).
//   - -x nocopyretry turns the retry off: every copy that fails faults at
//     entry, as in DTrace. The retry costs a program at every system
//     call's exit, as a return probe does, which ends at once while no
//     firing waits: about 60 ns a call here (bench/README.md).
//
// The entry program saves a firing and the return program resumes it
// (bpfrt/defer.go); code generation decides which copies may defer
// (cg/defer.go). A pid or usdt probe (a uprobe) has no return to wait
// for; its copies still fault when the page is not mapped.
package syscall
