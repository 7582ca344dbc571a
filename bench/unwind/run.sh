#!/usr/bin/env bash
# The BPF run time per firing of `@[ustack()] = count()` on a uprobe 7
# frames deep (c, b, a, main, libc's two, _start), as bench/README.md
# reports it, in one interleaved run: dtrace unwinding with .eh_frame
# tables a binary built without frame pointers; dtrace -x ustackfp
# (bpf_get_stack's frame-pointer walk) on the same code built with them,
# and on the same binary; and bpftrace's ustack (bpf_get_stackid's walk)
# on both, when bpftrace is installed. ROUNDS rounds of N calls. DTRACE
# (default bin/dtrace), BPFTRACE (default bpftrace); ROUNDS, N.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
DTRACE=${DTRACE:-$here/../../bin/dtrace}
ROUNDS=${ROUNDS:-5}
N=${N:-100000}
work=$(mktemp -d)
old=$(sysctl -n kernel.bpf_stats_enabled)
sysctl -qw kernel.bpf_stats_enabled=1
trap 'sysctl -qw kernel.bpf_stats_enabled=$old; rm -rf "$work"' EXIT
gcc -O2 -fomit-frame-pointer -o "$work/nofp" "$here/chain.c"
gcc -O2 -fno-omit-frame-pointer -o "$work/fp" "$here/chain.c"

median() { sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.0f (%.0f-%.0f)", m, a[1], a[NR]}'; }
perfire() { # pid: ns per run of its program that ran N times
	for f in /proc/$1/fdinfo/*; do
		awk -v n="$N" '/^run_time_ns/ {t=$2} /^run_cnt/ {c=$2} END {if (c >= n) printf "%.1f\n", t/c}' "$f" 2>/dev/null || true
	done
}
measure() { # out file, then the tracer's command line
	local out=$1; shift
	rm -f "$work/log"
	"$@" >"$work/log" 2>&1 &
	local pid=$!
	until grep -q done "$work/log" 2>/dev/null; do sleep 0.05; done
	perfire "$pid" >> "$out"
	wait "$pid" || true
}
: > "$work/tables"; : > "$work/fpwalk"; : > "$work/fpnofp"; : > "$work/bt"; : > "$work/btnofp"
BPFTRACE=${BPFTRACE:-bpftrace}
bt=$(command -v "$BPFTRACE" || true)
for ((r = 0; r < ROUNDS; r++)); do
	measure "$work/tables" "$DTRACE" -q -c "$work/nofp $N 3" -n 'pid$target:a.out:c:entry { @[ustack()] = count(); }'
	measure "$work/fpwalk" "$DTRACE" -q -xustackfp -c "$work/fp $N 3" -n 'pid$target:a.out:c:entry { @[ustack()] = count(); }'
	measure "$work/fpnofp" "$DTRACE" -q -xustackfp -c "$work/nofp $N 3" -n 'pid$target:a.out:c:entry { @[ustack()] = count(); }'
	if [[ -n $bt ]]; then
		measure "$work/bt" "$bt" -c "$work/fp $N 3" -e "uprobe:$work/fp:c { @[ustack] = count(); }"
		measure "$work/btnofp" "$bt" -c "$work/nofp $N 3" -e "uprobe:$work/nofp:c { @[ustack] = count(); }"
	fi
done
t=$(median < "$work/tables")
row() { # what, file
	local m
	m=$(median < "$2")
	echo "| $1 | $m | $(awk -v t="${t%% *}" -v m="${m%% *}" 'BEGIN {printf "%.2f", m/t}') |"
}
echo "| what (ns a firing, median (min-max) of $ROUNDS) | BPF run time | / tables |"
echo "|---|---|---|"
row "dtrace, .eh_frame tables, -fomit-frame-pointer build" "$work/tables"
row "dtrace -x ustackfp, -fno-omit-frame-pointer build" "$work/fpwalk"
row "dtrace -x ustackfp, -fomit-frame-pointer build" "$work/fpnofp"
if [[ -n $bt ]]; then
	row "bpftrace ustack, -fno-omit-frame-pointer build" "$work/bt"
	row "bpftrace ustack, -fomit-frame-pointer build" "$work/btnofp"
fi
