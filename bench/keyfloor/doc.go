// Command keyfloor is the hand-written eBPF program that does the work of
// @[execname] = count() on syscall::getppid:entry and nothing else: the
// floor that the benchmark README compares dtrace's generated code with.
// It counts getppid entries by comm in a per-CPU hash, on the raw
// tracepoint sys_enter (as dtrace attaches) or on the tracepoint
// syscalls:sys_enter_getppid (as bpftrace does):
//
//	keyfloor -attach rawtp     # if id != getppid: exit; comm; lookup; ++ or insert
//	keyfloor -attach tp
//
// It prints READY once attached and, on SIGINT or SIGTERM, the count for
// comm "sysloop" as events=N: the contract of a tracer profile of the
// shared benchmark harness (keyfloor.sh).
package main
