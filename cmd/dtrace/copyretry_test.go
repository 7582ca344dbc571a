package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// buildColdpaths builds testdata/coldpaths.c, which opens paths whose
// strings lie in pages it never touched.
func buildColdpaths(t *testing.T) string {
	t.Helper()
	return buildC(t, "coldpaths", "-O2")
}

// coldPaths is how many paths the tests have coldpaths open.
const coldPaths = 200

var badAddrRE = regexp.MustCompile(`(?m)^dtrace: error in dt_clause_\d+ for probe ID \d+ \(syscall:vmlinux:openat:entry\): invalid address \((0x[0-9a-f]+)\) at BPF pc \d+$`)

// TestCopyinstrRetriedAtReturn checks that copyinstr() of a path in a
// page the process has not touched yet, at syscall::openat:entry, gives
// the path: the clause runs again at the call's return, where the kernel
// has faulted the page in, and its output comes before the return's. A
// copy of an address that is invalid fails at the return too, and is
// reported as a fault of the entry probe. With -x nocopyretry every
// copy of a cold path fails, as it does in DTrace.
func TestCopyinstrRetriedAtReturn(t *testing.T) {
	requireTracing(t)
	bin := buildColdpaths(t)
	script := `syscall::openat:entry /pid == $target/ { printf("%s\n", copyinstr(arg1)); }
		syscall::openat:return /pid == $target/ { printf("ret %d\n", (int)arg0); }`
	stdout, stderr, status := run(t, "-q", "-c", fmt.Sprintf("%s %d bad", bin, coldPaths), "-n", script)
	if status != 0 {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	// Each entry's record comes right before its return's, from the same
	// program on the same CPU; records of different CPUs are not in
	// order (package consume), so the pairs may be.
	for i := range coldPaths {
		if pair := fmt.Sprintf("\n/nonexistent/cold-%d\nret -2\n", i); !strings.Contains(stdout, pair) {
			t.Fatalf("output lacks %q:\n%s", pair, stdout)
		}
	}
	// The bad address's clause prints nothing; its return does.
	paths := regexp.MustCompile(`(?m)^/`).FindAllString(stdout, -1)
	if !regexp.MustCompile(`(?m)^ret -14$`).MatchString(stdout) || len(paths) != coldPaths+1 {
		t.Errorf("output %q: want the bad address's return, and no entry record but the cold paths' and the file's", stdout)
	}
	errs := badAddrRE.FindAllStringSubmatch(stderr, -1)
	if len(errs) != 1 || errs[0][1] != "0x8" || strings.Count(stderr, "\n") != 1 {
		t.Errorf("stderr %q, want the one fault of address 0x8", stderr)
	}

	// Today's behaviour, and DTrace's, when asked.
	stdout, stderr, status = run(t, "-q", "-x", "nocopyretry", "-c", fmt.Sprintf("%s %d", bin, coldPaths), "-n", script)
	if status != 0 {
		t.Fatalf("nocopyretry: status %d, stderr %q", status, stderr)
	}
	if n := len(badAddrRE.FindAllString(stderr, -1)); n != coldPaths {
		t.Errorf("nocopyretry: %d faults, want %d\nstderr: %s", n, coldPaths, stderr)
	}
	if strings.Contains(stdout, "/nonexistent/cold-") {
		t.Errorf("nocopyretry: a cold path was copied at entry:\n%s", stdout)
	}
}

// TestCopyinRetryResumesFiring checks that a firing deferred by a copy
// goes on at the return with the clauses after, which see the this->
// variables of the clause that deferred; that copyin() defers as
// copyinstr() does; and that the timestamp of the clauses that resume is
// the entry's.
func TestCopyinRetryResumesFiring(t *testing.T) {
	requireTracing(t)
	bin := buildColdpaths(t)
	stdout, stderr, status := run(t, "-q", "-c", fmt.Sprintf("%s %d", bin, coldPaths), "-n",
		`syscall::openat:entry /pid == $target/ { self->t0 = timestamp; }
		syscall::openat:entry /pid == $target/ { this->p = copyinstr(arg1); this->c = *(char *)copyin(arg1 + 13, 1); self->t1 = timestamp; }
		syscall::openat:entry /pid == $target/ { printf("%s %c\n", this->p, this->c); }
		syscall::openat:return /self->t0/ { @[self->t1 == self->t0 ? "same" : "other"] = count(); self->t0 = 0; self->t1 = 0; }`)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	for i := range coldPaths {
		if line := fmt.Sprintf("/nonexistent/cold-%d c\n", i); !strings.Contains(stdout, line) {
			t.Fatalf("output lacks %q:\n%s", line, stdout)
		}
	}
	if !regexp.MustCompile(`\n  same +\d+\n+$`).MatchString(stdout) {
		t.Errorf("output %q: the timestamps of a firing that resumed differ", stdout)
	}
}

// TestCopyinRetryManyClauses: a script of many clauses that retry
// loads, the return program growing with the clauses (100 used to
// overflow BPF's jumps), and retries; past what one program holds it
// loads without retrying, and its copies fault at entry.
func TestCopyinRetryManyClauses(t *testing.T) {
	requireTracing(t)
	bin := buildColdpaths(t)
	const paths = 20
	for _, n := range []int{100, 130} {
		var src strings.Builder
		for range n {
			src.WriteString("syscall::openat:entry /pid == $target/ { @[copyinstr(arg1)] = count(); }\n")
		}
		stdout, stderr, status := run(t, "-q", "-c", fmt.Sprintf("%s %d", bin, paths), "-n", src.String())
		if status != 0 {
			t.Fatalf("%d clauses: status %d, stderr %q", n, status, stderr)
		}
		faults := len(badAddrRE.FindAllString(stderr, -1))
		cold := regexp.MustCompile(fmt.Sprintf(`(?m)^  /nonexistent/cold-\d+ +%d$`, n)).FindAllString(stdout, -1)
		switch {
		case n == 100 && (faults != 0 || len(cold) != paths):
			t.Errorf("%d clauses: %d faults, %d paths counted %d times, want none and %d\nstdout: %s", n, faults, len(cold), n, paths, stdout)
		case n == 130 && (faults != n*paths || len(cold) != 0):
			t.Errorf("%d clauses: %d faults, %d paths counted, want %d and none", n, faults, len(cold), n*paths)
		}
	}
}
