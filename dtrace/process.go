package dtrace

import (
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"syscall"

	"github.com/godtrace/godtrace/proc"
)

// CreateProcess starts the command argv stopped, at the point the
// evaltime option names, as dtrace -c does, and makes $target its process
// ID for the programs compiled from now on. Go lets it run once tracing is
// active; Close kills it if it still runs then.
func (h *Handle) CreateProcess(argv []string) (*proc.Process, error) {
	if err := h.valid(); err != nil {
		return nil, err
	}
	if len(argv) == 0 {
		return nil, errors.New("dtrace: CreateProcess with no command")
	}
	// DTrace's default is postinit: the libraries are mapped, so
	// pid$target probes in them resolve, and main has not yet run.
	at, err := proc.EvalPostinit, error(nil)
	if v := h.opts.Text("evaltime"); v != "" {
		at, err = proc.ParseEvalTime(v)
	}
	if err != nil {
		return nil, err
	}
	p, err := proc.Create(argv, nil, &proc.CreateOptions{EvalTime: at})
	if err != nil {
		return nil, &processError{fmt.Sprintf("failed to execute %s", argv[0]), err}
	}
	h.addTarget(p)
	return p, nil
}

// GrabProcess takes hold of the running process pid and stops it until
// tracing is active, as dtrace -p does, and makes $target its process ID.
// Close lets it go.
func (h *Handle) GrabProcess(pid int) (*proc.Process, error) {
	if err := h.valid(); err != nil {
		return nil, err
	}
	p, err := proc.Grab(pid, &proc.GrabOptions{Stop: true})
	if err != nil {
		return nil, &processError{fmt.Sprintf("failed to grab pid %d", pid), err}
	}
	h.addTarget(p)
	return p, nil
}

func (h *Handle) addTarget(p *proc.Process) {
	h.targets = append(h.targets, p)
	h.macros["target"] = strconv.Itoa(p.Pid())
}

// Processes returns the processes created and grabbed, in that order
// (none once the handle is closed).
func (h *Handle) Processes() []*proc.Process {
	if h == nil {
		return nil
	}
	return h.targets
}

// Close releases what the handle holds: its Tracing, if one is open, is
// closed (see Tracing.Close), the processes are let go as dtrace(8) does
// when it ends (a created process still running is killed, a grabbed one
// let go), and the kernel's CTF archive is closed. The handle's methods
// then return ErrClosed; the programs compiled in it are of no more use.
// Closing twice, or a handle not made by Open, does nothing.
func (h *Handle) Close() error {
	if h == nil || h.opts == nil {
		return nil
	}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return nil
	}
	h.closed = true
	t := h.tracing
	h.mu.Unlock()
	var errs []error
	if t != nil {
		errs = append(errs, t.Close())
	}
	for _, p := range h.targets {
		errs = append(errs, p.Close())
	}
	h.targets = nil
	// kernelCTF opens no archive once the handle is closed. The run's
	// decoder may read its types until it has let go (a Close from one
	// of the writer's methods does not wait for that).
	h.ctfOnce.Do(func() {})
	if a := h.ctf; a != nil {
		closeCTF := func() error { return a.Close() }
		if t != nil {
			errs = append(errs, t.then(closeCTF))
		} else {
			errs = append(errs, closeCTF())
		}
	}
	return errors.Join(errs...)
}

// processError is a failure to create or grab a process, worded as
// DTrace words it: the action, then strerror(3)'s text of the cause.
type processError struct {
	what string
	err  error
}

func (e *processError) Error() string {
	var errno syscall.Errno
	if errors.Is(e.err, exec.ErrNotFound) {
		errno = syscall.ENOENT
	}
	if errno != 0 || errors.As(e.err, &errno) {
		return e.what + ": " + ErrorText(errno)
	}
	return e.what + ": " + e.err.Error()
}

func (e *processError) Unwrap() error { return e.err }
