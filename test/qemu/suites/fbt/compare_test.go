//go:build qemu

package fbt

import (
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// bpftraceBin is where the fbt-mass suite's host file puts bpftrace.
const bpftraceBin = "/usr/bin/bpftrace"

// TestCompareBpftrace times, in this VM, dtrace and bpftrace tracing the
// same functions for one second: each run's wall time is starting,
// compiling, attaching, a second of tracing, detaching and exiting, so
// the difference between two tools on the same functions is their
// difference in all but the second. It asserts only that both ran; the
// figures go to bench/README.md.
func TestCompareBpftrace(t *testing.T) {
	if why, err := os.ReadFile(dtraceMissing); err == nil {
		t.Skipf("no dtrace binary in the VM: %s", strings.TrimSpace(string(why)))
	}
	if _, err := os.Stat(bpftraceBin); err != nil {
		t.Skipf("no bpftrace in the VM (the fbt-mass suite copies the host's): %v", err)
	}
	for _, c := range []struct {
		what     string
		dtrace   string
		bpftrace string
	}{
		// An empty provider field lists every provider's probes, fbt's
		// 38,000 functions included; naming the provider lists only its.
		{"start and exit", "BEGIN { exit(0); }", "BEGIN { exit(); }"},
		{"start and exit, provider named", "dtrace:::BEGIN { exit(0); }", "BEGIN { exit(); }"},
		{"a few functions (fentry, kfunc)", "fbt::vfs_read*:entry { @ = count(); } tick-1s { exit(0); }",
			"kfunc:vfs_read* { @ = count(); } interval:s:1 { exit(); }"},
		{"every function (kprobe.multi)", "fbt:::entry { @ = count(); } tick-1s { exit(0); }",
			"kprobe:* { @ = count(); } interval:s:1 { exit(); }"},
	} {
		d := timeRun(t, dtraceBin, "-n", c.dtrace)
		b := timeRun(t, bpftraceBin, "-e", c.bpftrace)
		t.Logf("%-34s dtrace %6.1fs  bpftrace %6.1fs", c.what, d.Seconds(), b.Seconds())
	}
}

// timeRun runs a tracer to its end and returns its wall time.
func timeRun(t *testing.T, bin string, args ...string) time.Duration {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "BPFTRACE_MAX_PROBES=100000")
	start := time.Now()
	out, err := cmd.CombinedOutput()
	took := time.Since(start)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	t.Logf("%s %q: %d lines, first %q, last %q", bin, args[len(args)-1], len(lines), lines[0], lines[len(lines)-1])
	if err != nil {
		t.Errorf("%s %q: %v", bin, args, err)
	}
	return took
}
