# dtbefore with -x oformat=json (DTBEFORE=path).
source "$(dirname "${BASH_SOURCE[0]}")/dtjson.sh"
DTRACE=${DTBEFORE:-/tmp/dtbefore}
