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
package syscall
