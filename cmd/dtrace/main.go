package main

import (
	"os"

	"github.com/godtrace/godtrace/dtrace"
)

func main() {
	os.Exit(dtrace.Main(os.Args, os.Stdout, os.Stderr))
}
