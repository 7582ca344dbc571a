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

// TestNestedAggregation checks that a firing nested in another on its
// CPU loses no aggregation update: the system call probe and the
// profile probe add to the same entries, and each total must be exactly
// what both probes' firings put in. With load, add and store, a profile
// tick between the interrupted firing's load and store of a word was
// lost; the words are now added to atomically (cg's addWord).
func TestNestedAggregation(t *testing.T) {
	requireTracing(t)
	bin := buildC(t, "sysloop", "-O2")
	const calls = 3000000
	// Every clause adds to @n, @s, @a and @q; only the profile probe adds
	// to @ticks, which no other firing on its CPU can interrupt.
	script := `
		syscall::getpriority:entry /pid == $target/ { @n = count(); @s = sum(1); @a = avg(2); @q = quantize(1); }
		profile-4999 { @n = count(); @s = sum(1); @a = avg(2); @q = quantize(1); @ticks = count(); }
		END {
			printa("n %@d\n", @n); printa("s %@d\n", @s); printa("a %@d\n", @a);
			printa("ticks %@d\n", @ticks); printa(@q);
		}`
	stdout, stderr, status := run(t, "-q", "-c", fmt.Sprintf("%s %d", bin, calls), "-n", script)
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	value := func(re string) int {
		m := regexp.MustCompile(`(?m)` + re).FindStringSubmatch(stdout)
		if m == nil {
			t.Fatalf("no %q in %q", re, stdout)
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	ticks := value(`^ticks (\d+)$`)
	want := calls + ticks
	n, s, a, q := value(`^n (\d+)$`), value(`^s (\d+)$`), value(`^a (\d+)$`), value(`(?m)^\s+1 \|@+\s+(\d+)\s*$`)
	t.Logf("%d calls, %d profile ticks: count %d, sum %d, quantize bucket 1 %d", calls, ticks, n, s, q)
	if n != want || s != want || q != want || a != 2 {
		t.Errorf("count %d, sum %d, quantize %d, avg %d: want %d, %d, %d, 2 (%d calls + %d ticks)", n, s, q, a, want, want, want, calls, ticks)
	}
}
