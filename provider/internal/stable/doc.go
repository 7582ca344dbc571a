// Package stable owns the table-driven machinery of DTrace's stable
// providers built on raw tracepoints (proc, sched, io ...): a provider is
// a table of probes, each naming the raw tracepoints it fires on, the
// rewrite that turns a tracepoint's arguments into the probe's native
// arguments, and the argument types (native and translated) -lv shows.
//
// A probe exists when at least one of its tracepoints does. Each raw
// tracepoint gets one program, which fires every enabled probe with a
// source on it in turn: it loads the tracepoint's arguments into args[],
// runs the probe's rewrite, which may skip the probe (a pre-condition,
// such as proc:::exec-success requiring execve to return 0), and fires
// the probe's clauses, then does the same for the next probe. Probes
// that only kprobes or fentry could build are absent from the tables,
// not present and broken.
//
// It also holds the rewrites the network providers (ip, tcp, udp) share:
// the IP natives of a packet at a device tracepoint.
package stable
