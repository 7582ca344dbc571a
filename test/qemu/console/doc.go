// Package console owns the line protocol that the test VM speaks on its serial console: one
// "PASS name", "FAIL name: why" or "SKIP name: why" line per test and a closing
// "N passed, M failed" line, written by the guest's init and parsed back by the host.
//
// The protocol is line-based and anchored at the start of a line so that kernel messages and
// echoed test output, which the guest indents, can share the console without being mistaken
// for results.
package console
