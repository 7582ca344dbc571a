#!/usr/bin/env bash
# shared.sh: one BPF ring buffer shared by the CPUs against one per CPU
# (bench/README.md, "Per-event output, continued"). Each round, for each
# kind (GODTRACE_BUFFERS=ring, then shared): dtrace runs tp_printf4's
# program into a file on tmpfs while LOOPS sysloops of N getppid calls
# run at once, pinned to CPUs 0, 1...; then the clause's BPF run time a
# firing (kernel.bpf_stats_enabled, switched on for the run and back),
# dtrace's CPU a record, the lines written and the drops reported.
# Usage (root): bench/output/shared.sh [DTRACE=bin/dtrace] [LOOPS=2]
# [ROUNDS=3] [N=1000000] [SYSLOOP=path to ../shared/bench's sysloop]
set -euo pipefail
DTRACE=${DTRACE:-bin/dtrace} LOOPS=${LOOPS:-2} ROUNDS=${ROUNDS:-3} N=${N:-1000000}
SYSLOOP=${SYSLOOP:-/tmp/tracer-bench/bin/sysloop}
work=${WORK:-/dev/shm/dtrace-shared}
mkdir -p "$work"
prog='syscall::getppid:entry /execname == "sysloop"/ { printf("%s %d %d %d\n", execname, pid, tid, cpu); }'
stats=$(cat /proc/sys/kernel/bpf_stats_enabled)
trap 'echo "$stats" >/proc/sys/kernel/bpf_stats_enabled' EXIT
echo 1 >/proc/sys/kernel/bpf_stats_enabled
# bpftime PID: the run time and run count of the process's BPF programs.
bpftime() {
	for f in /proc/"$1"/fdinfo/*; do
		awk '/^run_time_ns/ { t = $2 } /^run_cnt/ { c = $2 } /^prog_type/ { p = 1 }
		     END { if (p) print t, c }' "$f" 2>/dev/null || true
	done | awk '{ t += $1; c += $2 } END { print t + 0, c + 0 }'
}
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf 'kind\tlines\tdrops\tdtrace ns/record\tBPF ns/firing\tfirings\tloops ns/call\n'
for ((r = 1; r <= ROUNDS; r++)); do
	for kind in ring shared; do
		GODTRACE_BUFFERS=$kind "$DTRACE" -q -n "$prog" -o "$work/out" 2>"$work/err" &
		pid=$!
		sleep 1.5
		t0=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
		loops=()
		for ((c = 0; c < LOOPS; c++)); do
			taskset -c "$c" "$SYSLOOP" getppid "$N" >"$work/loop$c" &
			loops+=($!)
		done
		wait "${loops[@]}"
		sleep 1.3
		t1=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
		read -r rt rc < <(bpftime $pid)
		kill -TERM $pid
		wait $pid || true
		lines=$(grep -c sysloop "$work/out" || true)
		drops=$(awk '/drops? on CPU/ { s += $2 } END { print s + 0 }' "$work/err")
		per=$(sed -n 's/.*ns_per_op=//p' "$work"/loop* | tr '\n' ' ')
		printf '%s\t%d\t%d\t%d\t%d\t%d\t%s\n' $kind "$lines" "$drops" \
			$(((t1 - t0) * 10000000 / (lines > 0 ? lines : 1))) $((rt / (rc > 0 ? rc : 1))) "$rc" "$per"
		rm -f "$work"/out "$work"/err "$work"/loop*
	done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
