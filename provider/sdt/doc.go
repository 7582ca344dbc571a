// Package sdt owns the sdt provider: one probe sdt:GROUP::EVENT for every
// kernel tracepoint event tracefs lists in available_events, as Oracle's
// DTrace for Linux names them (module = event group, function empty).
//
// Each enabled probe is a tracepoint program attached to its event. The
// arguments are the event's own fields (those after the common_ ones, in
// the order of its tracefs format), at most bpfrt.NumArgs of them: a
// scalar field is loaded with its size and sign, an array field (char
// comm[16]) and a field wider than 8 bytes give their address, and a
// __data_loc field the address of its variable-length data, so args[i]
// of a string field is a char * into the record.
//
// The tracefs event list, the format parser and the field load are
// provider/internal/tracepoint's; rawtp lists its probes from the same
// event list.
package sdt
