#!/usr/bin/env bash
# run.sh: the per-event output benchmarks of bench/README.md ("Per-event
# output"), in a copy of ../shared/bench with these additions:
#   - variant tp_printf4: printf("%s %d %d %d\n", execname/comm, pid, tid, cpu)
#     for dtrace and bpftrace, counted by their tracer_events;
#   - profiles dtjson (dtrace -x oformat=json; READY from system(), so -w) and
#     dtbefore (a dtrace built from main before the work, DTBEFORE=path);
#   - DRAIN=s: seconds the tracer is left to read its buffers after the loop
#     before its CPU is read (a tracer that reads at switchrate ticks would
#     otherwise have its last second of work uncounted);
#   - STOP_SIG=TERM: the harness's tracers run as background jobs of a
#     script, whose SIGINT is ignored, and dtrace keeps a signal ignored as
#     DTrace does; SIGTERM ends it as ^C would.
# Usage (root): bench/output/run.sh [TRACERS="..."] [ROUNDS=3] ...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shared=${SHARED:-$here/../../../shared/bench}
work=${COPY:-/tmp/bench-output}
rm -rf "$work" && cp -r "$shared" "$work"
cp "$here/dtjson.sh" "$here/dtbefore.sh" "$here/dtjsonbefore.sh" "$here/dtshared.sh" "$work/tracers/"
cat "$here/dtrace-printf4.sh" >>"$work/tracers/dtrace.sh"
cat "$here/bpftrace-printf4.sh" >>"$work/tracers/bpftrace.sh"
sed -i 's/^\t\t\ttraced=$(workload "$OP" "$n")$/&\n\t\t\tsleep "${DRAIN:-0}"/' "$work/overhead.sh"
sed -i 's/kill -INT "\$TPID"/kill -${STOP_SIG:-INT} "$TPID"/' "$work/lib.sh"
(cd "$work" && make >/dev/null)
cd "$work"
STOP_SIG=${STOP_SIG:-TERM} DRAIN=${DRAIN:-1.2} TRACERS=${TRACERS:-"bpftrace dtbefore dtrace dtjson"} \
	VARIANTS=${VARIANTS:-"tp_printf tp_printf4"} ROUNDS=${ROUNDS:-3} \
	N_tp_printf=${N_tp_printf:-1000000} N_tp_printf4=${N_tp_printf4:-1000000} ./overhead.sh
