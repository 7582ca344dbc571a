// Package consume is the reader of a tracing session's buffers: it
// creates the session's maps and the reader of its per-CPU principal
// buffers, runs the exit protocol, firing the BEGIN and END programs it
// is given (package enable loads and attaches them), hands the records it
// reads to a Handler, reports drops and faults, and releases the maps and
// the reader at Close.
//
// Records are read from one BPF ring buffer per CPU (ring.go), mapped
// into this process and read in place, or, where the kernel lacks ring
// buffers or BuffersEnv asks, with one cilium/ebpf perf.Reader over all
// CPUs' perf rings. One ring per CPU rather than one shared by all
// (BuffersEnv=shared, kept to be measured) because a record's ring says
// its CPU, which DTrace's per-CPU bufsize, drops and fill and ring
// policies count by, where a shared ring's records would each have to
// carry it; and because the CPUs writing to a shared ring contend for
// its reservation lock: with two loops tracing on both CPUs, a firing's
// BPF time was 425 ns against 346 (bench/README.md), while the reader's
// CPU a record was the same. A shared ring's one gain, a lone busy CPU
// having all the CPUs' memory before it drops, is bufsize's to give. Within one CPU records arrive in the order they were
// written; across CPUs nothing is sorted (DTrace sorts nothing either):
// each time the reader wakes it drains the rings one CPU after the other.
// Neither kind of buffer wakes the reader at each record: it reads them
// at each switchrate tick, when a CPU's ring passes half full, and when
// tracing stops (exit()) or a key notice is written, so a record is read
// at the latest one switchrate after it was written; not when the
// consumer wakes only to check the state at a statusrate tick. Perf rings
// are woken by their watermark and, for what must be read now, through a
// doorbell (perf.go). Sync lets another goroutine wait until the buffers
// have been read empty and the Handler flushed, so that what it prints
// then (the notice of a process's exit) follows the records written
// before it. A Handler may change switchrate and statusrate while tracing
// (setopt(): SetSwitchRate, SetStatusRate). A Handler that is a Flusher is
// flushed each time the buffers have been read empty.
//
// DTrace's buffer policies fill and ring (policy.go) are kept by the
// consumer on the records it reads, each counted against its CPU's
// bufsize as DTrace counts it: fill stops tracing at the first record
// that does not fit, then runs END; ring keeps each CPU's most recent
// records and hands them over once END has run.
//
// Drops are counted per CPU by the BPF side when a record does not fit in
// its CPU's buffer, a new tuple in the aggregation map or a dynamic
// variable in the dynamic variable map, and reported every switchrate
// and at the end of the run in DTrace's words ("dtrace: N drops on CPU
// M", "N aggregation drops on CPU M", "N dynamic variable drops":
// DropsMessage).
//
// The exit protocol: exit() in a clause records the status and sets the
// activity to draining, so no clause starts after it (bpfrt checks the
// activity before each clause). The consumer notices at the wakeup its
// record causes or at the latest after switchrate, as it notices a cancelled context
// (SIGINT, SIGTERM: the caller's signal.NotifyContext), then drains what
// is left in the buffers, sets the activity to END and fires END in this
// process, drains again, and returns the exit status. A hook (OnActive)
// runs once BEGIN is done and the activity has left inactive, before any
// record is read: processes held stopped until tracing is active start
// there.
//
// Speculative records (header word 2 = speculation id) are held per id,
// up to specsize bytes each (more are counted as speculative drops),
// until a commit control record hands them to the Handler in the order
// read (under fill and ring, each CPU's share counted against that CPU's
// buffer whole, as DTrace copies it: policy.go), or a discard drops them; either then frees the buffer in the
// speculation map for speculation() to take again. Failed speculation()
// calls, counted on the BPF side, are reported with the drops, in
// DTrace's words (SpecDropsMessage).
//
// Key notices (bpfrt.EPIDKeyNotice) go to a Handler that implements
// KeyHandler, as they arrive; they print nothing.
package consume
