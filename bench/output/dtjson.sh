# godtrace with -x oformat=json: READY comes from system(), a bare line.
source "$(dirname "${BASH_SOURCE[0]}")/dtrace.sh"
tracer_cmd() { CMD=("$DTRACE" -w -q -x oformat=json -n "$1"); }
R='BEGIN { system("echo READY"); }'
P_tp_printf="$G { printf(\"%d\n\", pid); } $R"
P_tp_printf4="$G { printf(\"%s %d %d %d\n\", execname, pid, tid, cpu); } $R"
tracer_events() { grep -c '"function":"getppid"' "$1" || true; }
# Drops come as JSON records: {"type":"drops",...,"count":N,...}.
tracer_lost() { sed -n 's/.*"type":"drops".*"count":\([0-9]*\).*/\1/p' "$1" | awk '{ s += $1 } END { print s + 0 }'; }
