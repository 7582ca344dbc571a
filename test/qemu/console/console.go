package console

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// Status is the outcome of one test.
type Status string

// The three outcomes, spelled as they appear on the console.
const (
	Pass Status = "PASS"
	Fail Status = "FAIL"
	Skip Status = "SKIP"
)

// Result is one test's line on the console.
type Result struct {
	Status Status
	Name   string
	Why    string // empty for Pass
}

// String formats r as its console line, without the newline. A why that spans several lines
// is joined with "; " because the host reads one result per line.
func (r Result) String() string {
	if r.Status == Pass || r.Why == "" {
		return string(r.Status) + " " + r.Name
	}
	why := strings.Join(strings.Fields(strings.ReplaceAll(r.Why, "\n", " ; ")), " ")
	return fmt.Sprintf("%s %s: %s", r.Status, r.Name, why)
}

// Summary counts results. Its String is the closing line of a run.
type Summary struct {
	Passed, Failed, Skipped int
}

// Add counts r.
func (s *Summary) Add(r Result) {
	switch r.Status {
	case Pass:
		s.Passed++
	case Fail:
		s.Failed++
	case Skip:
		s.Skipped++
	}
}

// String is "N passed, M failed", with ", K skipped" only when tests were skipped, so that the
// common line is exactly the one CI reads.
func (s Summary) String() string {
	line := fmt.Sprintf("%d passed, %d failed", s.Passed, s.Failed)
	if s.Skipped > 0 {
		line += fmt.Sprintf(", %d skipped", s.Skipped)
	}
	return line
}

var (
	resultRE  = regexp.MustCompile(`^(PASS|FAIL|SKIP) ([^\s:]+)(?:: (.*))?$`)
	summaryRE = regexp.MustCompile(`^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$`)
	// Terminal control sequences, which the VM's firmware sends to clear the screen.
	escapeRE = regexp.MustCompile(`\x1b(\[[0-9;?]*[A-Za-z]|[@-Z\\-_a-z])`)
)

// ParseLine recognises one console line. It returns a Result, a Summary, or neither (ok false)
// for any other line: kernel messages, echoed output, a bare "PASS" from a Go test binary.
// A carriage return left by the serial line is ignored.
func ParseLine(line string) (r *Result, s *Summary, ok bool) {
	line = strings.TrimRight(line, "\r\n")
	if m := resultRE.FindStringSubmatch(line); m != nil {
		return &Result{Status: Status(m[1]), Name: m[2], Why: m[3]}, nil, true
	}
	if m := summaryRE.FindStringSubmatch(line); m != nil {
		var sum Summary
		sum.Passed, _ = strconv.Atoi(m[1])
		sum.Failed, _ = strconv.Atoi(m[2])
		if m[3] != "" {
			sum.Skipped, _ = strconv.Atoi(m[3])
		}
		return nil, &sum, true
	}
	return nil, nil, false
}

// Run is what the host learnt from a console: every result in order and the guest's closing
// summary, if it got that far.
type Run struct {
	Results []Result
	Summary *Summary // nil when the guest never printed one (crash, hang, timeout)
}

// Counted is the summary of the results actually seen, which the host trusts over the guest's
// own line when they disagree.
func (r *Run) Counted() Summary {
	var s Summary
	for _, res := range r.Results {
		s.Add(res)
	}
	return s
}

// Err says why the run is not a success, or nil when it is: the guest printed its summary, no
// test failed, and the summary agrees with the results seen.
func (r *Run) Err() error {
	c := r.Counted()
	switch {
	case r.Summary == nil:
		return fmt.Errorf("no summary line from the guest after %d results", len(r.Results))
	case *r.Summary != c:
		return fmt.Errorf("guest summary %q disagrees with the %d results seen (%s)", r.Summary, len(r.Results), c)
	case c.Failed > 0:
		return fmt.Errorf("%d failed", c.Failed)
	case c.Passed == 0:
		return fmt.Errorf("no test passed")
	}
	return nil
}

// Scan reads a console until EOF, copying every line to echo (which may be nil) and calling
// seen, if not nil, for each result as it arrives. Terminal control sequences are dropped from
// both, so that a result line is recognised even when the firmware's screen reset leads it. Reading stops at the summary line, since
// whatever the kernel prints while powering off is of no interest.
func Scan(rd io.Reader, echo io.Writer, seen func(Result)) (*Run, error) {
	run := &Run{}
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := escapeRE.ReplaceAllString(sc.Text(), "")
		if echo != nil {
			if _, err := fmt.Fprintln(echo, strings.TrimRight(line, "\r")); err != nil {
				return run, fmt.Errorf("echo console: %w", err)
			}
		}
		r, s, ok := ParseLine(line)
		switch {
		case !ok:
		case r != nil:
			run.Results = append(run.Results, *r)
			if seen != nil {
				seen(*r)
			}
		case s != nil:
			run.Summary = s
			return run, nil
		}
	}
	if err := sc.Err(); err != nil {
		return run, fmt.Errorf("read console: %w", err)
	}
	return run, nil
}
