// Package profile owns the profile provider: profile-N probes, which fire
// on every online CPU, and tick-N probes, which fire on one CPU, at a rate
// or interval N with DTrace's units (ns nsec us usec ms msec s sec m min
// h hour d day hz; a bare number is hz).
//
// Each enabled probe is one perf event program attached with BPF_LINK_CREATE
// to a software cpu-clock perf event per CPU, whose sample period is the
// interval in nanoseconds. Like DTrace, intervals under 200us are refused
// and the probes DTrace pre-creates are listed; any other rate is created
// when a description names it.
package profile
