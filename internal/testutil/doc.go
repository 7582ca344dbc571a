// Package testutil owns the one way privileged tests decide to skip: only
// when the kernel truly lacks a feature, as reported by package feature.
// Any other failure, including "not root", fails the test, because CI runs
// as root and a privileged test that skips there is a bug. It also builds
// cmd/dtrace once per test binary for the tests that run the command as
// users do (Dtrace), waits for the BPF programs of a dtrace that has
// ended to be freed (WaitProgramsGone), reads back the pprof profiles the
// tests of the pprof output make (ReadProfile), and compares output with
// golden files that -update rewrites (Golden).
package testutil
