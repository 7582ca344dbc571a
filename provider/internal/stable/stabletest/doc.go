// Package stabletest owns the live-test harness of the providers:
// hand-written clauses that record the firing task and the probe's
// arguments, a run of them around a workload or a set of traced
// processes, and the pieces the provider tests and benchmarks share (a
// counting clause, kernel run-time statistics, C test targets, loopback
// UDP traffic, a spinning thread).
package stabletest
