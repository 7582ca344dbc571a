#!/bin/sh
# run.sh: how big a D program dtrace loads, and how long enabling it
# takes: generated programs of CLAUSES clauses on one probe, each of
# STMTS assignments, run until BEGIN's exit(0) (compile, generate, load
# and attach, then stop). It prints one line per size: the wall time, or
# the error that refused it.
#
#   bench/bigprog/run.sh [path/to/dtrace]        (as root)
#   CLAUSES="256 1000 4000 8000" STMTS="1 10 100" bench/bigprog/run.sh bin/dtrace
set -eu
DTRACE=${1:-bin/dtrace}
CLAUSES=${CLAUSES:-"1 256 1000 4000 8000 9000"}
STMTS=${STMTS:-"1 10"}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

printf '%8s %6s %10s  %s\n' clauses stmts seconds result
for c in $CLAUSES; do
	for s in $STMTS; do
		d=$dir/p.d
		awk -v c="$c" -v s="$s" 'BEGIN {
			print "tick-1s\n{\n\tthis->x = 0;\n}"
			for (i = 0; i < c; i++) {
				printf "tick-1s\n{\n"
				for (j = 0; j < s; j++)
					printf "\tthis->x = this->x + %d;\n", j
				printf "}\n"
			}
			print "BEGIN\n{\n\texit(0);\n}"
		}' >"$d"
		start=$(date +%s.%N)
		if out=$("$DTRACE" -q -s "$d" 2>&1); then
			result=loaded
		else
			result=$(printf '%s' "$out" | head -1 | cut -c1-100)
		fi
		end=$(date +%s.%N)
		printf '%8d %6d %10.2f  %s\n' "$c" "$s" "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }')" "$result"
	done
done
