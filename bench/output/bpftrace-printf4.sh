P_tp_printf4="$G { printf(\"%s %d %d %d\n\", comm, pid, tid, cpu); } $R"
tracer_events() {
	awk '/^@\[(sysloop)?\]: [0-9]+$/ || /^@: [0-9]+$/ || /^\]: [0-9]+$/ { s += $NF; next }
	     /^\[[^]]*\) +[0-9]+ \|/ || /^\[[^]]*\] +[0-9]+ \|/ { sub(/ *\|.*/, ""); s += $NF; next }
	     /^[0-9]+$/ { s++ }
	     $1 == "sysloop" && NF == 4 { s++ }
	     END { print s + 0 }' "$1"
}
