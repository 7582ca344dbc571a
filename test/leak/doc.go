// Package leak owns the tests that prove dtrace leaves nothing behind on
// every way a run ends: exit(), ^C, the two-SIGINT burst of timeout(1),
// SIGTERM, SIGKILL, a compile error, a load the kernel refuses, a runtime
// fault, a -c command that exits or does not exist, a -p target that
// exits or outlives dtrace.
//
// Two kinds of evidence are collected. For the command, run as users run
// it: the BPF programs it held while tracing no longer exist afterwards,
// no uprobe or kprobe entry it could have made is left in tracefs, and
// its targets are as dtrace(8) leaves them (a -c command killed, a -p
// process running on, not stopped). For the Go API, where the process
// lives on and a leak would accumulate: after each way out, the process
// holds no more BPF program, map or link descriptors, perf events or
// goroutines than before the run.
package leak
