// Package proc owns control of the user processes a tracer targets:
// starting a command stopped before its first instruction (dtrace -c),
// grabbing a running process (dtrace -p), noticing their exit, and the
// facts about them the tracer needs (/proc/PID/maps, exe path, execname).
//
// # Creating a process
//
// Create forks and execs the command under ptrace (PTRACE_TRACEME, so the
// child stops with SIGTRAP right after execve, before the dynamic linker
// has run a single instruction). ptrace requests are only accepted from
// the thread that became the tracer, and the Go scheduler moves
// goroutines between threads, so every Process created stopped owns a
// goroutine locked to one OS thread that forks the child and issues all
// later ptrace requests. When the process is resumed with Continue the
// tracer detaches, the goroutine ends and its thread exits with it;
// uprobes need no ptrace, and the process remains our child, so its exit
// is still reported with its status.
//
// Where the process stops first is DTrace's evaltime option:
//
//   - exec: at the exec stop, the first instruction of the dynamic linker
//     (or of a static executable). Only the executable, the dynamic linker
//     and the vDSO are mapped.
//   - preinit: at the executable's entry point (AT_ENTRY), reached with a
//     temporary breakpoint. The dynamic linker has mapped every library
//     and, with glibc, run the libraries' initialisers; the executable's
//     own initialisers have not run.
//   - postinit and main: at the first instruction of main, reached with a
//     temporary breakpoint at the address of the main symbol in the
//     executable's symbol tables. glibc runs the executable's initialisers
//     from __libc_start_main just before calling main, so on Linux both
//     stops are the same point. When the executable has no main symbol
//     (stripped), the process stops at the entry point instead.
//
// A breakpoint is an int3 (BRK #0 on arm64) written over the start of the instruction
// with PTRACE_POKEDATA; when the trap is hit the byte is restored and the
// instruction pointer moved back, so the program is unchanged. Signals that
// arrive meanwhile are delivered to the program.
//
// # Exit detection
//
// Both kinds of Process watch their target with a waitfd.File: its
// descriptor (Fd) or Done channel can be selected on by the consumer loop.
// A grabbed process is not our child: its exit is seen through its pidfd,
// and its status only when the kernel can tell it (PIDFD_INFO_EXIT after
// its parent has reaped it). ExitMessage formats the notice dtrace(8)
// prints.
package proc
