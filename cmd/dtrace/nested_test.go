package main

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"
)

// TestNestedFiring checks that a probe firing in an interrupt of another
// firing on its CPU does not change what that firing sees. A profile
// probe's NMI lands inside the system call probe's program thousands of
// times in a run like this one. When both kept their machine state and
// arguments in the CPU's one scratch value, the interrupted firing went
// on with the profile probe's (in two runs, 488 and 646 of 3,000,000
// firings saw arguments not their own, and 3 and 4 were not counted at
// all); each now takes a scratch value of its own (bpfrt.ScratchLevels),
// and a firing nested deeper than that would be dropped and reported.
func TestNestedFiring(t *testing.T) {
	requireTracing(t)
	bin := buildC(t, "sysloop", "-O2")
	const calls = 3000000
	script := `
		syscall::getpriority:entry /pid == $target/ { this->a = arg0; }
		syscall::getpriority:entry /pid == $target && (this->a != 0x1234 || arg0 != 0x1234 || arg1 != 0x5678)/ { @bad = count(); }
		syscall::getpriority:entry /pid == $target/ { @calls = count(); }
		profile-4999 { @ticks = count(); }
		END { printa("calls %@d\n", @calls); printa("ticks %@d\n", @ticks); printa("bad %@d\n", @bad); }`
	stdout, stderr, status := run(t, "-q", "-c", fmt.Sprintf("%s %d", bin, calls), "-n", script)
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	count := func(name string) int {
		m := regexp.MustCompile(`(?m)^` + name + ` (\d+)$`).FindStringSubmatch(stdout)
		if m == nil {
			return 0 // an aggregation never added to prints nothing
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	bad, n, ticks := count("bad"), count("calls"), count("ticks")
	if ticks == 0 {
		t.Fatal("no profile tick: the test did not run as meant")
	}
	// A clobbered firing may also miss its counting clause (its
	// predicate read another probe's pid or EPID).
	if bad != 0 || n != calls {
		t.Errorf("%d of %d firings saw arguments other than their own; %d calls counted", bad, calls, n)
	}
	drops := 0
	for _, d := range regexp.MustCompile(`(?m)^dtrace: (\d+) nested firing drops? on CPU \d+$`).FindAllStringSubmatch(stderr, -1) {
		k, _ := strconv.Atoi(d[1])
		drops += k
	}
	t.Logf("%d profile ticks, %d nested firings dropped", ticks, drops)
	if other := regexp.MustCompile(`(?m)^dtrace: (.*)$`).FindAllString(regexp.MustCompile(`(?m)^dtrace: \d+ nested firing drops? on CPU \d+\n`).ReplaceAllString(stderr, ""), -1); len(other) > 0 {
		t.Errorf("stderr: %q", other)
	}
}
