# godtrace before the output work (main at 313fdc9), built as /tmp/dtbefore.
source "$(dirname "${BASH_SOURCE[0]}")/dtrace.sh"
DTRACE=${DTBEFORE:-/tmp/dtbefore}
