#!/usr/bin/env bash
# The uprobe benchmarks of bench/README.md, dtrace against bpftrace, interleaved:
#   ./run.sh first     time from launching "tracer -c ./loop 1" to the first firing of target_fn
#   ./run.sh firing    ns a pid entry probe (dtrace) / uprobe (bpftrace) adds to each call of target_fn
#   ./run.sh bpf       the BPF program's own run time per firing (kernel.bpf_stats_enabled)
# DTRACE (default bin/dtrace) and BPFTRACE (default /usr/bin/bpftrace) name the tracers; ROUNDS, N.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
DTRACE=${DTRACE:-$here/../../bin/dtrace}
BPFTRACE=${BPFTRACE:-/usr/bin/bpftrace}
ROUNDS=${ROUNDS:-7}
N=${N:-200000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
gcc -O2 -fno-omit-frame-pointer -o "$work/loop" "$here/loop.c"
gcc -O2 -o "$work/stamp" "$here/stamp.c"
loop=$work/loop

median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.1f (%.1f-%.1f)", m, a[1], a[NR]}'; }

case ${1:-} in
first)
	# The probe prints the monotonic time of its first firing; stamp the
	# launch. Both tracers print timestamps of the same clock (ktime).
	: > "$work/dtrace" ; : > "$work/bpftrace"
	for ((r = 0; r < ROUNDS; r++)); do
		"$work/stamp" "$DTRACE" -q -c "$loop 1" -n 'pid$target:a.out:target_fn:entry { printf("fired %d\n", timestamp); exit(0); }' >"$work/out" 2>&1
		awk '/^launch/ {l=$2} /^fired/ {f=$2} END {print (f-l)/1e6}' "$work/out" >> "$work/dtrace"
		"$work/stamp" "$BPFTRACE" -e "uprobe:$loop:target_fn { printf(\"fired %lld\\n\", nsecs); exit(); }" -c "$loop 1" >"$work/out" 2>&1
		awk '/^launch/ {l=$2} /^fired/ {f=$2} END {print (f-l)/1e6}' "$work/out" >> "$work/bpftrace"
	done
	d=$(median < "$work/dtrace"); b=$(median < "$work/bpftrace")
	echo "| launch to first firing, ms, median (min-max) of $ROUNDS | $d | $b | $(awk -v d="${d%% *}" -v b="${b%% *}" 'BEGIN {printf "%.2f", d/b}') |"
	;;
firing)
	# Untraced, dtrace, bpftrace, one after the other, ROUNDS times; the
	# added cost of a round is its traced ns/call minus the untraced one.
	: > "$work/dtrace" ; : > "$work/bpftrace"; : > "$work/base"
	for ((r = 0; r < ROUNDS; r++)); do
		base=$("$loop" "$N" 2>/dev/null | awk '{print $1}')
		echo "$base" >> "$work/base"
		d=$("$DTRACE" -q -c "$loop $N" -n 'pid$target:a.out:target_fn:entry { @n = count(); } END { printa("%@d\n", @n); }' 2>/dev/null | awk '/ns\/call/ {print $1}')
		b=$("$BPFTRACE" -e "uprobe:$loop:target_fn { @n = count(); } END { clear(@n); }" -c "$loop $N" 2>/dev/null | awk '/ns\/call/ {print $1}')
		echo "$d $base" | awk '{print $1-$2}' >> "$work/dtrace"
		echo "$b $base" | awk '{print $1-$2}' >> "$work/bpftrace"
	done
	d=$(median < "$work/dtrace"); b=$(median < "$work/bpftrace")
	echo "| ns added per call of target_fn, $N calls, median (min-max) of $ROUNDS; untraced $(median < "$work/base") ns | $d | $b | $(awk -v d="${d%% *}" -v b="${b%% *}" 'BEGIN {printf "%.2f", d/b}') |"
	;;
bpf)
	# The run time the kernel accounts to the program that fired N times,
	# read from the tracer's fdinfo while the loop sleeps after its calls.
	old=$(sysctl -n kernel.bpf_stats_enabled)
	sysctl -qw kernel.bpf_stats_enabled=1
	trap 'sysctl -qw kernel.bpf_stats_enabled=$old; rm -rf "$work"' EXIT
	perfire() { # pid: ns per run of its program that ran N times
		for f in /proc/$1/fdinfo/*; do
			awk -v n="$N" '/^run_time_ns/ {t=$2} /^run_cnt/ {c=$2} END {if (c == n) printf "%.1f\n", t/c}' "$f" 2>/dev/null || true
		done
	}
	measure() { # out file, then the tracer's command line
		local out=$1; shift
		"$@" >"$work/log" 2>&1 &
		local pid=$!
		until grep -q ns/call "$work/log" 2>/dev/null; do sleep 0.05; done
		perfire "$pid" >> "$out"
		wait "$pid" || true
	}
	: > "$work/dtrace" ; : > "$work/bpftrace"
	for ((r = 0; r < ROUNDS; r++)); do
		measure "$work/dtrace" "$DTRACE" -q -c "$loop $N 1" -n 'pid$target:a.out:target_fn:entry { @n = count(); }'
		measure "$work/bpftrace" "$BPFTRACE" -e "uprobe:$loop:target_fn { @n = count(); } END { clear(@n); }" -c "$loop $N 1"
	done
	d=$(median < "$work/dtrace"); b=$(median < "$work/bpftrace")
	echo "| BPF run time per firing, ns, median (min-max) of $ROUNDS | $d | $b | $(awk -v d="${d%% *}" -v b="${b%% *}" 'BEGIN {printf "%.2f", d/b}') |"
	;;
*)
	echo "usage: $0 first|firing|bpf" >&2
	exit 2
	;;
esac
