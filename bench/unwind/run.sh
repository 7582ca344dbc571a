#!/usr/bin/env bash
# The BPF run time per firing of `@[ustack()] = count()` on a pid probe 7
# frames deep (c, b, a, main, libc's two, _start), as bench/README.md
# reports it: dtrace unwinding with .eh_frame tables a binary built without
# frame pointers, against dtrace -x ustackfp (bpf_get_stack's frame-pointer
# walk) on the same code built with them; interleaved, ROUNDS rounds of N
# calls. DTRACE (default bin/dtrace); ROUNDS, N.
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
: > "$work/tables"; : > "$work/fpwalk"
for ((r = 0; r < ROUNDS; r++)); do
	measure "$work/tables" "$DTRACE" -q -c "$work/nofp $N 3" -n 'pid$target:a.out:c:entry { @[ustack()] = count(); }'
	measure "$work/fpwalk" "$DTRACE" -q -xustackfp -c "$work/fp $N 3" -n 'pid$target:a.out:c:entry { @[ustack()] = count(); }'
done
t=$(median < "$work/tables"); f=$(median < "$work/fpwalk")
echo "| BPF run time per firing, ns, median (min-max) of $ROUNDS | $t | $f | $(awk -v t="${t%% *}" -v f="${f%% *}" 'BEGIN {printf "%.2f", t/f}') |"
