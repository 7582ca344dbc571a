package waitfd

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// start runs a shell command as our child and never waits for it through
// os.Process, so only the File under test reaps it.
func start(t *testing.T, script string) int {
	t.Helper()
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	p, err := os.StartProcess("/bin/sh", []string{"sh", "-c", script}, &os.ProcAttr{Files: []*os.File{null, null, null}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Kill() })
	return p.Pid
}

func open(t *testing.T, pid, options int) *File {
	t.Helper()
	f, err := Open(pid, options)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f
}

// readable polls the descriptor as a C consumer would.
func readable(t *testing.T, f *File, timeout time.Duration) bool {
	t.Helper()
	fds := []unix.PollFd{{Fd: int32(f.Fd()), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, int(timeout/time.Millisecond))
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		return n == 1 && fds[0].Revents&unix.POLLIN != 0
	}
}

func TestStopContinueExit(t *testing.T) {
	pid := start(t, `kill -STOP $$; exit 3`)
	f := open(t, pid, WEXITED|WSTOPPED|WCONTINUED)

	if !readable(t, f, 5*time.Second) {
		t.Fatal("not readable after the child stopped itself")
	}
	buf := make([]byte, SiginfoSize)
	n, err := f.Read(buf)
	if err != nil || n != SiginfoSize {
		t.Fatalf("Read = %d, %v", n, err)
	}
	st, err := ParseSiginfo(buf)
	if err != nil {
		t.Fatal(err)
	}
	if st.Pid != pid || st.Code != CLDStopped || st.StopSignal() != syscall.SIGSTOP {
		t.Fatalf("first change = %+v, want stopped by SIGSTOP", st)
	}
	if ws := st.WaitStatus(); !ws.Stopped() || ws.StopSignal() != syscall.SIGSTOP {
		t.Fatalf("WaitStatus = %#x", ws)
	}
	if readable(t, f, 0) {
		t.Fatal("still readable after the stop was consumed")
	}

	if err := syscall.Kill(pid, syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	// The continue and the exit may coalesce into one SIGCHLD; both must
	// still be reported, in order.
	st, err = f.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if st.Code == CLDContinued {
		if ws := st.WaitStatus(); !ws.Continued() {
			t.Fatalf("continued WaitStatus = %#x", ws)
		}
		if st, err = f.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	if !st.Exited() || st.Code != CLDExited || st.Value != 3 || st.WaitStatus().ExitStatus() != 3 {
		t.Fatalf("last change = %+v, want exit status 3", st)
	}
	if got := st.String(); got != "pid "+strconv.Itoa(pid)+" exited with status 3" {
		t.Errorf("String = %q", got)
	}
	if _, err := f.Read(buf); err != io.EOF {
		t.Fatalf("Read after exit = %v, want io.EOF", err)
	}
	// The child is reaped: the kernel no longer knows it as our child.
	if err := unix.Waitid(unix.P_PID, pid, &unix.Siginfo{}, unix.WEXITED|unix.WNOHANG, nil); err != unix.ECHILD {
		t.Fatalf("waitid after Read = %v, want ECHILD", err)
	}
}

func TestKilled(t *testing.T) {
	pid := start(t, `exec sleep 30`)
	f := open(t, pid, WEXITED)
	if _, ok, err := f.TryWait(); ok || err != nil {
		t.Fatalf("TryWait on a running child = %v, %v", ok, err)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	st, err := f.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if st.Code != CLDKilled || st.Signal() != syscall.SIGKILL || !st.WaitStatus().Signaled() {
		t.Fatalf("status = %+v, want killed by SIGKILL", st)
	}
	if got, want := st.String(), "pid "+strconv.Itoa(pid)+" killed by killed"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}

// TestNotChild watches an orphan, the situation of dtrace -p: no SIGCHLD
// reaches us, the pidfd alone reports the exit.
func TestNotChild(t *testing.T) {
	out, err := exec.Command("/bin/sh", "-c", `sleep 0.3 >/dev/null 2>&1 & echo $!`).Output()
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatal(err)
	}
	f, err := Open(pid, WEXITED|WSTOPPED)
	if errors.Is(err, unix.ESRCH) {
		t.Fatal("the orphan exited before we opened it")
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if readable(t, f, 0) {
		t.Fatal("readable while the orphan sleeps")
	}
	done := make(chan Status, 1)
	go func() {
		st, err := f.Wait()
		if err != nil {
			t.Error(err)
		}
		done <- st
	}()
	select {
	case st := <-done:
		if !st.Exited() || st.Pid != pid {
			t.Fatalf("status = %+v", st)
		}
		if !st.Unknown && st.Value != 0 {
			t.Fatalf("sleep exited with %d", st.Value)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("exit of a non-child not detected")
	}
	if _, _, err := f.TryWait(); err != io.EOF {
		t.Fatalf("TryWait after exit = %v, want io.EOF", err)
	}
}

func TestCloseUnblocksWait(t *testing.T) {
	pid := start(t, `exec sleep 30`)
	f, err := Open(pid, WEXITED)
	if err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	go func() {
		_, err := f.Wait()
		errc <- err
	}()
	time.Sleep(50 * time.Millisecond)
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-errc:
		if !errors.Is(err, os.ErrClosed) {
			t.Fatalf("Wait after Close = %v, want os.ErrClosed", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not unblock Wait")
	}
	if err := f.Close(); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("second Close = %v", err)
	}
}

func TestBadArguments(t *testing.T) {
	if _, err := Open(os.Getpid(), 0); err == nil {
		t.Error("Open with no options succeeded")
	}
	if _, err := Open(os.Getpid(), 0x4000000); err == nil {
		t.Error("Open with unknown options succeeded")
	}
	if _, err := Open(-5, WEXITED); err == nil {
		t.Error("Open of pid -5 succeeded")
	}
	f := open(t, os.Getpid(), WEXITED)
	if _, err := f.Read(make([]byte, 16)); err == nil {
		t.Error("Read into 16 bytes succeeded")
	}
	if _, err := ParseSiginfo(make([]byte, SiginfoSize)); err == nil {
		t.Error("ParseSiginfo of a zero siginfo succeeded")
	}
}

func TestSiginfoRoundTrip(t *testing.T) {
	for _, st := range []Status{
		{Pid: 42, UID: 1000, Code: CLDExited, Value: 255},
		{Pid: 7, Code: CLDDumped, Value: int(syscall.SIGSEGV)},
		{Pid: 9, Code: CLDTrapped, Value: int(syscall.SIGTRAP) | unix.PTRACE_EVENT_EXEC<<8},
	} {
		b := make([]byte, SiginfoSize)
		st.encode(b)
		got, err := ParseSiginfo(b)
		if err != nil || got != st {
			t.Errorf("round trip of %+v = %+v, %v", st, got, err)
		}
	}
	trap := Status{Code: CLDTrapped, Value: int(syscall.SIGTRAP) | unix.PTRACE_EVENT_EXEC<<8}
	if ws := trap.WaitStatus(); !ws.Stopped() || ws.StopSignal() != syscall.SIGTRAP || ws.TrapCause() != unix.PTRACE_EVENT_EXEC {
		t.Errorf("trap WaitStatus = %#x", ws)
	}
	if ws := (Status{Code: CLDDumped, Value: int(syscall.SIGSEGV)}).WaitStatus(); !ws.CoreDump() || ws.Signal() != syscall.SIGSEGV {
		t.Errorf("dumped WaitStatus = %#x", ws)
	}
}

// TestEpoll uses the descriptor the way an epoll-based consumer loop does.
func TestEpoll(t *testing.T) {
	pid := start(t, `exit 4`)
	f := open(t, pid, WEXITED)
	ep, err := unix.EpollCreate1(unix.EPOLL_CLOEXEC)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Close(ep)
	ev := unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(f.Fd())}
	if err := unix.EpollCtl(ep, unix.EPOLL_CTL_ADD, int(f.Fd()), &ev); err != nil {
		t.Fatal(err)
	}
	events := make([]unix.EpollEvent, 1)
	for {
		n, err := unix.EpollWait(ep, events, 5000)
		if err == unix.EINTR {
			continue
		}
		if err != nil || n != 1 || events[0].Fd != int32(f.Fd()) {
			t.Fatalf("EpollWait = %d, %v", n, err)
		}
		break
	}
	st, ok, err := f.TryWait()
	if err != nil || !ok || st.Value != 4 || st.Code != CLDExited {
		t.Fatalf("TryWait after EPOLLIN = %+v, %v, %v", st, ok, err)
	}
}
