package waitfd

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Options of Open, as for waitid(2).
const (
	WEXITED    = unix.WEXITED
	WSTOPPED   = unix.WSTOPPED
	WCONTINUED = unix.WCONTINUED
)

// File is a descriptor that is readable while a state change of one
// process is waiting to be collected. It is safe for concurrent use.
type File struct {
	pid     int
	options int

	pidfd *os.File // non-blocking pidfd, in the runtime poller
	rawPD int
	ev    *os.File // non-blocking eventfd: the readiness hint
	rawEV int

	sigch chan os.Signal
	done  chan struct{}
	wg    sync.WaitGroup

	mu     sync.Mutex // guards gone and closed
	gone   bool       // the exit has been consumed: reads return io.EOF
	closed bool
}

// Open returns a File for process pid that reports the state changes
// selected by options (a mix of WEXITED, WSTOPPED and WCONTINUED), like
// the original waitfd(P_PID, pid, options, 0). Stops and continues are
// only visible for children and tracees of the calling process; the exit
// of any process is.
func Open(pid int, options int) (*File, error) {
	if options == 0 || options&^(WEXITED|WSTOPPED|WCONTINUED) != 0 {
		return nil, fmt.Errorf("waitfd: pid %d: invalid options %#x", pid, options)
	}
	pfd, err := unix.PidfdOpen(pid, unix.PIDFD_NONBLOCK)
	if err != nil {
		return nil, fmt.Errorf("waitfd: pidfd_open %d: %w", pid, err)
	}
	efd, err := unix.Eventfd(0, unix.EFD_NONBLOCK|unix.EFD_CLOEXEC)
	if err != nil {
		unix.Close(pfd)
		return nil, fmt.Errorf("waitfd: eventfd: %w", err)
	}
	f := &File{
		pid:     pid,
		options: options,
		pidfd:   os.NewFile(uintptr(pfd), fmt.Sprintf("pidfd:%d", pid)),
		rawPD:   pfd,
		ev:      os.NewFile(uintptr(efd), fmt.Sprintf("waitfd:%d", pid)),
		rawEV:   efd,
		sigch:   make(chan os.Signal, 1),
		done:    make(chan struct{}),
	}
	// Register for SIGCHLD before the first check, so a change that
	// happens after the check is announced by a signal.
	signal.Notify(f.sigch, unix.SIGCHLD)
	f.wg.Add(2)
	go f.watchSignals()
	go f.watchExit()
	f.rearm()
	return f, nil
}

// Pid returns the process the File watches.
func (f *File) Pid() int { return f.pid }

// Fd returns the descriptor to poll for readability (POLLIN/EPOLLIN). It
// stays owned by f: do not read it or close it.
func (f *File) Fd() uintptr { return uintptr(f.rawEV) }

// Pidfd returns the pidfd of the process, owned by f, for callers that
// want to signal it with pidfd_send_signal(2).
func (f *File) Pidfd() uintptr { return uintptr(f.rawPD) }

// Read blocks until a state change is pending, consumes it and stores it
// in p as a Linux siginfo_t (SiginfoSize bytes; see ParseSiginfo). After
// the exit has been read, Read returns io.EOF.
func (f *File) Read(p []byte) (int, error) {
	if len(p) < SiginfoSize {
		return 0, fmt.Errorf("waitfd: read buffer of %d bytes, need %d", len(p), SiginfoSize)
	}
	st, err := f.Wait()
	if err != nil {
		return 0, err
	}
	st.encode(p)
	return SiginfoSize, nil
}

// Wait blocks until a state change is pending, consumes it and returns it.
// After the exit has been returned, Wait returns io.EOF.
func (f *File) Wait() (Status, error) {
	rc, err := f.ev.SyscallConn()
	if err != nil {
		return Status{}, fmt.Errorf("waitfd: %w", err)
	}
	var (
		st   Status
		ok   bool
		err2 error
	)
	// The callback drains the hint before asking the kernel, so a change
	// announced after the question raises the hint again and wakes us.
	err = rc.Read(func(uintptr) bool {
		f.drain()
		st, ok, err2 = f.TryWait()
		return ok || err2 != nil
	})
	if err2 != nil {
		return Status{}, err2
	}
	if err != nil {
		f.mu.Lock()
		closed := f.closed
		f.mu.Unlock()
		if closed {
			return Status{}, fmt.Errorf("waitfd: pid %d: %w", f.pid, os.ErrClosed)
		}
		return Status{}, fmt.Errorf("waitfd: pid %d: %w", f.pid, err)
	}
	return st, nil
}

// TryWait consumes a pending state change without blocking; ok is false if
// there is none. After the exit has been returned, TryWait returns io.EOF.
func (f *File) TryWait() (st Status, ok bool, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return Status{}, false, fmt.Errorf("waitfd: pid %d: %w", f.pid, os.ErrClosed)
	}
	if f.gone {
		return Status{}, false, io.EOF
	}
	st, ok, err = f.waitid(0)
	if errors.Is(err, unix.ECHILD) {
		// Not our child (or reaped by someone else): only the exit is
		// observable, through the pidfd.
		if !pollIn(f.rawPD) {
			return Status{}, false, nil
		}
		st, ok, err = f.exitInfo(), true, nil
	}
	if err != nil || !ok {
		return st, ok, err
	}
	if st.Exited() {
		f.gone = true
	} else {
		f.rearmLocked()
	}
	return st, true, nil
}

// Close stops watching and releases the descriptors. A blocked Read
// returns an error wrapping os.ErrClosed.
func (f *File) Close() error {
	f.mu.Lock()
	if f.closed {
		f.mu.Unlock()
		return fmt.Errorf("waitfd: pid %d: %w", f.pid, os.ErrClosed)
	}
	f.closed = true
	f.mu.Unlock()
	signal.Stop(f.sigch)
	close(f.done)
	err1 := f.pidfd.Close()
	f.wg.Wait()
	err2 := f.ev.Close()
	if err := errors.Join(err1, err2); err != nil {
		return fmt.Errorf("waitfd: close: %w", err)
	}
	return nil
}

// watchSignals raises the hint when a SIGCHLD leaves a change pending.
func (f *File) watchSignals() {
	defer f.wg.Done()
	for {
		select {
		case <-f.sigch:
			f.rearm()
		case <-f.done:
			return
		}
	}
}

// watchExit raises the hint once the pidfd reports the exit.
func (f *File) watchExit() {
	defer f.wg.Done()
	rc, err := f.pidfd.SyscallConn()
	if err != nil {
		return
	}
	if err := rc.Read(func(fd uintptr) bool { return pollIn(int(fd)) }); err != nil {
		return // closed
	}
	f.raise()
}

// rearm raises the hint if a change is pending, without consuming it.
func (f *File) rearm() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.closed {
		f.rearmLocked()
	}
}

func (f *File) rearmLocked() {
	if f.gone {
		return
	}
	if _, ok, _ := f.waitid(unix.WNOWAIT); ok {
		f.raise()
	}
}

// waitid asks the kernel for a pending change without blocking.
func (f *File) waitid(extra int) (Status, bool, error) {
	var si unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PIDFD, f.rawPD, &si, f.options|unix.WNOHANG|extra, nil)
		if err == unix.EINTR {
			continue
		}
		if err == unix.EAGAIN {
			return Status{}, false, nil
		}
		if err != nil {
			return Status{}, false, fmt.Errorf("waitfd: waitid pid %d: %w", f.pid, err)
		}
		break
	}
	st, err := ParseSiginfo(unsafe.Slice((*byte)(unsafe.Pointer(&si)), SiginfoSize))
	if err != nil || st.Pid == 0 {
		// WNOHANG with nothing pending leaves the siginfo zeroed.
		return Status{}, false, nil
	}
	return st, true, nil
}

// exitInfo describes the exit of a process that is not our child, using
// PIDFD_INFO_EXIT where the kernel has it.
func (f *File) exitInfo() Status {
	info := unix.PidfdInfo{Mask: unix.PIDFD_INFO_EXIT}
	_, _, e := unix.Syscall(unix.SYS_IOCTL, uintptr(f.rawPD), unix.PIDFD_GET_INFO, uintptr(unsafe.Pointer(&info)))
	if e != 0 || info.Mask&unix.PIDFD_INFO_EXIT == 0 {
		return Status{Pid: f.pid, Code: CLDExited, Unknown: true}
	}
	return fromExitCode(f.pid, syscall.WaitStatus(info.Exit_code))
}

// raise makes the eventfd readable.
func (f *File) raise() {
	one := [8]byte{1}
	_, _ = unix.Write(f.rawEV, one[:])
}

// drain makes the eventfd unreadable.
func (f *File) drain() {
	var b [8]byte
	_, _ = unix.Read(f.rawEV, b[:])
}

func pollIn(fd int) bool {
	fds := []unix.PollFd{{Fd: int32(fd), Events: unix.POLLIN}}
	for {
		n, err := unix.Poll(fds, 0)
		if err == unix.EINTR {
			continue
		}
		return err == nil && n > 0 && fds[0].Revents&(unix.POLLIN|unix.POLLHUP) != 0
	}
}
