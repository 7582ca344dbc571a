# The workload of tst.proc-signal.d: signals the shell sends itself, one
# caught, one ignored.
trap : USR1
trap '' USR2
kill -USR1 $$
kill -USR2 $$
exit 0
