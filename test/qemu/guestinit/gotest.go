package main

import (
	"fmt"
	"strings"

	"github.com/godtrace/godtrace/test/qemu/console"
)

// goTestParser turns the -test.v output of one Go test binary into results, one per top-level
// test, named "prefix.TestName". Subtests are left to their parent's verdict.
type goTestParser struct {
	prefix  string
	current string              // the test named by the last "=== " line
	logs    map[string][]string // output lines seen while each test was current
	order   []string            // tests in the order they started
	done    map[string]bool
	results []console.Result
	last    []string // the last lines of output, for a binary that dies without a verdict
}

func newGoTestParser(prefix string) *goTestParser {
	return &goTestParser{prefix: prefix, logs: map[string][]string{}, done: map[string]bool{}}
}

// keepLines is how many lines of a test's output go into a FAIL or SKIP reason.
const keepLines = 3

// Line takes one line of output and returns the result it concludes, if any.
func (p *goTestParser) Line(line string) *console.Result {
	p.last = appendLast(p.last, line)
	for _, verb := range []string{"=== RUN   ", "=== CONT  ", "=== PAUSE ", "=== NAME  "} {
		if name, ok := strings.CutPrefix(line, verb); ok {
			name = strings.TrimSpace(name)
			if !strings.Contains(name, "/") {
				p.current = name
				if _, seen := p.logs[name]; !seen {
					p.logs[name] = nil
					p.order = append(p.order, name)
				}
			}
			return nil
		}
	}
	for _, st := range []console.Status{console.Pass, console.Fail, console.Skip} {
		rest, ok := strings.CutPrefix(line, "--- "+string(st)+": ")
		if !ok {
			continue
		}
		name, _, _ := strings.Cut(rest, " ")
		if p.done[name] {
			return nil
		}
		p.done[name] = true
		r := console.Result{Status: st, Name: p.prefix + "." + name}
		if st != console.Pass {
			r.Why = strings.Join(p.logs[name], "\n")
			if r.Why == "" {
				r.Why = "no output"
			}
		}
		p.results = append(p.results, r)
		return &r
	}
	if p.current != "" && strings.TrimSpace(line) != "" && !strings.HasPrefix(line, "    --- ") {
		p.logs[p.current] = appendLast(p.logs[p.current], strings.TrimSpace(line))
	}
	return nil
}

// Finish is called when the binary has exited (exitErr nil for status 0) and returns results
// for what the output alone did not conclude: tests that started and never finished (a panic, a
// timeout), a binary that failed without naming a test, and one that ran no test at all, which
// must not pass in silence.
func (p *goTestParser) Finish(exitErr error) []console.Result {
	var out []console.Result
	tail := strings.Join(p.last, "\n")
	for _, name := range p.order {
		if !p.done[name] {
			why := "did not finish"
			if exitErr != nil {
				why += fmt.Sprintf(" (%v)", exitErr)
			}
			out = append(out, console.Result{Status: console.Fail, Name: p.prefix + "." + name, Why: why + ": " + tail})
		}
	}
	failed := len(out) > 0
	for _, r := range p.results {
		failed = failed || r.Status == console.Fail
	}
	switch {
	case exitErr != nil && !failed:
		out = append(out, console.Result{Status: console.Fail, Name: p.prefix, Why: fmt.Sprintf("%v: %s", exitErr, tail)})
	case exitErr == nil && len(p.order) == 0:
		out = append(out, console.Result{Status: console.Fail, Name: p.prefix, Why: "ran no test: " + tail})
	}
	p.results = append(p.results, out...)
	return out
}

func appendLast(lines []string, line string) []string {
	lines = append(lines, line)
	if len(lines) > keepLines {
		lines = lines[len(lines)-keepLines:]
	}
	return lines
}
