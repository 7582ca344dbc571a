package main

import (
	"os"
	"path/filepath"
)

// nameThreads gives every thread of the process the command name name,
// as the kernel reports it in execname (comm): BEGIN and END fire in this
// process, and DTrace scripts expect them to see "dtrace" whatever the
// binary file is called. Threads started later inherit the name from the
// thread that starts them. Failures leave the kernel's name, which is
// only cosmetic.
func nameThreads(name string) {
	tasks, err := filepath.Glob("/proc/self/task/*/comm")
	if err != nil {
		return
	}
	for _, comm := range tasks {
		_ = os.WriteFile(comm, []byte(name), 0)
	}
}
