# godtrace with one BPF ring buffer shared by the CPUs rather than one per
# CPU (GODTRACE_BUFFERS=shared, a switch to be measured, not used).
source "$(dirname "${BASH_SOURCE[0]}")/dtrace.sh"
tracer_cmd() { CMD=(env GODTRACE_BUFFERS=shared "$DTRACE" -q -n "$1"); }
