package proc

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"

	"github.com/godtrace/godtrace/waitfd"
	"golang.org/x/sys/unix"
)

// ErrExited is returned by operations on a process that has exited.
var ErrExited = errors.New("process has exited")

// CreateOptions configure Create. A nil *CreateOptions means defaults.
type CreateOptions struct {
	// Dir is the working directory; empty means ours.
	Dir string
	// Stdin, Stdout and Stderr default to ours (as dtrace -c does).
	Stdin, Stdout, Stderr *os.File
	// EvalTime is where the process stops; the default is EvalExec.
	EvalTime EvalTime
}

// GrabOptions configure Grab. A nil *GrabOptions means defaults.
type GrabOptions struct {
	// Stop attaches with ptrace and stops the process until Continue, so
	// probes can be placed before it runs on. Without it the process is
	// only watched.
	Stop bool
}

// Process is a target process: created by us or grabbed.
type Process struct {
	pid     int
	created bool
	wfd     *waitfd.File
	// parent is the thread that forked a created process. The process
	// gets SIGKILL when that thread exits (PR_SET_PDEATHSIG), which it
	// does with us, even by SIGKILL: a -c command dies with dtrace, as
	// DTrace's do. So it outlives Continue and ends with Close.
	parent *tracer

	mu      sync.Mutex
	tr      *tracer // non-nil while attached with ptrace
	watched bool    // the exit watcher owns wfd
	done    chan struct{}
	finish  sync.Once // closes done
	status  waitfd.Status
	err     error // why watching ended, if not an exit
}

// Create starts argv (argv[0] is looked up in $PATH) with environment env
// (nil means ours), stopped before its first instruction or at the point
// opts.EvalTime names. Call Continue to let it run.
func Create(argv []string, env []string, opts *CreateOptions) (*Process, error) {
	if len(argv) == 0 {
		return nil, errors.New("proc: create: empty command")
	}
	if opts == nil {
		opts = &CreateOptions{}
	}
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return nil, fmt.Errorf("proc: create: %w", err)
	}
	if env == nil {
		env = os.Environ()
	}
	files := []uintptr{fdOr(opts.Stdin, os.Stdin), fdOr(opts.Stdout, os.Stdout), fdOr(opts.Stderr, os.Stderr)}
	attr := &syscall.ProcAttr{Dir: opts.Dir, Env: env, Files: files, Sys: &syscall.SysProcAttr{Ptrace: true, Pdeathsig: syscall.SIGKILL}}

	tr := newTracer()
	var pid int
	err = tr.do(func() (err error) {
		pid, err = syscall.ForkExec(path, argv, attr)
		return err
	})
	if err != nil {
		tr.stop()
		return nil, fmt.Errorf("proc: create %s: %w", argv[0], err)
	}
	p := &Process{pid: pid, created: true, tr: tr, parent: tr, done: make(chan struct{})}
	if p.wfd, err = waitfd.Open(pid, waitfd.WEXITED|waitfd.WSTOPPED); err != nil {
		_ = syscall.Kill(pid, syscall.SIGKILL)
		tr.stop()
		return nil, fmt.Errorf("proc: create %s: %w", argv[0], err)
	}
	if err := p.setup(opts.EvalTime); err != nil {
		p.kill()
		p.releaseParent()
		_ = p.wfd.Close()
		return nil, fmt.Errorf("proc: create %s: %w", argv[0], err)
	}
	return p, nil
}

// setup waits for the exec stop and runs on to the evaltime point.
func (p *Process) setup(at EvalTime) error {
	st, err := p.wfd.Wait()
	if err != nil {
		return err
	}
	if st.Code != waitfd.CLDTrapped || st.StopSignal() != syscall.SIGTRAP {
		return fmt.Errorf("pid %d: %v instead of the exec stop", p.pid, st)
	}
	// Should we die while the process is stopped, it must not be left
	// stopped forever.
	if err := p.tr.do(func() error { return unix.PtraceSetOptions(p.pid, unix.PTRACE_O_EXITKILL) }); err != nil {
		return fmt.Errorf("PTRACE_SETOPTIONS: %w", err)
	}
	switch at {
	case EvalExec:
		return nil
	case EvalPreinit, EvalPostinit, EvalMain:
		addr, err := stopAddress(p.pid, at)
		if err != nil {
			return err
		}
		return p.runTo(addr)
	}
	return fmt.Errorf("invalid evaltime %v", at)
}

// Grab takes hold of running process pid: its exit is watched and, with
// opts.Stop, it is stopped until Continue.
func Grab(pid int, opts *GrabOptions) (*Process, error) {
	if opts == nil {
		opts = &GrabOptions{}
	}
	wfd, err := waitfd.Open(pid, waitfd.WEXITED|waitfd.WSTOPPED)
	if err != nil {
		return nil, fmt.Errorf("proc: grab %d: %w", pid, err)
	}
	p := &Process{pid: pid, wfd: wfd, done: make(chan struct{})}
	if !opts.Stop {
		p.watch()
		return p, nil
	}
	p.tr = newTracer()
	err = p.tr.do(func() error {
		if err := unix.PtraceSeize(pid); err != nil {
			return fmt.Errorf("PTRACE_SEIZE: %w", err)
		}
		if err := unix.PtraceInterrupt(pid); err != nil {
			return fmt.Errorf("PTRACE_INTERRUPT: %w", err)
		}
		return nil
	})
	if err == nil {
		err = p.waitTrap()
	}
	if err != nil {
		p.tr.stop()
		p.tr = nil
		_ = wfd.Close()
		return nil, fmt.Errorf("proc: grab %d: %w", pid, err)
	}
	return p, nil
}

// nextTrap waits for the process's next ptrace stop, passing over other
// changes of state. When the process exits first, it records the exit
// and returns its status with ErrExited itself (not wrapped).
func (p *Process) nextTrap() (waitfd.Status, error) {
	for {
		st, err := p.wfd.Wait()
		if err != nil {
			return st, err
		}
		if st.Exited() {
			p.exited(st)
			return st, ErrExited
		}
		if st.Code == waitfd.CLDTrapped {
			return st, nil
		}
	}
}

// waitTrap waits for the stop PTRACE_INTERRUPT asked for, delivering
// any signal that arrives first.
func (p *Process) waitTrap() error {
	for {
		st, err := p.nextTrap()
		if err != nil {
			return err
		}
		if st.Value>>8 == unix.PTRACE_EVENT_STOP {
			return nil
		}
		sig := int(st.StopSignal())
		if err := p.tr.do(func() error { return unix.PtraceCont(p.pid, sig) }); err != nil {
			return fmt.Errorf("PTRACE_CONT: %w", err)
		}
	}
}

// Pid returns the process ID.
func (p *Process) Pid() int { return p.pid }

// Created reports whether the process was started by Create.
func (p *Process) Created() bool { return p.created }

// Stopped reports whether the process is held stopped under ptrace.
func (p *Process) Stopped() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.tr != nil
}

// Continue lets a stopped process run: the tracer detaches, and from then
// on the process is only watched for its exit. It is a no-op for a
// process that is not stopped.
func (p *Process) Continue() error {
	p.mu.Lock()
	tr := p.tr
	p.tr = nil
	p.mu.Unlock()
	if tr == nil {
		return nil
	}
	err := tr.do(func() error { return unix.PtraceDetach(p.pid) })
	if tr != p.parent {
		tr.stop()
	}
	p.watch()
	if err != nil {
		return fmt.Errorf("proc: continue pid %d: %w", p.pid, err)
	}
	return nil
}

// Done returns a channel closed when the process has exited (or watching
// it failed; see Err).
func (p *Process) Done() <-chan struct{} { return p.done }

// Fd returns a descriptor that polls readable while a state change of the
// process is pending (see waitfd); with Done it is the hook for a poll or
// epoll based consumer loop.
func (p *Process) Fd() uintptr { return p.wfd.Fd() }

// ExitStatus returns how the process exited; valid once Done is closed.
func (p *Process) ExitStatus() waitfd.Status {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.status
}

// Err returns why watching the process ended without an exit, once Done
// is closed; nil after a normal exit.
func (p *Process) Err() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.err
}

// Kill sends SIGKILL to the process.
func (p *Process) Kill() error {
	if err := unix.PidfdSendSignal(int(p.wfd.Pidfd()), unix.SIGKILL, nil, 0); err != nil {
		if errors.Is(err, unix.ESRCH) {
			return fmt.Errorf("proc: kill pid %d: %w", p.pid, ErrExited)
		}
		return fmt.Errorf("proc: kill pid %d: %w", p.pid, err)
	}
	return nil
}

// Close releases the process as dtrace does on exit: a process we created
// that is still running is killed, a grabbed one is let go (resumed if it
// was stopped). Close waits for a killed process to be reaped.
func (p *Process) Close() error {
	defer p.releaseParent()
	select {
	case <-p.done:
	default:
		if p.created {
			p.kill()
		} else if err := p.Continue(); err != nil {
			return err
		}
	}
	p.mu.Lock()
	watched := p.watched
	p.mu.Unlock()
	if !watched {
		return p.wfd.Close()
	}
	// The watcher goroutine ends with the exit; for a grabbed process
	// still running, closing the waitfd ends it.
	if !p.created {
		err := p.wfd.Close()
		<-p.done
		return err
	}
	<-p.done
	return p.wfd.Close()
}

// kill kills the process and, unless the exit watcher owns the waitfd,
// reaps it and drops the tracer.
func (p *Process) kill() {
	_ = p.Kill()
	p.mu.Lock()
	tr, watched := p.tr, p.watched
	p.tr = nil
	p.mu.Unlock()
	if watched {
		return
	}
	p.waitExit()
	if tr != nil && tr != p.parent {
		tr.stop()
	}
}

// releaseParent ends the thread that forked a created process, once the
// process is dead or reaped.
func (p *Process) releaseParent() {
	p.mu.Lock()
	parent := p.parent
	p.parent = nil
	p.mu.Unlock()
	if parent != nil {
		parent.stop()
	}
}

// watch starts the goroutine that waits for the exit.
func (p *Process) watch() {
	p.mu.Lock()
	p.watched = true
	p.mu.Unlock()
	go p.waitExit()
}

// waitExit waits for the process to exit and records how it ended, or
// that waiting failed.
func (p *Process) waitExit() {
	for {
		st, err := p.wfd.Wait()
		if err != nil {
			p.fail(err)
			return
		}
		if st.Exited() {
			p.exited(st)
			return
		}
	}
}

// exited records the exit; only the first of exited and fail counts.
func (p *Process) exited(st waitfd.Status) {
	p.finish.Do(func() {
		p.mu.Lock()
		p.status = st
		p.mu.Unlock()
		close(p.done)
	})
}

func (p *Process) fail(err error) {
	p.finish.Do(func() {
		p.mu.Lock()
		p.err = err
		p.mu.Unlock()
		close(p.done)
	})
}

// ExitMessage returns the notice dtrace(8) prints, without its "dtrace: "
// prefix, when a target process exits: "pid N terminated by SIGKILL",
// "pid N exited with status 3", or "pid N has exited".
func ExitMessage(st waitfd.Status) string {
	switch {
	case st.Signal() != 0:
		return fmt.Sprintf("pid %d terminated by %s", st.Pid, unix.SignalName(st.Signal()))
	case st.Code == waitfd.CLDExited && !st.Unknown && st.Value != 0:
		return fmt.Sprintf("pid %d exited with status %d", st.Pid, st.Value)
	}
	return fmt.Sprintf("pid %d has exited", st.Pid)
}

func fdOr(f, def *os.File) uintptr {
	if f == nil {
		f = def
	}
	return f.Fd()
}
