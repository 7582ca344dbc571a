package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// script writes an executable shell script standing in for a test binary or for dtrace.
func script(t *testing.T, p, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
}

func TestRunnerGoTest(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "fbt", "fbt.test")
	script(t, bin, `echo "=== RUN   TestA"
echo "--- PASS: TestA (0.00s)"
echo "=== RUN   TestB"
echo "    fbt_test.go:9: no luck"
echo "--- FAIL: TestB (0.00s)"
echo FAIL
exit 1
`)
	var out strings.Builder
	r := &runner{out: &out, timeout: time.Minute}
	r.goTest(bin)
	want := `    | === RUN   TestA
    | --- PASS: TestA (0.00s)
PASS fbt.TestA
    | === RUN   TestB
    |     fbt_test.go:9: no luck
    | --- FAIL: TestB (0.00s)
FAIL fbt.TestB: fbt_test.go:9: no luck
    | FAIL
`
	if out.String() != want {
		t.Errorf("console:\n%s\nwant:\n%s", out.String(), want)
	}
	if r.summary.String() != "1 passed, 1 failed" {
		t.Errorf("summary %s", r.summary)
	}
}

func TestRunnerGoTestTimeout(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "slow", "slow.test")
	// A binary that ignores -test.timeout, as a wedged one would.
	script(t, bin, "echo '=== RUN   TestSlow'\nexec sleep 60\n")
	var out strings.Builder
	r := &runner{out: &out, timeout: time.Millisecond, grace: 100 * time.Millisecond}
	r.goTest(bin)
	// Under load the kill may come before the script's first line: then the binary, not the
	// test, is what failed.
	got := out.String()
	if !strings.Contains(got, "FAIL slow.TestSlow: did not finish (killed after 101ms") &&
		!strings.HasPrefix(got, "FAIL slow: killed after 101ms") {
		t.Errorf("console:\n%s", out.String())
	}
}

func TestRunnerDScript(t *testing.T) {
	dir := t.TempDir()
	dtrace := filepath.Join(dir, "dtrace")
	// Stands in for dtrace: prints its arguments, and an error for a script named bad.d.
	script(t, dtrace, `echo "$@"; case $2 in bad.d) echo "dtrace: failed" >&2; exit 1;; esac`)
	writeFile := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeFile("good.d", "")
	writeFile("good.args", "-q\n")
	writeFile("good.r", "-s good.d -q\n")
	writeFile("bad.d", "")
	writeFile("bad.r", "-s bad.d\n-- @@stderr --\ndtrace: failed\n")
	writeFile("bad.exit", "2\n")
	var out strings.Builder
	r := &runner{out: &out, timeout: time.Minute}
	r.dScript(dtrace, filepath.Join(dir, "good.d"))
	r.dScript(dtrace, filepath.Join(dir, "bad.d"))
	r.dScript(filepath.Join(dir, "none"), filepath.Join(dir, "good.d"))
	for _, want := range []string{"PASS d.good\n", "FAIL d.bad: exit status 1, want 2\n", "SKIP d.good: no dtrace binary\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("console lacks %q:\n%s", want, out.String())
		}
	}
}
