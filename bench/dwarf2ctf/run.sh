#!/bin/sh
# Benchmark dwarf2ctf against pahole -J (DWARF -> BTF) on Debian's kernel
# debug image. Not for CI: it downloads about 1 GB.
#
#   bench/dwarf2ctf/run.sh [WORKDIR]
#
# pahole and dwarf2ctf run interleaved, ROUNDS times each, so that the
# load of a shared machine falls on both alike; "cores" is (user+sys)/wall,
# how many CPUs a run kept busy.
#
# Environment: KVER (default: the newest linux-image-*-amd64-dbg apt knows),
# ROUNDS (default 3), MODULES=0 to skip the run with every module.
# Needs: apt-get, dpkg, /usr/bin/time, go, pahole (apt-get install dwarves).
set -eu

here=$(cd "$(dirname "$0")/../.." && pwd)
work=${1:-/tmp/dwarf2ctf-bench}
mkdir -p "$work"
cd "$work"

if [ -z "${KVER:-}" ]; then
	KVER=$(apt-cache search --names-only '^linux-image-[0-9.]+-[0-9]+-amd64-dbg$' |
		sed 's/^linux-image-\(.*\)-dbg .*/\1/' | sort -V | tail -1)
fi
[ -n "$KVER" ] || { echo "no linux-image-*-amd64-dbg package known to apt" >&2; exit 1; }
pkg=linux-image-$KVER-dbg
echo "kernel: $KVER"

if [ ! -d root ]; then
	apt-get download "$pkg"
	dpkg -x "$pkg"_*.deb root
	rm -f "$pkg"_*.deb
fi
vmlinux=$(find root -name "vmlinux-$KVER" -type f | head -1)
[ -n "$vmlinux" ] || { echo "vmlinux-$KVER not found in $pkg" >&2; exit 1; }
modules=$(find root -name '*.ko' -type f | sort)
echo "vmlinux: $vmlinux ($(du -h "$vmlinux" | cut -f1)), $(echo "$modules" | grep -c . || true) modules"

(cd "$here" && CGO_ENABLED=0 go build -o "$work/dwarf2ctf" ./cmd/dwarf2ctf)

timed() {
	name=$1
	shift
	/usr/bin/time -v "$@" 2>"$name.time" >/dev/null || { cat "$name.time" >&2; exit 1; }
	wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$name.time" |
		awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }')
	user=$(sed -n 's/.*User time (seconds): //p' "$name.time")
	sys=$(sed -n 's/.*System time (seconds): //p' "$name.time")
	printf '%-22s %8.2f s wall %8s s user %6s s sys %5.2f cores %6s MB max RSS\n' "$name" \
		"$wall" "$user" "$sys" "$(echo "$user $sys $wall" | awk '{ print ($1 + $2) / $3 }')" \
		"$(( $(sed -n 's/.*Maximum resident set size (kbytes): //p' "$name.time") / 1024 ))"
}

command -v pahole >/dev/null ||
	echo "pahole not installed (apt-get install dwarves): skipping the reference" >&2
round=1
while [ "$round" -le "${ROUNDS:-3}" ]; do
	if command -v pahole >/dev/null; then
		cp "$vmlinux" vmlinux.pahole
		timed "pahole -J #$round" pahole -J vmlinux.pahole
		rm -f vmlinux.pahole
	fi
	timed "dwarf2ctf vmlinux #$round" ./dwarf2ctf -o vmlinux-only.ctfa "$vmlinux"
	round=$((round + 1))
done
ls -l vmlinux-only.ctfa
if [ "${MODULES:-1}" != 0 ]; then
	# shellcheck disable=SC2086 # module paths have no spaces
	timed "dwarf2ctf +modules" ./dwarf2ctf -o vmlinux.ctfa "$vmlinux" $modules
	ls -l vmlinux.ctfa
fi
