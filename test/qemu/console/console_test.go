package console

import (
	"strings"
	"testing"
)

func TestResultStringRoundTrip(t *testing.T) {
	for _, r := range []Result{
		{Status: Pass, Name: "fbt.TestKprobe"},
		{Status: Fail, Name: "fbt.TestFentry", Why: "counter did not move: 0"},
		{Status: Skip, Name: "fbt.TestDtraceVersion", Why: "cmd/dtrace does not build: x.go:3: undefined: y"},
	} {
		line := r.String()
		got, s, ok := ParseLine(line + "\r\n")
		if !ok || s != nil || got == nil || *got != r {
			t.Errorf("ParseLine(%q) = %+v, %v, %v; want %+v", line, got, s, ok, r)
		}
	}
}

func TestResultStringJoinsLines(t *testing.T) {
	r := Result{Status: Fail, Name: "a", Why: "first\n  second\n"}
	if got, want := r.String(), "FAIL a: first ; second ;"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestSummaryString(t *testing.T) {
	if got := (Summary{Passed: 3, Failed: 1}).String(); got != "3 passed, 1 failed" {
		t.Errorf("got %q", got)
	}
	if got := (Summary{Passed: 3, Skipped: 2}).String(); got != "3 passed, 0 failed, 2 skipped" {
		t.Errorf("got %q", got)
	}
}

func TestParseLineIgnoresOtherLines(t *testing.T) {
	for _, line := range []string{
		"PASS",                   // a Go test binary's own closing line
		"    PASS indented.test", // echoed output is indented
		"[    1.234] PASS x",     // kernel message
		"FAIL\tpkg\t0.01s",
		"ok  	pkg	0.01s",
		"2 passed",
		"",
	} {
		if r, s, ok := ParseLine(line); ok {
			t.Errorf("ParseLine(%q) = %+v, %+v; want no match", line, r, s)
		}
	}
}

const console = "SeaBIOS (version 1.16)\r\n" +
	"[    0.000000] Linux version 6.1.0\r\n" +
	"godtrace-qemu: init at 2.10s\r\n" +
	"\x1bc\x1b[?7l\x1b[2JPASS fbt.TestKprobe\r\n" +
	"    fbt_test.go:40: counter 3\r\n" +
	"PASS\r\n" +
	"SKIP fbt.TestDtraceVersion: no dtrace\r\n" +
	"1 passed, 0 failed, 1 skipped\r\n" +
	"[    9.1] reboot: Power down\r\n"

func TestScan(t *testing.T) {
	var echo strings.Builder
	var seen []string
	run, err := Scan(strings.NewReader(console), &echo, func(r Result) { seen = append(seen, r.Name) })
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Results) != 2 || run.Results[0] != (Result{Status: Pass, Name: "fbt.TestKprobe"}) ||
		run.Results[1] != (Result{Status: Skip, Name: "fbt.TestDtraceVersion", Why: "no dtrace"}) {
		t.Errorf("results = %+v", run.Results)
	}
	if strings.Join(seen, ",") != "fbt.TestKprobe,fbt.TestDtraceVersion" {
		t.Errorf("seen = %v", seen)
	}
	if run.Summary == nil || *run.Summary != (Summary{Passed: 1, Skipped: 1}) {
		t.Errorf("summary = %+v", run.Summary)
	}
	if err := run.Err(); err != nil {
		t.Errorf("Err() = %v", err)
	}
	if strings.Contains(echo.String(), "\x1b") || strings.Contains(echo.String(), "Power down") || !strings.Contains(echo.String(), "counter 3\n") {
		t.Errorf("echo = %q", echo.String())
	}
}

func TestRunErr(t *testing.T) {
	pass := Result{Status: Pass, Name: "a"}
	fail := Result{Status: Fail, Name: "b", Why: "x"}
	for _, c := range []struct {
		run  Run
		want string
	}{
		{Run{Results: []Result{pass}}, "no summary line from the guest after 1 results"},
		{Run{Results: []Result{pass, fail}, Summary: &Summary{Passed: 1, Failed: 1}}, "1 failed"},
		{Run{Results: []Result{pass}, Summary: &Summary{Passed: 2}}, `guest summary "2 passed, 0 failed" disagrees with the 1 results seen (1 passed, 0 failed)`},
		{Run{Summary: &Summary{}}, "no test passed"},
	} {
		err := c.run.Err()
		if err == nil || err.Error() != c.want {
			t.Errorf("Err() = %v, want %q", err, c.want)
		}
	}
}

func TestScanWithoutSummary(t *testing.T) {
	run, err := Scan(strings.NewReader("PASS a\nKernel panic - not syncing\n"), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if run.Summary != nil || len(run.Results) != 1 || run.Err() == nil {
		t.Errorf("run = %+v, Err() = %v", run, run.Err())
	}
}
