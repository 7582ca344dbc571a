#!/bin/sh
# soak.sh: run dtrace for DURATION seconds on every system call entry
# under a workload, and sample its resident memory and CPU time every
# INTERVAL seconds: a leak shows as RSS that grows, a consumer falling
# behind as CPU per interval that grows.
#
#   bench/soak/soak.sh [path/to/dtrace]      (as root)
#   DURATION=300 INTERVAL=10 TRUNC=1 bench/soak/soak.sh bin/dtrace
#
# TRUNC=1 (the default) also truncates the aggregation to its top 10 every
# interval, as long-running scripts do; the workload is a shell loop of
# short-lived processes (fork, exec, open, read) plus dd's read/write
# pairs, so that keys come and go, pausing PAUSE seconds a round (0.02:
# about a third of a CPU here) to leave room on a shared machine.
set -eu
DTRACE=${1:-bin/dtrace}
DURATION=${DURATION:-300}
INTERVAL=${INTERVAL:-10}
TRUNC=${TRUNC:-1}
PAUSE=${PAUSE:-0.02}
hz=$(getconf CLK_TCK)

tick=""
if [ "$TRUNC" = 1 ]; then
	tick="tick-${INTERVAL}s { trunc(@, 10); }"
fi

workload() {
	while :; do
		dd if=/dev/zero of=/dev/null bs=512 count=2000 2>/dev/null
		ls /proc >/dev/null
		cat /proc/self/status >/dev/null
		sleep "$PAUSE"
	done
}
workload &
wl=$!
"$DTRACE" -q -n "syscall:::entry { @[execname, probefunc] = count(); } $tick" >/dev/null &
dt=$!
trap 'kill $wl $dt 2>/dev/null; wait 2>/dev/null' EXIT INT TERM

# cpu prints the process's user+system time in clock ticks.
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# rss prints its resident set in kB.
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }

sleep 1
printf '%8s %10s %12s\n' seconds rss_kB cpu_ms/s
last=$(cpu $dt)
t=0
printf '%8d %10d %12s\n' 0 "$(rss $dt)" -
while [ "$t" -lt "$DURATION" ]; do
	sleep "$INTERVAL"
	t=$((t + INTERVAL))
	if ! kill -0 $dt 2>/dev/null; then
		echo "dtrace ended early" >&2
		exit 1
	fi
	now=$(cpu $dt)
	printf '%8d %10d %12d\n' "$t" "$(rss $dt)" $(( (now - last) * 1000 / hz / INTERVAL ))
	last=$now
done
# A background job of a script ignores SIGINT, as dtrace(8) then does too.
kill -TERM $dt
status=0
wait $dt || status=$?
kill $wl 2>/dev/null || true
trap - EXIT INT TERM
echo "dtrace exit status $status"
exit $status
