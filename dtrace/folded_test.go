package dtrace

import (
	"regexp"
	"strings"
	"testing"
)

// TestFoldedStacks: BEGIN fires from the bpf() system call, so its
// folded stack runs from the system call's entry (the root, after the
// execname key) to the BEGIN program (the leaf).
func TestFoldedStacks(t *testing.T) {
	requireTracing(t)
	stdout, stderr, status := run(t, "-q", "-x", "stackformat=folded", "-n", "BEGIN { @[execname, stack()] = count(); exit(0); }")
	line := regexp.MustCompile("^dtrace(;[^; ]+)+ 1\n$")
	if status != 0 || stderr != "" || !line.MatchString(stdout) {
		t.Fatalf("status %d, stderr %q, stdout %q", status, stderr, stdout)
	}
	// BEGIN runs in dtrace's bpf() system call: its entry is the root,
	// the bpf() handler a leaf above it.
	entry, syscall := strings.Index(stdout, "vmlinux`entry_SYSCALL_64"), strings.Index(stdout, "vmlinux`__sys_bpf;")
	if entry < 0 || syscall < entry {
		t.Errorf("not root first: %q", stdout)
	}
}
