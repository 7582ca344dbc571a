// Package stabletest owns the live-test harness of the providers built on
// tracepoints: hand-written clauses that record the firing task and the
// probe's arguments, and a run of them around a workload.
package stabletest
