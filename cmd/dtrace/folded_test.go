package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestFoldedStacks: the folded stack of a system call entry probe runs
// from the system call's entry (the root, after the execname key) to the
// probe site (the leaf).
func TestFoldedStacks(t *testing.T) {
	requireTracing(t)
	stdout, stderr, status := run(t, "-q", "-x", "stackformat=folded", "-c", "/bin/true",
		"-n", "syscall::exit_group:entry /pid == $target/ { @[execname, stack()] = count(); }")
	line := regexp.MustCompile("^true(;[^; ]+)+ 1\n$")
	if status != 0 || stderr != "" || !line.MatchString(stdout) {
		t.Fatalf("status %d, stderr %q, stdout %q", status, stderr, stdout)
	}
	// The system call's entry is the root, its dispatch a leaf above it.
	entry, syscall := strings.Index(stdout, "vmlinux`entry_SYSCALL_64"), strings.Index(stdout, "vmlinux`do_syscall_64;")
	if entry < 0 || syscall < entry {
		t.Errorf("not root first: %q", stdout)
	}
}
