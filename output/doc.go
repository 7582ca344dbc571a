// Package output owns where a run's decoded records go: the Writer
// interface that the session feeds, the records it is fed (probe firings
// with their actions' values, faults, drops, the aggregations at the end),
// and its implementations: Text, dtrace(8)'s output byte for byte, with
// stack aggregations optionally in the folded format of flame-graph tools;
// JSON, one JSON object per line under the schema of docs/json-output.md;
// and Pprof, the stack-keyed aggregations as a pprof profile. Funcs adapts
// callbacks, and Tee feeds several writers at once. Package output/prom
// has the Writer that serves the aggregations as Prometheus metrics.
//
// The session decodes each record once, by the program's record
// descriptions, and takes the aggregation snapshots, also on a Writer's
// demand (Start.Snapshot); a Writer only presents them. The actions that act on the world (system(), freopen(),
// ftruncate()) are carried out by the run through Effects, once each,
// on the run's Destination, whatever writers present the record.
// Records passed to a Writer are valid during the call only: the
// session reuses them, and their strings may lie in the principal buffer.
// The Destination buffers the output and the run flushes it whenever it
// has read the buffers empty (each switchrate tick at the latest), before
// each effect and each message on standard error, and at the end; on a
// terminal each record is written as it comes. The text and JSON writers
// format a record without allocating; JSON appends its lines to the
// Destination's buffer in place, a line being ten times the bytes of the
// text it carries.
package output
