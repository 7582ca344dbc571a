// Package rawtp owns the rawtp provider: one probe rawtp:GROUP::EVENT for
// every kernel tracepoint that is also a raw tracepoint, with args[]
// typed from the kernel's BTF, as Oracle's DTrace for Linux names them.
//
// A raw tracepoint's context is the tracepoint's own C arguments (the
// TP_PROTO), not the formatted record the sdt provider reads; BTF gives
// their prototype as the typedef btf_trace_EVENT, a pointer to a function
// whose first parameter is the tracepoint's private data and whose others
// are the arguments. args[i] is the i-th of those, as a 64-bit value.
//
// Probes are listed from tracefs (every event outside the syscalls group,
// whose events are ftrace's and no raw tracepoints), so listing does not
// load BTF; describing or enabling a probe does. The BTF look-ups and the
// raw tracepoint attach are provider/internal/tracepoint's, which the
// stable providers built on raw tracepoints share.
package rawtp
