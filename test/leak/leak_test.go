package leak

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
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/output"
)

func TestMain(m *testing.M) { testutil.Main(m) }

func requireTracing(t *testing.T) {
	t.Helper()
	testutil.Require(t, feature.ProgRunRawTP)
}

// held counts the kernel objects a process holds through descriptors, by
// the anonymous inode's name ("bpf-prog", "bpf-map", "bpf_link",
// "[perf_event]"), and lists the IDs of its BPF programs.
type held struct {
	kinds map[string]int
	progs []ebpf.ProgramID
}

func (h held) String() string {
	var parts []string
	for _, k := range []string{"bpf-prog", "bpf-map", "bpf_link", "[perf_event]"} {
		parts = append(parts, fmt.Sprintf("%s %d", k, h.kinds[k]))
	}
	return strings.Join(parts, ", ")
}

// descriptors reads what process pid ("self" for this one) holds.
func descriptors(t *testing.T, pid string) held {
	t.Helper()
	dir := filepath.Join("/proc", pid, "fd")
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	h := held{kinds: map[string]int{}}
	for _, e := range ents {
		target, err := os.Readlink(filepath.Join(dir, e.Name()))
		if err != nil {
			continue // closed meanwhile
		}
		kind, ok := strings.CutPrefix(target, "anon_inode:")
		if !ok || !(strings.HasPrefix(kind, "bpf") || kind == "[perf_event]") {
			continue
		}
		h.kinds[kind]++
		if kind != "bpf-prog" {
			continue
		}
		info, err := os.ReadFile(filepath.Join("/proc", pid, "fdinfo", e.Name()))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(info), "\n") {
			if v, ok := strings.CutPrefix(line, "prog_id:"); ok {
				id, _ := strconv.Atoi(strings.TrimSpace(v))
				h.progs = append(h.progs, ebpf.ProgramID(id))
			}
		}
	}
	return h
}

// probeEvents returns the lines of tracefs's uprobe_events and
// kprobe_events: the entries a tracer that cannot use the perf PMUs
// creates by name, and must remove.
func probeEvents(t *testing.T) map[string]bool {
	t.Helper()
	lines := map[string]bool{}
	for _, root := range []string{"/sys/kernel/tracing", "/sys/kernel/debug/tracing"} {
		found := false
		for _, file := range []string{"uprobe_events", "kprobe_events"} {
			b, err := os.ReadFile(filepath.Join(root, file))
			if err != nil {
				continue
			}
			found = true
			for _, l := range strings.Split(string(b), "\n") {
				if l != "" {
					lines[file+": "+l] = true
				}
			}
		}
		if found {
			return lines
		}
	}
	t.Fatal("no tracefs with uprobe_events or kprobe_events")
	return nil
}

// target is a process started by the test for dtrace -p: it prints a
// line every 50 ms, so that "runs on unharmed" can be observed.
type target struct {
	cmd   *exec.Cmd
	lines *bufio.Reader
}

func startTarget(t *testing.T, argv ...string) *target {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tg := &target{cmd: cmd, lines: bufio.NewReader(pipe)}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	// Its first line says it runs (and python has loaded its library).
	if _, err := tg.lines.ReadString('\n'); err != nil {
		t.Fatalf("target %v: %v", argv, err)
	}
	return tg
}

// shellTicker prints a line every 50 ms from a shell loop.
func shellTicker(t *testing.T) *target {
	return startTarget(t, "/bin/sh", "-c", "while :; do echo tick; sleep 0.05; done")
}

// pythonTicker prints a line every 50 ms from python3.11, whose
// interpreter carries USDT probes with semaphores.
func pythonTicker(t *testing.T) *target {
	const python = "/usr/bin/python3.11"
	if _, err := os.Stat(python); err != nil {
		t.Skipf("%s not installed: it is the USDT target", python)
	}
	return startTarget(t, python, "-u", "-c", "import time\nwhile True:\n    print('tick')\n    time.sleep(0.05)\n")
}

// unharmed checks that tg runs on: not stopped (no breakpoint or ptrace
// stop left behind) and still printing.
func (tg *target) unharmed(t *testing.T) {
	t.Helper()
	pid := tg.cmd.Process.Pid
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Fatalf("target %d is gone: %v", pid, err)
	}
	// The state follows the command name in parentheses.
	fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	if state := fields[0]; state == "T" || state == "t" || state == "Z" || state == "X" {
		t.Errorf("target %d is in state %s after dtrace", pid, state)
	}
	got := make(chan error, 1)
	go func() {
		// Drain what it printed while dtrace ran, then see new lines.
		for range 3 {
			if _, err := tg.lines.ReadString('\n'); err != nil {
				got <- err
				return
			}
		}
		got <- nil
	}()
	select {
	case err := <-got:
		if err != nil {
			t.Errorf("target %d: %v", pid, err)
		}
	case <-time.After(5 * time.Second):
		t.Errorf("target %d printed nothing for 5 s after dtrace", pid)
	}
}

// tracing are clauses on the kinds of probe every run holds: a syscall
// tracepoint, a perf event per CPU, and a line saying it is tracing.
var tracing = []string{"-q",
	"-n", "syscall::read:entry { @r = count(); }",
	"-n", "profile-97 { @p = count(); }",
	"-n", `BEGIN { printf("ready\n"); }`}

// pidClauses put uprobes on the target.
var pidClauses = []string{"-n", "pid$target:libc.so.6:clock_nanosleep:entry, pid$target:libc.so.6:write:entry { @u = count(); }"}

// usdtClauses put USDT probes, which have semaphores, on python.
var usdtClauses = []string{"-n", "python$target:::function-entry { @f = count(); }"}

// quantizes is a clause the verifier refuses as too complex, after the
// clauses before it were loaded.
var quantizes = "BEGIN { x = 1; " + strings.Repeat("@q = quantize(x); ", 2000) + "}"

// TestWaysOut runs the command to each of its ends and checks what it
// leaves: nothing of its own in the kernel, and its targets as dtrace(8)
// leaves them.
func TestWaysOut(t *testing.T) {
	requireTracing(t)
	bin := testutil.Dtrace(t, filepath.Join("..", ".."))
	type run struct {
		cmd    *exec.Cmd
		stdout *bufio.Reader
		stderr *bytes.Buffer
	}
	for _, tc := range []struct {
		name string
		// args are dtrace's arguments; "PID" stands for the target's.
		args   []string
		target func(*testing.T) *target
		// act ends a run that is tracing; nil lets it end by itself.
		act func(pid int)
		// status is the exit status wanted; -1 means killed by SIGKILL.
		status int
		// stderr is a text the error output must hold.
		stderr string
		// survives is true when a -p target must run on after dtrace.
		survives bool
	}{
		{name: "exit", args: append(tracing, "-n", "tick-100ms { exit(0); }")},
		{name: "SIGINT", args: tracing, act: func(pid int) { syscall.Kill(pid, syscall.SIGINT) }},
		{name: "SIGINT burst", args: tracing, act: func(pid int) {
			syscall.Kill(pid, syscall.SIGINT)
			syscall.Kill(-pid, syscall.SIGINT)
		}},
		{name: "SIGTERM", args: tracing, act: func(pid int) { syscall.Kill(pid, syscall.SIGTERM) }},
		{name: "SIGKILL", args: tracing, act: func(pid int) { syscall.Kill(pid, syscall.SIGKILL) }, status: -1},
		{name: "compile error", args: []string{"-n", "BEGIN { x = ; }"}, status: 1, stderr: "syntax error"},
		{name: "load refused", args: append(tracing, "-n", quantizes), status: 1, stderr: "could not enable tracing"},
		{name: "runtime fault", args: append(tracing, "-n", "tick-20ms { trace(*(int *)0); }", "-n", "tick-200ms { exit(0); }"),
			stderr: "invalid address"},
		{name: "-c exits", args: append(append(tracing, pidClauses...), "-c", "/bin/sleep 0.3")},
		{name: "-c does not exist", args: append(tracing, "-c", "/nonexistent/command"), status: 1, stderr: "failed to"},
		{name: "-c outlived", args: append(append(tracing, pidClauses...), "-c", "/bin/sleep 60"),
			act: func(pid int) { syscall.Kill(pid, syscall.SIGINT) }},
		{name: "-p exits", args: append(append(tracing, pidClauses...), "-p", "PID"), target: func(t *testing.T) *target {
			return startTarget(t, "/bin/sh", "-c", "echo start; sleep 0.5")
		}},
		{name: "-p let go", args: append(append(tracing, pidClauses...), "-p", "PID"), target: shellTicker,
			act: func(pid int) { syscall.Kill(pid, syscall.SIGINT) }, survives: true},
		{name: "-p dtrace killed", args: append(append(tracing, pidClauses...), "-p", "PID"), target: shellTicker,
			act: func(pid int) { syscall.Kill(pid, syscall.SIGKILL) }, status: -1, survives: true},
		{name: "USDT dtrace killed", args: append(append(tracing, usdtClauses...), "-p", "PID"), target: pythonTicker,
			act: func(pid int) { syscall.Kill(pid, syscall.SIGKILL) }, status: -1, survives: true},
		{name: "USDT let go", args: append(append(tracing, usdtClauses...), "-p", "PID"), target: pythonTicker,
			act: func(pid int) { syscall.Kill(pid, syscall.SIGINT) }, survives: true},
	} {
		t.Run(strings.ReplaceAll(tc.name, " ", "_"), func(t *testing.T) {
			before := probeEvents(t)
			var tg *target
			args := append([]string(nil), tc.args...)
			if tc.target != nil {
				tg = tc.target(t)
				for i, a := range args {
					if a == "PID" {
						args[i] = strconv.Itoa(tg.cmd.Process.Pid)
					}
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin, args...)
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			pipe, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			stdout := bufio.NewReader(pipe)
			// A run that traces says so; then what it holds is known.
			var progs []ebpf.ProgramID
			line, _ := stdout.ReadString('\n')
			if line == "ready\n" {
				progs = descriptors(t, strconv.Itoa(cmd.Process.Pid)).progs
				if len(progs) == 0 {
					t.Errorf("dtrace traces but holds no BPF program")
				}
				if tc.act != nil {
					tc.act(cmd.Process.Pid)
				}
			} else if tc.status != 1 {
				// Only the runs that fail to start do not trace.
				t.Fatalf("dtrace did not start tracing: %q; stderr %s", line, &stderr)
			}
			io.Copy(io.Discard, stdout)
			err = cmd.Wait()
			status := cmd.ProcessState.ExitCode()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
				status = -1
			}
			if status != tc.status {
				t.Errorf("status %d (%v), want %d; stderr %s", status, err, tc.status, &stderr)
			}
			if !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr %q, want it to hold %q", &stderr, tc.stderr)
			}
			testutil.WaitProgramsGone(t, progs)
			for l := range probeEvents(t) {
				if !before[l] {
					t.Errorf("tracefs entry left behind: %s", l)
				}
			}
			if tg != nil && tc.survives {
				tg.unharmed(t)
			}
		})
	}
}

// ourGoroutines returns the stacks of the goroutines running the
// project's code, other than this test's: those a run must not leave.
func ourGoroutines() []string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	var ours []string
	for _, g := range strings.Split(string(buf), "\n\n") {
		if strings.Contains(g, "github.com/godtrace/godtrace/") && !strings.Contains(g, "github.com/godtrace/godtrace/test/leak.") {
			ours = append(ours, g)
		}
	}
	return ours
}

// settled waits up to 3 s for the project's goroutines to end, and
// returns those left.
func settled() []string {
	deadline := time.Now().Add(3 * time.Second)
	for {
		left := ourGoroutines()
		if len(left) == 0 || time.Now().After(deadline) {
			return left
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestAPIReleases runs programs through the Go API to each of its ends
// and checks that the process holds no more descriptors of BPF objects
// and perf events, and no more goroutines, than before: in a program
// that lives on, every leak would accumulate.
func TestAPIReleases(t *testing.T) {
	requireTracing(t)
	discard := &output.Funcs{}
	runProgram := func(t *testing.T, text string, ctx context.Context, target []string) error {
		h := dtrace.Open()
		defer h.Close()
		if target != nil {
			if _, err := h.CreateProcess(target); err != nil {
				return err
			}
		}
		p, err := h.CompileString(text, dtrace.SpecName, nil)
		if err != nil {
			return err
		}
		_, err = h.Run(ctx, p, discard)
		return err
	}
	const tracingD = "syscall::read:entry { @r = count(); } profile-97 { @p = count(); } "
	ways := []struct {
		name string
		run  func(t *testing.T) error
		// fails is true when the way out is an error.
		fails bool
	}{
		{"exit", func(t *testing.T) error {
			return runProgram(t, tracingD+"tick-50ms { exit(0); }", context.Background(), nil)
		}, false},
		{"context done", func(t *testing.T) error {
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			return runProgram(t, tracingD, ctx, nil)
		}, false},
		{"compile error", func(t *testing.T) error {
			return runProgram(t, "BEGIN { x = ; }", context.Background(), nil)
		}, true},
		{"load refused", func(t *testing.T) error {
			return runProgram(t, tracingD+quantizes, context.Background(), nil)
		}, true},
		{"buffer too small", func(t *testing.T) error {
			h := dtrace.Open()
			defer h.Close()
			if err := h.Options().Set("bufsize", "256"); err != nil {
				t.Fatal(err)
			}
			p, err := h.CompileString(tracingD+`BEGIN { trace("x"); exit(0); }`, dtrace.SpecName, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, err = h.Run(context.Background(), p, discard)
			return err
		}, true},
		{"runtime fault", func(t *testing.T) error {
			return runProgram(t, tracingD+"tick-10ms { trace(*(int *)0); } tick-100ms { exit(0); }", context.Background(), nil)
		}, false},
		{"enabled, then closed", func(t *testing.T) error {
			h := dtrace.Open()
			p, err := h.CompileString(tracingD, dtrace.SpecName, nil)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := h.Exec(p, discard); err != nil {
				t.Fatal(err)
			}
			return h.Close()
		}, false},
		{"pid probes on a created process", func(t *testing.T) error {
			return runProgram(t, tracingD+"pid$target:libc.so.6:clock_nanosleep:entry { @u = count(); } tick-100ms { exit(0); }",
				context.Background(), []string{"/bin/sleep", "60"})
		}, false},
	}
	// The collector's finalizers would close what a run forgot, later
	// and at random: no collection while the test counts.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	// One run first: what the libraries keep for a process's lifetime
	// (kernel BTF, feature probes) is kept then, and is not a leak.
	if err := ways[0].run(t); err != nil {
		t.Fatal(err)
	}
	base := descriptors(t, "self")
	if left := settled(); len(left) > 0 {
		t.Fatalf("goroutines left by the first run:\n%s", strings.Join(left, "\n\n"))
	}
	for _, way := range ways {
		t.Run(strings.ReplaceAll(way.name, " ", "_"), func(t *testing.T) {
			err := way.run(t)
			if (err != nil) != way.fails {
				t.Errorf("run: %v, want an error: %v", err, way.fails)
			}
			if left := settled(); len(left) > 0 {
				t.Errorf("goroutines left after the run:\n%s", strings.Join(left, "\n\n"))
			}
			after := descriptors(t, "self")
			if after.String() != base.String() {
				t.Errorf("after the run the process holds %s; before it held %s", after, base)
			}
		})
	}
}

// TestAPIMisuse checks that waiting on a run that ended, or closing it
// twice, is no panic: the table of misuses is dtrace/misuse_test.go.
func TestAPIMisuse(t *testing.T) {
	requireTracing(t)
	h := dtrace.Open()
	defer h.Close()
	p, err := h.CompileString("BEGIN { exit(3); }", dtrace.SpecName, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := h.Exec(p, &output.Funcs{})
	if err != nil {
		t.Fatal(err)
	}
	if status, err := tr.Wait(context.Background()); status != 3 || err != nil {
		t.Fatalf("Wait: %d, %v; want 3", status, err)
	}
	if status, err := tr.Wait(context.Background()); status != 3 || err != nil {
		t.Errorf("Wait after the run ended: %d, %v; want the run's 3 again", status, err)
	}
	if err := tr.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := tr.Close(); err != nil {
		t.Errorf("Close twice: %v", err)
	}
	if _, err := tr.Wait(context.Background()); !errors.Is(err, dtrace.ErrClosed) {
		t.Errorf("Wait after Close: %v, want ErrClosed", err)
	}
	if err := h.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if err := h.Close(); err != nil {
		t.Errorf("Close twice: %v", err)
	}
}
