// Command dtrace is the dtrace(8) command: it hands its command line to
// package dtrace, which parses the options and runs them.
package main

import (
	"os"

	"github.com/godtrace/godtrace/dtrace"
)

func main() {
	os.Exit(dtrace.Main(os.Args, os.Stdout, os.Stderr))
}
