package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"
)

// machineLine matches what a user must never be shown: the BPF
// verifier's log (instruction lines, register states, its statistics),
// the old "load program" wrapping of it, and Go's insides.
var machineLine = regexp.MustCompile(`^\s*\d+: |\bR\d+(_w)?=|processed \d+ insns|\bfp-\d+|func#\d+|load program|panic:|goroutine \d+|\*ast\.|\*ebpf\.`)

// hostilePrograms are type-correct D programs that stress what the kernel
// takes: big clauses, many clauses, deep expressions, many string
// operations, big arrays, records larger than the buffer.
func hostilePrograms() map[string][]string {
	repeat := func(n int, f func(i int) string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(f(i))
		}
		return b.String()
	}
	return map[string][]string{
		"1500 assignments":    {"-n", "BEGIN { x = 1; " + repeat(1500, func(int) string { return "x = x + 1; " }) + "exit(0); }"},
		"400 clauses":         {"-n", repeat(400, func(int) string { return "BEGIN { x++; } " }) + "BEGIN { exit(0); }"},
		"2000 quantizes":      {"-n", "BEGIN { x = 1; " + repeat(2000, func(int) string { return "@ = quantize(x); " }) + "exit(0); }"},
		"deep parentheses":    {"-n", "BEGIN { x = " + strings.Repeat("(", 300) + "1" + strings.Repeat(")", 300) + "; trace(x); exit(0); }"},
		"deep ternaries":      {"-n", "BEGIN { y = 3; x = " + repeat(200, func(i int) string { return fmt.Sprintf("y == %d ? %d : ", i, i) }) + "0; trace(x); exit(0); }"},
		"deep ifs":            {"-n", "BEGIN { y = 3; " + strings.Repeat("if (y > 0) { ", 100) + "x = 1;" + strings.Repeat(" }", 100) + " trace(x); exit(0); }"},
		"string joins":        {"-n", `BEGIN { s = "a"; ` + repeat(300, func(int) string { return `s = strjoin(s, "b"); ` }) + "trace(s); exit(0); }"},
		"string ops":          {"-n", `BEGIN { s = "hello world"; ` + repeat(60, func(int) string { return `t = substr(strjoin(s, s), 1, 5); n = strlen(t) + index(s, "o"); ` }) + "trace(n); exit(0); }"},
		"huge array":          {"-n", "int a[1000000]; BEGIN { a[999999] = 1; trace(a[999999]); exit(0); }"},
		"huge this array":     {"-n", "BEGIN { this->s = \"x\"; " + repeat(200, func(i int) string { return fmt.Sprintf("this->v%d = %d; ", i, i) }) + "trace(this->v199); exit(0); }"},
		"record past bufsize": {"-x", "bufsize=256", "-n", `BEGIN { trace("x"); exit(0); }`},
		"many printf args":    {"-n", "BEGIN { printf(\"" + strings.Repeat("%s", 100) + "\\n\"" + strings.Repeat(`, "s"`, 100) + "); exit(0); }"},
	}
}

// TestHostilePrograms runs the corpus and checks that whatever happens,
// the user reads DTrace's words: each run ends with status 0 or 1, within
// its time, and no line of its output looks like the verifier's log or
// Go's insides. Under -x bpflog the log is printed, every line after
// "BPF: ".
func TestHostilePrograms(t *testing.T) {
	requireTracing(t)
	for name, args := range hostilePrograms() {
		t.Run(strings.ReplaceAll(name, " ", "_"), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, os.Args[0], append([]string{"-q"}, args...)...)
			cmd.Env = append(os.Environ(), asDtrace+"=1")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			if ctx.Err() != nil {
				t.Fatalf("did not end in time; stderr %q", tail(stderr.String()))
			}
			if code := cmd.ProcessState.ExitCode(); code != 0 && code != 1 {
				t.Errorf("status %d (%v); stderr %q", code, err, tail(stderr.String()))
			}
			for _, out := range []string{stdout.String(), stderr.String()} {
				for line := range strings.Lines(out) {
					if machineLine.MatchString(line) {
						t.Errorf("line shows the machine's insides: %q", strings.TrimSpace(line))
						break
					}
				}
			}
			t.Logf("status %d; stderr %q", cmd.ProcessState.ExitCode(), tail(stderr.String()))
		})
	}
}

func tail(s string) string {
	if len(s) > 400 {
		return "..." + s[len(s)-400:]
	}
	return s
}

// TestBPFLog: -x bpflog prints the log of a refused program, each line
// after "BPF: ", and the one-line error after it.
func TestBPFLog(t *testing.T) {
	requireTracing(t)
	// No limit is checked before loading for this one: the kernel
	// refuses it, today for the paths the verifier would have to check.
	prog := hostilePrograms()["2000 quantizes"]
	for _, bpflog := range []bool{false, true} {
		args := append([]string{"-q"}, prog...)
		if bpflog {
			args = append([]string{"-x", "bpflog"}, args...)
		}
		_, stderr, status := run(t, args...)
		if status == 0 {
			t.Skip("the kernel took the program: nothing refused to report")
		}
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		last := lines[len(lines)-1]
		if !strings.HasPrefix(last, "dtrace: could not enable tracing: BPF program load for 'dtrace:::BEGIN' failed: ") {
			t.Errorf("bpflog %v: last line %q", bpflog, last)
		}
		logged := 0
		for _, l := range lines[:len(lines)-1] {
			if strings.HasPrefix(l, "BPF: ") {
				logged++
			}
		}
		if bpflog != (logged > 0) || logged != len(lines)-1 {
			t.Errorf("bpflog %v: %d log lines of %d", bpflog, logged, len(lines))
		}
	}
}

// TestBufTooSmall: a record larger than bufsize is refused before
// loading, in DTrace's words.
func TestBufTooSmall(t *testing.T) {
	requireTracing(t)
	_, stderr, status := run(t, "-x", "bufsize=256", "-qn", `BEGIN { trace("x"); exit(0); }`)
	if want := "dtrace: could not enable tracing: Enabling exceeds size of buffer\n"; status != 1 || stderr != want {
		t.Errorf("status %d, stderr %q, want 1 and %q", status, stderr, want)
	}
}

// TestPartialEnable: a wildcard over tracepoints of which the kernel
// refuses some (irq_vectors:irq_work_exit on x86) traces the others and
// reports each refused probe by name; a refused probe alone fails.
func TestPartialEnable(t *testing.T) {
	requireTracing(t)
	_, stderr, status := run(t, "-qn", "sdt:irq_vectors:: { } BEGIN { exit(0); }")
	refusal := regexp.MustCompile(`^dtrace: failed to enable '(sdt:[^']+)': `)
	var refused []string
	for line := range strings.Lines(stderr) {
		m := refusal.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("stderr line %q", line)
			continue
		}
		refused = append(refused, m[1])
	}
	if status != 0 {
		t.Fatalf("status %d; stderr %q", status, stderr)
	}
	if len(refused) == 0 {
		t.Skip("this kernel refuses no irq_vectors tracepoint")
	}
	_, stderr, status = run(t, "-qn", refused[0]+" { }")
	if want := "dtrace: could not enable tracing: failed to enable '" + refused[0] + "': "; status != 1 || !strings.HasPrefix(stderr, want) {
		t.Errorf("%s alone: status %d, stderr %q, want 1 and %q...", refused[0], status, stderr, want)
	}
}

// TestBufsizeLowered: a principal buffer larger than the kernel can
// allocate is halved until it can, and the size reported, as DTrace's
// bufresize=auto does; bufresize=manual refuses it. An nspec past what
// code generation takes is reported lowered too.
func TestBufsizeLowered(t *testing.T) {
	requireTracing(t)
	stdout, stderr, status := run(t, "-x", "bufsize=100g", "-qn", "BEGIN { trace(1); exit(0); }")
	if status != 0 || stdout != "1\n" || !regexp.MustCompile(`^dtrace: buffer size lowered to \d+[kmg]\n$`).MatchString(stderr) {
		t.Errorf("bufsize=100g: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	stdout, stderr, status = run(t, "-x", "nspec=5000", "-qn", "BEGIN { trace(1); exit(0); }")
	if status != 0 || stdout != "1\n" || !regexp.MustCompile(`^dtrace: number of speculations lowered to \d+\n$`).MatchString(stderr) {
		t.Errorf("nspec=5000: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	_, stderr, status = run(t, "-x", "bufresize=manual", "-x", "bufsize=100g", "-qn", "BEGIN { trace(1); exit(0); }")
	if status != 1 || !strings.HasPrefix(stderr, "dtrace: could not enable tracing: ") {
		t.Errorf("bufresize=manual bufsize=100g: status %d, stderr %q", status, stderr)
	}
}
