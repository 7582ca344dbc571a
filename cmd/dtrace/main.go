package main

import (
	"os"
	"runtime"
)

// init keeps main on the process's first thread: BEGIN and END fire in
// the thread that runs the session, and DTrace fires them in its main
// thread, so there tid is pid and curthread is the thread group leader.
func init() { runtime.LockOSThread() }

func main() {
	os.Exit(Main(os.Args, os.Stdout, os.Stderr))
}
