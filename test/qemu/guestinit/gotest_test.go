package main

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/test/qemu/console"
)

func feed(p *goTestParser, out string) []console.Result {
	var got []console.Result
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if r := p.Line(line); r != nil {
			got = append(got, *r)
		}
	}
	return got
}

func TestGoTestParser(t *testing.T) {
	const out = `=== RUN   TestKprobe
    fbt_test.go:40: counter moved by 3
--- PASS: TestKprobe (0.12s)
=== RUN   TestFentry
=== RUN   TestFentry/sub
    fbt_test.go:60: attach fentry: operation not supported
    --- FAIL: TestFentry/sub (0.00s)
--- FAIL: TestFentry (0.01s)
=== RUN   TestDtrace
    fbt_test.go:80: cmd/dtrace does not build
--- SKIP: TestDtrace (0.00s)
FAIL
`
	p := newGoTestParser("fbt")
	got := feed(p, out)
	want := []console.Result{
		{Status: console.Pass, Name: "fbt.TestKprobe"},
		{Status: console.Fail, Name: "fbt.TestFentry", Why: "fbt_test.go:60: attach fentry: operation not supported"},
		{Status: console.Skip, Name: "fbt.TestDtrace", Why: "fbt_test.go:80: cmd/dtrace does not build"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("results:\n got %+v\nwant %+v", got, want)
	}
	if extra := p.Finish(errors.New("exit status 1")); len(extra) != 0 {
		t.Errorf("Finish added %+v", extra)
	}
}

func TestGoTestParserPanic(t *testing.T) {
	p := newGoTestParser("fbt")
	feed(p, "=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestB\npanic: boom\n\ngoroutine 1 [running]:\n")
	got := p.Finish(errors.New("exit status 2"))
	if len(got) != 1 || got[0].Status != console.Fail || got[0].Name != "fbt.TestB" ||
		!strings.HasPrefix(got[0].Why, "did not finish (exit status 2): panic: boom") {
		t.Errorf("Finish = %+v", got)
	}
}

func TestGoTestParserNoTests(t *testing.T) {
	p := newGoTestParser("fbt")
	feed(p, "testing: warning: no tests to run\nPASS\n")
	got := p.Finish(nil)
	if len(got) != 1 || got[0].Status != console.Fail || got[0].Name != "fbt" || !strings.HasPrefix(got[0].Why, "ran no test") {
		t.Errorf("Finish = %+v", got)
	}
}

func TestGoTestParserExitWithoutVerdict(t *testing.T) {
	p := newGoTestParser("fbt")
	feed(p, "=== RUN   TestA\n--- PASS: TestA (0.00s)\nPASS\nfatal: leak check failed\n")
	got := p.Finish(errors.New("exit status 1"))
	if len(got) != 1 || got[0].Name != "fbt" || got[0].Why != "exit status 1: --- PASS: TestA (0.00s)\nPASS\nfatal: leak check failed" {
		t.Errorf("Finish = %+v", got)
	}
}

func TestCompareD(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("a.r", "hello\n")
	if why := compareD(dir, "a", "hello\n", nil, false); why != "" {
		t.Errorf("same output: %q", why)
	}
	if why, want := compareD(dir, "a", "hello\nworld\n", nil, false), `output differs: line 2: got "world", want ""`; why != want {
		t.Errorf("got %q, want %q", why, want)
	}
	write("a.exit", "1\n")
	if why, want := compareD(dir, "a", "hello\n", nil, false), "exit status 0, want 1"; why != want {
		t.Errorf("got %q, want %q", why, want)
	}
	if why := compareD(dir, "missing", "", nil, false); !strings.HasPrefix(why, "no expected output") {
		t.Errorf("got %q", why)
	}
	if why := compareD(dir, "a", "", nil, true); why != "timed out" {
		t.Errorf("got %q", why)
	}
}

func TestSuiteTests(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"fbt/fbt.test", "aa/aa.test", "d/b.d", "d/a.d", "d/a.r"} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bins, scripts, err := suiteTests(root)
	if err != nil {
		t.Fatal(err)
	}
	rel := func(ps []string) (out []string) {
		for _, p := range ps {
			r, _ := filepath.Rel(root, p)
			out = append(out, r)
		}
		return out
	}
	if got := rel(bins); !reflect.DeepEqual(got, []string{"aa/aa.test", "fbt/fbt.test"}) {
		t.Errorf("bins = %v", got)
	}
	if got := rel(scripts); !reflect.DeepEqual(got, []string{"d/a.d", "d/b.d"}) {
		t.Errorf("scripts = %v", got)
	}
}
