# godtrace before the work being measured (a build of an earlier main),
# DTBEFORE=path, by default /tmp/dtbefore.
source "$(dirname "${BASH_SOURCE[0]}")/dtrace.sh"
DTRACE=${DTBEFORE:-/tmp/dtbefore}
