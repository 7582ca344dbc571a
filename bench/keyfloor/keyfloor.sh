# Tracer profile for the shared benchmark harness (../shared/bench): the
# hand-written floor of @[execname] = count() on getppid entry (main.go),
# on the raw tracepoint dtrace attaches to for syscall::getppid:entry, as
# variant tp_count; tp_count_tp is the same program on the tracepoint
# bpftrace attaches to. Copy this file into a copy of the harness's
# tracers/ and build the command into $BIN/keyfloor (see bench/README.md).
KEYFLOOR=${KEYFLOOR:-$BIN/keyfloor}
tracer_cmd() { read -ra args <<<"$1"; CMD=("$KEYFLOOR" "${args[@]}"); }

P_tp_count='-attach rawtp'
P_tp_count_tp='-attach tp'

tracer_events() { sed -n 's/^events=//p' "$1"; }
