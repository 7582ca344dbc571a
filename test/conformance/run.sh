#!/usr/bin/env bash
# Run a dtrace binary over the conformance cases and compare with the recorded results.
#
#   test/conformance/run.sh [-v] DTRACE [DIR...]      (DIR defaults to recorded and beyond)
#
# Each case NAME.d runs as `DTRACE -s NAME.d` from the case's folder (err.D_* cases with -xerrtags;
# extra arguments from NAME.args, one per line, if present). What it printed — stdout, then a line
# "-- @@stderr --" and stderr when stderr is not empty — is compared with NAME.r, and the exit
# status with NAME.exit. Before comparing, both sides are normalised as DTrace's own test suite
# does: hex numbers become {ptr}, "at BPF pc N" becomes "at BPF pc NNN", the CPU column of default
# and flow-indented probe lines becomes "C", and lines are sorted (a case containing "@@nosort" is compared in order;
# in a case containing "@@ids", the probe ID column of -l listings becomes "ID").
# err.D_TAG.* cases pass when the exit status is 1 and "[D_TAG]" appears on stderr; their full
# message is compared too.
set -u
verbose=0
if [ "${1:-}" = -v ]; then verbose=1; shift; fi
dt=${1:?usage: run.sh [-v] DTRACE [DIR...]}
dt=$(cd "$(dirname "$dt")" && pwd)/$(basename "$dt")
shift
here=$(cd "$(dirname "$0")" && pwd)
dirs=("$@")
[ ${#dirs[@]} -gt 0 ] || dirs=("$here/recorded" "$here/beyond")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

norm() {
	sed -E -e 's/0x[0-9a-f]+/{ptr}/g' -e 's/at BPF pc [0-9]+/at BPF pc NNN/' \
		-e 's/^( *)[0-9]+( +[0-9]+ +[^ ]*:[^ ]+)/\1C\2/' -e 's/^( *)[0-9]+( \| )/\1C\2/' \
		-e "${ids:+s/^ *[0-9]+( +[a-z0-9_-]+ )/ID\\1/}" "$1" |
	if [ "$2" = sort ]; then LC_ALL=C sort; else cat; fi
}

pass=0 fail=0
for d in "${dirs[@]}"; do
	for f in "$d"/*.d; do
		[ -e "$f" ] || continue
		name=$(basename "$f" .d)
		args=(-s "$name.d")
		case $name in err.D_*) args=(-xerrtags -s "$name.d") ;; esac
		if [ -f "$d/$name.args" ]; then
			while IFS= read -r a; do args+=("$a"); done < "$d/$name.args"
		fi
		(cd "$d" && timeout 30 "$dt" "${args[@]}" > "$tmp/out" 2> "$tmp/err" < /dev/null)
		rc=$?
		{ cat "$tmp/out"; if [ -s "$tmp/err" ]; then echo "-- @@stderr --"; cat "$tmp/err"; fi; } > "$tmp/got"
		mode=sort
		grep -q '@@nosort' "$f" && mode=nosort
		ids=""
		grep -q '@@ids' "$f" && ids=1
		why=""
		want_rc=$(cat "$d/$name.exit" 2>/dev/null || echo 0)
		if [ "$rc" != "$want_rc" ]; then why="exit status $rc, want $want_rc"; fi
		case $name in err.D_*)
			tag=${name#err.}; tag=${tag%%.*}
			grep -q "\[$tag\]" "$tmp/err" || why="${why:+$why; }no [$tag] on stderr" ;;
		esac
		if [ -f "$d/$name.r" ] && ! diff <(norm "$d/$name.r" $mode) <(norm "$tmp/got" $mode) > "$tmp/diff"; then
			why="${why:+$why; }output differs"
		fi
		if [ -z "$why" ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL $(basename "$d")/$name.d: $why"
			if [ $verbose = 1 ] && [ -s "$tmp/diff" ]; then sed 's/^/    /' "$tmp/diff" | head -40; fi
		fi
		: > "$tmp/diff"
	done
done
echo "$pass passed, $fail failed"
[ $fail = 0 ]
