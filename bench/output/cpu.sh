#!/usr/bin/env bash
# cpu.sh: dtrace's CPU a record for printf("%s %d %d %d\n", execname, pid,
# tid, cpu) on getppid entry, text and -x oformat=json, interleaved round
# by round over several dtrace binaries (bench/README.md, "Per-event
# output"). Each run: dtrace writing to a file on tmpfs, one sysloop of N
# getppid calls, DRAIN seconds for dtrace to read what is left, then
# dtrace's user+sys CPU over that span (from /proc, 10 ms ticks) divided by
# the lines written; drops are counted from its messages, and the traced
# loop's ns a call is what sysloop reports.
# Usage (root): bench/output/cpu.sh NAME=BINARY... (ROUNDS=5 N=2000000,
# SYSLOOP=path to ../shared/bench's sysloop)
set -euo pipefail
ROUNDS=${ROUNDS:-5} N=${N:-2000000} DRAIN=${DRAIN:-1.3}
SYSLOOP=${SYSLOOP:-/tmp/tracer-bench/bin/sysloop}
work=${WORK:-/dev/shm/dtrace-cpu}
mkdir -p "$work"
prog='syscall::getppid:entry /execname == "sysloop"/ { printf("%s %d %d %d\n", execname, pid, tid, cpu); }'
declare -A cpu
run() { # name binary format
	local out=$work/out err=$work/err
	local -a opts=(-q)
	[ "$3" = json ] && opts+=(-x oformat=json)
	"$2" "${opts[@]}" -n "$prog" -o "$out" 2>"$err" &
	local pid=$!
	sleep 1.5
	local t0 t1
	t0=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
	local loop
	loop=$("$SYSLOOP" getppid "$N" | sed -n 's/.*ns_per_op=//p')
	sleep "$DRAIN"
	t1=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
	kill -TERM $pid
	wait $pid || true
	local lines drops
	lines=$(grep -c sysloop "$out" || true)
	# Drops are messages on stderr, or records of the JSON lines.
	drops=$(cat "$err" "$out" | awk '/drops? on CPU/ && !/"type"/ { s += $2 } /"type":"drops"/ { sub(/.*"count":/, ""); s += $0 + 0 } END { print s + 0 }')
	local ns=$(((t1 - t0) * 10000000 / (lines > 0 ? lines : 1)))
	printf '%s\t%s\t%d\t%d\t%d\t%s\n' "$1" "$3" "$lines" "$drops" "$ns" "$loop"
	cpu[$1/$3]+="$ns "
	rm -f "$out" "$err"
}
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'name\tformat\tlines\tdrops\tns/record\tloop ns/call\n'
for ((r = 1; r <= ROUNDS; r++)); do
	for nb in "$@"; do
		for f in text json; do
			run "${nb%%=*}" "${nb#*=}" "$f"
		done
	done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "median ns of dtrace CPU a record (min-max):"
for nb in "$@"; do
	n=${nb%%=*}
	for f in text json; do
		echo "${cpu[$n/$f]}" | tr ' ' '\n' | grep . | sort -n |
			awk -v k="$n $f" '{ a[NR] = $1 } END { printf "  %s: %d (%d-%d)\n", k, a[int((NR + 1) / 2)], a[1], a[NR] }'
	done
done
