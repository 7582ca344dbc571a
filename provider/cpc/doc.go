// Package cpc owns the cpc provider: probes cpc:::EVENT-MODE-COUNT that
// fire on each CPU every COUNT occurrences of a perf counter event, as
// Oracle's DTrace for Linux names them.
//
// EVENT is a generic perf event name, lower case with '_' for '-':
// hardware events (cpu_cycles, instructions, cache_misses ...) where the
// machine has a hardware PMU, and software events (cpu_clock,
// page_faults, context_switches ...) everywhere. MODE is user, kernel or
// all. DTrace lists one probe per usable event, EVENT-all-1000000000;
// any other count or mode exists on demand when a description names it
// exactly. An event is usable when perf_event_open accepts it, so a VM
// without a hardware PMU lists only software events.
//
// As for profile probes, arg0 is the kernel PC and arg1 the user PC of
// the interrupted context, the one that does not apply being 0; the
// arguments are untyped.
package cpc
