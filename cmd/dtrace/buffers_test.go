package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/internal/testutil"
)

// bufferKinds are the principal buffers the tests run with: BPF ring
// buffers (the default where the kernel has them) and perf rings (the
// fallback), chosen by consume.BuffersEnv.
var bufferKinds = []string{"ring", "perf"}

// dtraceWith starts the test binary as dtrace with args and the buffers
// of kind ("" for the default), its standard output a pipe; it is killed
// at the end of the test if still running.
func dtraceWith(t *testing.T, kind string, args ...string) (*exec.Cmd, io.ReadCloser, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asDtrace+"=1", consume.BuffersEnv+"="+kind)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, pipe, &stderr
}

var dropsRE = regexp.MustCompile(`(?m)^dtrace: (\d+) drops? on CPU \d+$`)

// TestFloodDropsCounted floods a 64k buffer while dtrace's output is
// blocked (nobody reads its pipe for a while), so that records are lost,
// and checks that every event is either printed or reported as a drop:
// the lines printed and the drops reported add up to the events counted
// by an aggregation in the same clause, which loses nothing.
func TestFloodDropsCounted(t *testing.T) {
	testutil.RequireRoot(t)
	requireTracing(t)
	const writes = 200000
	for _, kind := range bufferKinds {
		t.Run(kind, func(t *testing.T) {
			cmd, pipe, stderr := dtraceWith(t, kind, "-b", "64k", "-q", "-n",
				`syscall::write:entry /pid == $target/ { @n = count(); printf("x\n"); } END { printa("n=%@d\n", @n); }`,
				"-c", "dd if=/dev/zero of=/dev/null bs=1 count="+strconv.Itoa(writes)+" status=none")
			// The consumer blocks on the full pipe while the flood
			// overflows the buffers.
			time.Sleep(2 * time.Second)
			out, err := io.ReadAll(pipe)
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Wait(); err != nil {
				t.Fatalf("dtrace: %v\nstderr: %s", err, stderr)
			}
			lines, events := 0, -1
			for _, line := range strings.Split(string(out), "\n") {
				switch {
				case line == "x":
					lines++
				case strings.HasPrefix(line, "n="):
					events, _ = strconv.Atoi(line[2:])
				}
			}
			drops := 0
			for _, m := range dropsRE.FindAllStringSubmatch(stderr.String(), -1) {
				n, _ := strconv.Atoi(m[1])
				drops += n
			}
			t.Logf("%s: %d events, %d printed, %d dropped", kind, events, lines, drops)
			if events < writes {
				t.Fatalf("%d events counted, want at least %d\nstderr: %s", events, writes, stderr)
			}
			if drops == 0 {
				t.Errorf("no drops reported: the flood did not overflow the buffers\nstderr: %s", stderr)
			}
			if lines+drops != events {
				t.Errorf("%d printed + %d dropped = %d, want the %d events\nstderr: %s", lines, drops, lines+drops, events, stderr)
			}
		})
	}
}

// TestRecordLatency checks that a record is printed while tracing goes
// on, at the latest at the switchrate tick after its probe fired: dtrace
// traces one getppid() of this process, which it fires once, and the
// line must come long before dtrace ends (it never does by itself). The
// bound is generous, so that a loaded machine does not fail the test;
// the time it took is logged.
func TestRecordLatency(t *testing.T) {
	testutil.RequireRoot(t)
	requireTracing(t)
	for _, kind := range bufferKinds {
		t.Run(kind, func(t *testing.T) {
			cmd, pipe, stderr := dtraceWith(t, kind, "-q", "-x", "switchrate=200ms", "-n",
				`BEGIN { printf("READY\n"); } syscall::getppid:entry /pid == $1/ { printf("fired %d\n", pid); }`,
				strconv.Itoa(os.Getpid()))
			lines := make(chan string)
			go func() {
				defer close(lines)
				sc := bufio.NewScanner(pipe)
				for sc.Scan() {
					lines <- sc.Text()
				}
			}()
			next := func(bound time.Duration) (string, bool) {
				select {
				case l, ok := <-lines:
					return l, ok
				case <-time.After(bound):
					return "", false
				}
			}
			if l, ok := next(30 * time.Second); l != "READY" || !ok {
				t.Fatalf("first line %q, want READY\nstderr: %s", l, stderr)
			}
			fired := time.Now()
			unix.Getppid()
			l, ok := next(10 * time.Second)
			if want := "fired " + strconv.Itoa(os.Getpid()); l != want || !ok {
				t.Fatalf("line %q (ok %v), want %q within 10s while dtrace runs\nstderr: %s", l, ok, want, stderr)
			}
			t.Logf("%s: printed %v after the probe fired (switchrate 200ms)", kind, time.Since(fired))
			if cmd.ProcessState != nil {
				t.Errorf("dtrace ended before the line came")
			}
			cmd.Process.Signal(os.Interrupt)
		})
	}
}

// TestExitNoticeOrder checks that the notice of a target's exit, which
// another goroutine prints on standard error, comes after the records
// the target's probes wrote before it exited, though those wait in the
// buffers until the consumer reads them (the next switchrate tick, 5s
// here): standard output and error go to one pipe, as on a terminal.
func TestExitNoticeOrder(t *testing.T) {
	testutil.RequireRoot(t)
	requireTracing(t)
	for _, kind := range bufferKinds {
		t.Run(kind, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-x", "switchrate=5s", "-n",
				`syscall::write:entry /pid == $target/ { printf("w %d\n", arg2); }`,
				"-c", "dd if=/dev/zero of=/dev/null bs=1 count=3 status=none")
			cmd.Env = append(os.Environ(), asDtrace+"=1", consume.BuffersEnv+"="+kind)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				t.Fatalf("dtrace: %v\n%s", err, out.Bytes())
			}
			var order []string
			for _, line := range strings.Split(out.String(), "\n") {
				switch {
				case strings.HasSuffix(line, "w 1"):
					order = append(order, "record")
				case strings.HasPrefix(line, "dtrace: pid ") && strings.HasSuffix(line, " has exited"):
					order = append(order, "notice")
				}
			}
			if got := strings.Join(order, " "); got != "record record record notice" {
				t.Errorf("order %q, want the three records, then the notice\n%s", got, out.Bytes())
			}
		})
	}
}
