// Package dtrace owns the DTrace session as a Go API — options, compiling D
// programs (preprocessing, parsing, pragmas, checking), matching them
// against the providers' probes, and (as the code generator and consumer
// arrive) enabling and consuming them — and the dtrace(8) command line
// built on it, which cmd/dtrace runs.
//
// The command line follows Oracle's DTrace for Linux: the same getopt
// option letters and ordering rules (probe clauses from -n, -P, -m, -f, -i
// and -s compile in command-line order; words that are not options are the
// macro arguments $1, $2, ...), the same messages, and the same exit status:
// 0 on success, 1 on an error, 2 on a usage error.
//
// -h and -G turn the USDT providers a script defines into a C header and
// an object file (WriteHeader, WriteObject; package usdtgen has the
// design). The processes of -c and -p are followed by the session from the
// start, so that their user stacks print as symbols after they exit.
package dtrace
