// Package tracepoint holds the mechanics of kernel tracepoints that
// several providers build on, so that none imports another: the events
// tracefs lists and their record formats (sdt, rawtp), the load of a
// record field into an argument (sdt), and for raw tracepoints the BTF
// prototypes and struct offsets, the attach and the argument load
// (rawtp and the stable providers).
package tracepoint
