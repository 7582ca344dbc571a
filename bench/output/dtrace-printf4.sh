# A string and three integers per event (godtrace's bench/README.md).
P_tp_printf4="$G { printf(\"%s %d %d %d\n\", execname, pid, tid, cpu); } $R"
tracer_events() {
	awk '$1 == "sysloop" && NF == 2 { s += $2; next }
	     $1 == "sysloop" && NF == 4 { s++; next }
	     /^ +-?[0-9]+ +\|[@ ]*[0-9]+ *$/ { s += $NF; next }
	     /^ +[0-9]+$/ { s += $1; next }
	     /^[0-9]+$/ { s++ }
	     END { print s + 0 }' "$1"
}
