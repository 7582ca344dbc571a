package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/godtrace/godtrace/test/qemu/console"
)

// runner runs tests and reports each result on out as it is known.
type runner struct {
	out     io.Writer
	timeout time.Duration
	grace   time.Duration // how long a Go test binary may outlive its -test.timeout
	flags   []string      // more arguments for every Go test binary (the suite's flags file)
	summary console.Summary
}

func (r *runner) report(res console.Result) {
	r.summary.Add(res)
	fmt.Fprintln(r.out, res.String())
}

// echoIndent is put before every line of a test's own output echoed on the console, so that
// nothing a test prints can be read as a result line.
const echoIndent = "    | "

// goTest runs the Go test binary bin from its own folder (where its testdata is), with the
// suite's flags, echoing its output and reporting one result per top-level test.
func (r *runner) goTest(bin string) {
	prefix := strings.TrimSuffix(filepath.Base(bin), ".test")
	p := newGoTestParser(prefix)
	// -test.timeout makes the binary dump its goroutines before the hard kill below.
	ctx, cancel := context.WithTimeout(context.Background(), r.timeout+r.grace)
	defer cancel()
	args := append([]string{"-test.v", "-test.timeout=" + r.timeout.String()}, r.flags...)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = filepath.Dir(bin)
	pr, pw := io.Pipe()
	cmd.Stdout, cmd.Stderr = pw, pw
	if err := cmd.Start(); err != nil {
		r.report(console.Result{Status: console.Fail, Name: prefix, Why: fmt.Sprintf("start: %v", err)})
		return
	}
	waited := make(chan error, 1)
	go func() {
		waited <- cmd.Wait()
		pw.Close()
	}()
	sc := bufio.NewScanner(pr)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		fmt.Fprintln(r.out, echoIndent+sc.Text())
		if res := p.Line(sc.Text()); res != nil {
			r.report(*res)
		}
	}
	// Drain whatever a too-long line left, so Wait's copy never blocks.
	_, _ = io.Copy(io.Discard, pr)
	err := <-waited
	if ctx.Err() != nil {
		err = fmt.Errorf("killed after %v: %w", r.timeout+r.grace, err)
	}
	for _, res := range p.Finish(err) {
		r.report(res)
	}
}

// dScript runs "dtrace -s NAME.d" from the script's folder, with the extra arguments of
// NAME.args (one a line), and passes when what it printed (stdout, then a line
// "-- @@stderr --" and stderr when there was any) equals NAME.r and its exit status equals
// NAME.exit (0 when absent): the format of the project's conformance cases.
func (r *runner) dScript(dtrace, script string) {
	dir, file := filepath.Split(script)
	base := strings.TrimSuffix(file, ".d")
	name := "d." + base
	if _, err := os.Stat(dtrace); err != nil {
		why := "no dtrace binary"
		if b, err := os.ReadFile(dtraceMissing); err == nil {
			why = strings.TrimSpace(string(b))
		}
		r.report(console.Result{Status: console.Skip, Name: name, Why: why})
		return
	}
	args := []string{"-s", file}
	if b, err := os.ReadFile(filepath.Join(dir, base+".args")); err == nil {
		for _, a := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
			if a != "" {
				args = append(args, a)
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), r.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, dtrace, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	got := stdout.String()
	if stderr.Len() > 0 {
		got += "-- @@stderr --\n" + stderr.String()
	}
	for _, line := range strings.SplitAfter(got, "\n") {
		if line != "" {
			fmt.Fprint(r.out, echoIndent+strings.TrimSuffix(line, "\n")+"\n")
		}
	}
	res := console.Result{Status: console.Pass, Name: name}
	res.Why = compareD(dir, base, got, runErr, ctx.Err() != nil)
	if res.Why != "" {
		res.Status = console.Fail
	}
	r.report(res)
}

// compareD says how a script's run differs from what its files expect, or "" when it does not.
func compareD(dir, base, got string, runErr error, timedOut bool) string {
	if timedOut {
		return "timed out"
	}
	rc := 0
	var exit *exec.ExitError
	switch {
	case errors.As(runErr, &exit):
		rc = exit.ExitCode()
	case runErr != nil:
		return runErr.Error()
	}
	var whys []string
	want := 0
	if b, err := os.ReadFile(filepath.Join(dir, base+".exit")); err == nil {
		if want, err = strconv.Atoi(strings.TrimSpace(string(b))); err != nil {
			return fmt.Sprintf("bad %s.exit: %v", base, err)
		}
	}
	if rc != want {
		whys = append(whys, fmt.Sprintf("exit status %d, want %d", rc, want))
	}
	if b, err := os.ReadFile(filepath.Join(dir, base+".r")); err != nil {
		whys = append(whys, fmt.Sprintf("no expected output: %v", err))
	} else if string(b) != got {
		whys = append(whys, "output differs: "+firstDiff(string(b), got))
	}
	return strings.Join(whys, "; ")
}

// firstDiff describes the first line where want and got part.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl || i >= len(w) || i >= len(g) {
			return fmt.Sprintf("line %d: got %q, want %q", i+1, gl, wl)
		}
	}
	return "same lines"
}

// suiteTests lists the Go test binaries (tests/NAME/NAME.test) and D scripts (tests/d/*.d)
// under root, each sorted, binaries first.
func suiteTests(root string) (bins, scripts []string, err error) {
	bins, err = filepath.Glob(filepath.Join(root, "*", "*.test"))
	if err != nil {
		return nil, nil, fmt.Errorf("list test binaries: %w", err)
	}
	scripts, err = filepath.Glob(filepath.Join(root, "d", "*.d"))
	if err != nil {
		return nil, nil, fmt.Errorf("list D scripts: %w", err)
	}
	sort.Strings(bins)
	sort.Strings(scripts)
	return bins, scripts, nil
}
