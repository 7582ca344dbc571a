package dtrace

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/godtrace/godtrace/output"
	"github.com/godtrace/godtrace/output/prom"
	"github.com/godtrace/godtrace/proc"
	"github.com/godtrace/godtrace/session"
)

// ErrClosed is the error of a Handle or a Tracing used after its Close,
// and of the Wait a Close ended.
var ErrClosed = errors.New("dtrace: use of a closed handle or tracing")

// errNotOpen is the error of a Handle not made by Open (nil, or its zero
// value), and of a Tracing not made by Start.
var errNotOpen = errors.New("dtrace: Handle not made by Open, or Tracing not made by Start")

// errBusy is Start's error while a Tracing of the handle is open: a
// handle enables one program at a time, as DTrace's does.
var errBusy = errors.New("dtrace: a program of this handle is enabled already: Close its Tracing first")

// Tracing is a program enabled in the kernel: its probes attached, its
// maps and buffers made, not yet firing. Wait runs it, Close releases it.
// Start, StartWriter and Exec return one; the handle holds it until its
// Close, and Handle.Close closes it too.
//
// A Tracing is safe for concurrent use: Close may come from any
// goroutine, while Wait runs, to stop the run at once.
type Tracing struct {
	h    *Handle
	sess *session.Session
	// probes is how many probes the program enables.
	probes int
	// targets are the handle's processes when tracing started: the run
	// follows them and lets them go once tracing is active.
	targets []*proc.Process
	// exporter serves the aggregations under exporter=ADDR, until the
	// run ends.
	exporter *prom.Exporter
	// stop ends the run as exit() does; closed makes the writer drop
	// whatever the run hands it after Close, END's records included.
	runCtx context.Context
	stop   context.CancelFunc
	closed atomic.Bool
	// inCall counts the writer's methods in progress, so that a Close
	// from one of them does not wait for the run that called it.
	inCall atomic.Int32

	mu      sync.Mutex
	running bool          // a Wait runs the program, or ran it
	done    chan struct{} // closed once the run has returned
	status  int
	err     error
	// endedClosed is set when Close came before the run returned.
	endedClosed bool
	// released is set once the session is closed; afterRelease is
	// what the handle's Close left to do then.
	released     bool
	afterRelease func() error
	unwind       UnwindStats
	unwindOK     bool
}

// newTracing wraps a started session, which enables probes probes, with
// the exporter of its aggregations, if any.
func newTracing(h *Handle, s *session.Session, probes int, e *prom.Exporter) *Tracing {
	t := &Tracing{h: h, sess: s, probes: probes, exporter: e, done: make(chan struct{})}
	t.targets = append(t.targets, h.targets...)
	t.runCtx, t.stop = context.WithCancel(context.Background())
	return t
}

// gate hands the run's records to w until the Tracing is closed, and
// counts the calls in progress (see Tracing.inCall).
type gate struct {
	w output.Writer
	t *Tracing
}

func pass[T any](g *gate, f func(T) error, v T) error {
	if g.t == nil {
		return f(v)
	}
	if g.t.closed.Load() {
		return nil
	}
	g.t.inCall.Add(1)
	defer g.t.inCall.Add(-1)
	return f(v)
}

func (g *gate) Start(s *output.Start) error { return pass(g, g.w.Start, s) }
func (g *gate) Probe(p *output.Probe) error { return pass(g, g.w.Probe, p) }
func (g *gate) Error(e *output.Error) error { return pass(g, g.w.Error, e) }
func (g *gate) Drops(d *output.Drops) error { return pass(g, g.w.Drops, d) }
func (g *gate) End(e *output.End) error     { return pass(g, g.w.End, e) }

// valid returns the error of a Tracing not made by Start.
func (t *Tracing) valid() error {
	if t == nil || t.h == nil || t.sess == nil {
		return errNotOpen
	}
	return nil
}

// Probes returns how many probes the program enables.
func (t *Tracing) Probes() int {
	if t.valid() != nil {
		return 0
	}
	return t.probes
}

// Refused returns why probes of the program were left out (the kernel
// refused to attach them); the run goes on without them.
func (t *Tracing) Refused() []error {
	if t.valid() != nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.released {
		return nil
	}
	return t.sess.Refused()
}

// BufSize returns the size of the principal buffers, which is below the
// bufsize option when the kernel gave less; 0 once closed.
func (t *Tracing) BufSize() int {
	if t.valid() != nil {
		return 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.released {
		return 0
	}
	return t.sess.BufSize()
}

// Sync returns once the run has read its buffers empty and handed the
// writer what it read, after the call; at once when the run is not
// reading them (not started, ended, or closed). A caller that prints
// from another goroutine (dtrace(8)'s notice that a process has exited)
// syncs first, so that its message comes after the records written
// before it, which may otherwise wait in the buffers until the next
// switchrate tick. It returns ctx's error when ctx is done first.
func (t *Tracing) Sync(ctx context.Context) error {
	if err := t.valid(); err != nil {
		return err
	}
	if ctx == nil {
		return errors.New("dtrace: Sync with a nil Context")
	}
	t.mu.Lock()
	released := t.released
	t.mu.Unlock()
	if released {
		return nil
	}
	return t.sess.Sync(ctx)
}

// UnwindStats counts the unwind tables a run built for the user stacks
// it walked.
type UnwindStats = session.UnwindStats

// UnwindStats reports the unwind tables the run built so far (all of
// them, once it has ended), and whether it walks user stacks with tables
// at all.
func (t *Tracing) UnwindStats() (UnwindStats, bool) {
	if t.valid() != nil {
		return UnwindStats{}, false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.released {
		return t.unwind, t.unwindOK
	}
	return t.sess.UnwindStats()
}

// Wait runs the program: BEGIN fires, the probes hand their records to
// the writer until exit() is called or ctx is done, which ends the run
// as exit() does (END fires, then the end record); it returns the exit
// status. The processes the handle created and grabbed are let run once
// BEGIN has run and the probes are active, as dtrace(8) does, so that
// none of their events are missed.
//
// The writer is called from the goroutine of the first Wait. A Wait
// called while another runs waits with it, and its ctx ends the run too;
// one called after the run has ended returns its result again. After
// Close, and when Close ends the run, Wait returns ErrClosed.
func (t *Tracing) Wait(ctx context.Context) (int, error) {
	if err := t.valid(); err != nil {
		return 0, err
	}
	if ctx == nil {
		return 0, errors.New("dtrace: Wait with a nil Context")
	}
	t.mu.Lock()
	if t.closed.Load() {
		t.mu.Unlock()
		return 0, ErrClosed
	}
	if t.running {
		t.mu.Unlock()
		select {
		case <-t.done:
		case <-ctx.Done():
			t.stop()
			<-t.done
		}
		return t.result()
	}
	t.running = true
	t.mu.Unlock()
	t.run(ctx)
	return t.result()
}

// run runs the session in the calling goroutine, until ctx or the
// Tracing's own context is done.
func (t *Tracing) run(ctx context.Context) {
	defer context.AfterFunc(ctx, t.stop)()
	var status int
	var err error
	defer func() {
		// A writer's panic goes on up the caller's stack, but the
		// Tracing knows the run is over.
		if r := recover(); r != nil {
			t.finish(0, errors.New("dtrace: the run's writer panicked"))
			panic(r)
		}
		t.finish(status, err)
	}()
	for _, p := range t.targets {
		// A process that cannot be followed (it died meanwhile) prints
		// its addresses raw.
		_ = t.sess.Follow(p.Pid())
	}
	if len(t.targets) > 0 {
		t.sess.OnActive(t.continueProcesses)
	}
	status, err = t.sess.Run(t.runCtx)
	err = wrapNotSupported(err)
}

// finish records the run's result and stops the exporter, which serves
// no more than the run; a Close that came meanwhile releases the
// session now, as it could not while the run used it.
func (t *Tracing) finish(status int, err error) {
	if t.exporter != nil {
		t.exporter.Close()
	}
	t.mu.Lock()
	t.status, t.err = status, err
	closed := t.closed.Load()
	t.endedClosed = closed
	t.mu.Unlock()
	if closed {
		t.release()
	}
	close(t.done)
}

// result is the run's result once it has returned.
func (t *Tracing) result() (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.endedClosed {
		return 0, ErrClosed
	}
	return t.status, t.err
}

// continueProcesses lets every stopped target run. A target that cannot
// be resumed has died meanwhile, and its exit is reported as any other.
func (t *Tracing) continueProcesses() {
	for _, p := range t.targets {
		_ = p.Continue()
	}
}

// Close stops the run, if one is in progress (its writer sees nothing
// more, not even END's records, and Wait returns ErrClosed), and releases
// what the program holds: its probes are detached, its programs, maps
// and buffers freed, the exporter stopped. It waits for the run to stop
// and let go, except while one of the writer's methods is in progress,
// as when one of them calls Close: then the run lets go as it returns,
// before Wait does. Closing twice does nothing more.
func (t *Tracing) Close() error {
	if err := t.valid(); err != nil {
		return err
	}
	t.mu.Lock()
	if t.closed.Load() {
		t.mu.Unlock()
		return nil
	}
	t.closed.Store(true)
	running := t.running
	t.mu.Unlock()
	t.stop()
	t.h.untrack(t)
	if !running {
		if t.exporter != nil {
			t.exporter.Close()
		}
		return t.release()
	}
	if t.inCall.Load() > 0 {
		// Perhaps called by the run itself, which cannot end before
		// this returns: it releases all as it ends (see finish).
		return nil
	}
	<-t.done
	return t.release()
}

// release closes the session, once.
func (t *Tracing) release() error {
	t.mu.Lock()
	if t.released {
		t.mu.Unlock()
		return nil
	}
	t.released = true
	t.unwind, t.unwindOK = t.sess.UnwindStats()
	err := t.sess.Close()
	after := t.afterRelease
	t.mu.Unlock()
	if after != nil {
		err = errors.Join(err, after())
	}
	return err
}

// then runs f once the session is released: now if it is, else when the
// run that still uses it returns.
func (t *Tracing) then(f func() error) error {
	t.mu.Lock()
	if !t.released {
		t.afterRelease = f
		t.mu.Unlock()
		return nil
	}
	t.mu.Unlock()
	return f()
}
