package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// waysOutProg counts, prints "ready" once tracing and "end" in END: a
// run that ends cleanly prints "end" and then the aggregation.
var waysOutProg = []string{"-q",
	"-n", `BEGIN { @n["ticks"] = sum(1); printf("ready\n"); }`,
	"-n", `END { printf("end\n"); }`}

// wantCleanEnd checks that a run printed END's output and the
// aggregations after it, and exited with status 0.
func wantCleanEnd(t *testing.T, how string, stdout, stderr string, err error) {
	t.Helper()
	want := "end\n\n  ticks                                                             1\n"
	if err != nil || !strings.HasSuffix(stdout, want) {
		t.Errorf("%s: %v; stdout %q, want it to end %q; stderr %q", how, err, stdout, want, stderr)
	}
}

// dtraceCmd returns the test binary as a dtrace command in a process
// group of its own, which may then be signalled as a whole.
func dtraceCmd(args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asDtrace+"=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	return cmd, &stdout, &stderr
}

// TestTimeoutIdiom runs dtrace under GNU timeout as users bound a run:
// timeout signals dtrace and then its process group, two SIGINTs at once
// that are one request to stop, not an impatient second ^C.
func TestTimeoutIdiom(t *testing.T) {
	requireTracing(t)
	if _, err := exec.LookPath("timeout"); err != nil {
		t.Fatal("GNU timeout (coreutils) is needed")
	}
	// 3 s, not 1: under load (CI's parallel packages on 2 CPUs) a
	// signal that comes before dtrace has set up its handling ends it
	// as the default action does, which is not what this tests.
	for _, pre := range [][]string{{"-s", "INT", "3"}, {"--preserve-status", "-s", "INT", "3"}, {"--preserve-status", "-s", "TERM", "3"}} {
		args := append(append(pre, os.Args[0]), waysOutProg...)
		cmd := exec.Command("timeout", args...)
		cmd.Env = append(os.Environ(), asDtrace+"=1")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if pre[0] != "--preserve-status" {
			// timeout's own status when it had to signal.
			var ee *exec.ExitError
			if errors.As(err, &ee) && ee.ExitCode() == 124 {
				err = nil
			}
		}
		wantCleanEnd(t, "timeout "+strings.Join(pre, " "), stdout.String(), stderr.String(), err)
	}
}

// TestInterruptBurst sends SIGINT to dtrace and at once to its process
// group, as timeout does, then SIGTERM alone: each ends the run cleanly.
func TestInterruptBurst(t *testing.T) {
	requireTracing(t)
	for _, tc := range []struct {
		name string
		send func(pid int)
	}{
		{"SIGINT to the process and its group", func(pid int) {
			syscall.Kill(pid, syscall.SIGINT)
			syscall.Kill(-pid, syscall.SIGINT)
		}},
		// The kernel merges a signal sent while the same is pending:
		// this second one comes once the first has been taken.
		{"SIGINT and another 5 ms later", func(pid int) {
			syscall.Kill(pid, syscall.SIGINT)
			time.Sleep(5 * time.Millisecond)
			syscall.Kill(pid, syscall.SIGINT)
		}},
		{"three SIGINTs at once", func(pid int) {
			for range 3 {
				syscall.Kill(pid, syscall.SIGINT)
			}
		}},
		{"SIGTERM", func(pid int) { syscall.Kill(pid, syscall.SIGTERM) }},
		{"SIGTERM and SIGINT", func(pid int) {
			syscall.Kill(pid, syscall.SIGTERM)
			syscall.Kill(-pid, syscall.SIGINT)
		}},
	} {
		cmd, out, stderr := dtraceProcess(t, waysOutProg...)
		if line, err := out.ReadString('\n'); line != "ready\n" {
			t.Fatalf("%s: first line %q (%v); stderr %s", tc.name, line, err, stderr)
		}
		tc.send(cmd.Process.Pid)
		rest := new(bytes.Buffer)
		rest.ReadFrom(out)
		wantCleanEnd(t, tc.name, "ready\n"+rest.String(), stderr.String(), cmd.Wait())
	}
}

// TestRunEnds checks the ways a run ends by itself: exit(), the -c
// command exiting, the -p process exiting; each prints END's output and
// the aggregations and exits 0.
func TestRunEnds(t *testing.T) {
	requireTracing(t)
	sleep := startSleep(t, "2")
	for _, extra := range [][]string{
		{"-p", strconv.Itoa(sleep.Process.Pid)},
		{"-n", "BEGIN { exit(0); }"},
		{"-c", "/bin/true"},
		{"-c", "/bin/sleep 0.5"},
	} {
		cmd, stdout, stderr := dtraceCmd(append(append([]string{}, waysOutProg...), extra...)...)
		err := cmd.Run()
		wantCleanEnd(t, strings.Join(extra, " "), stdout.String(), stderr.String(), err)
	}
}

// TestInterruptDuringStartup signals dtrace while it loads its programs,
// before any is attached: the run still ends cleanly, as after exit().
func TestInterruptDuringStartup(t *testing.T) {
	requireTracing(t)
	// Many probes, so that loading takes a while.
	args := append(append([]string{}, waysOutProg...), "-n", "syscall:::entry,syscall:::return { x = 1; }")
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		caught := false
		for try := 0; try < 10 && !caught; try++ {
			cmd, stdout, stderr := dtraceCmd(args...)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// The maps are made before the programs are loaded: the
			// signal comes when dtrace holds a map and no program.
			deadline := time.Now().Add(20 * time.Second)
			for time.Now().Before(deadline) {
				maps, progs := bpfObjects(cmd.Process.Pid)
				if maps > 0 && progs == 0 {
					cmd.Process.Signal(sig)
					caught = true
					break
				}
				if progs > 0 {
					break
				}
				time.Sleep(200 * time.Microsecond)
			}
			if !caught {
				cmd.Process.Kill()
				cmd.Wait()
				continue
			}
			err := cmd.Wait()
			wantCleanEnd(t, sig.String()+" during start-up", stdout.String(), stderr.String(), err)
		}
		if !caught {
			t.Errorf("%v: dtrace was never seen holding maps but no programs", sig)
		}
	}
}

// bpfObjects counts the BPF maps and programs process pid holds.
func bpfObjects(pid int) (maps, progs int) {
	dir := "/proc/" + strconv.Itoa(pid) + "/fdinfo"
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		s := string(b)
		switch {
		case strings.Contains(s, "\nmap_id:"):
			maps++
		case strings.Contains(s, "\nprog_id:"):
			progs++
		}
	}
	return maps, progs
}

// TestKilled kills dtrace with SIGKILL: its -c command dies with it, and
// the pprof profile it would have written at the end is absent, not
// empty.
func TestKilled(t *testing.T) {
	requireTracing(t)
	profile := filepath.Join(t.TempDir(), "prof.pb.gz")
	cmd, out, stderr := dtraceProcess(t, "-q", "-x", "pprof="+profile, "-c", "/bin/sleep 60",
		"-n", `BEGIN { printf("%d\n", $target); }`, "-n", "profile-97 { @[stack()] = count(); }")
	line, err := out.ReadString('\n')
	target, _ := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || target <= 0 {
		t.Fatalf("no target pid: %q (%v); stderr %s", line, err, stderr)
	}
	cmd.Process.Kill()
	// Not cmd.Wait, which waits for the -c command too: it holds
	// dtrace's stderr.
	cmd.Process.Wait()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(target) + "/stat")
		if err != nil || strings.Contains(string(b), ") Z ") {
			break
		}
		if time.Now().After(deadline) {
			syscall.Kill(target, syscall.SIGKILL)
			t.Fatalf("-c command %d outlived dtrace killed by SIGKILL", target)
		}
	}
	if fi, err := os.Stat(profile); err == nil {
		t.Errorf("dtrace killed left a profile of %d bytes", fi.Size())
	}
}
