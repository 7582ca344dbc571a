package proc

import "runtime"

// tracer runs functions on one OS thread, the only thread the kernel
// accepts ptrace requests from for the processes it traces.
type tracer struct {
	reqs chan func()
}

func newTracer() *tracer {
	t := &tracer{reqs: make(chan func())}
	go t.loop()
	return t
}

// loop never unlocks the thread: when the goroutine returns the thread
// exits, which makes the kernel drop any remaining ptrace attachments
// instead of leaving them to whatever goroutine runs there next.
func (t *tracer) loop() {
	runtime.LockOSThread()
	for f := range t.reqs {
		f()
	}
}

// do runs f on the tracer thread and returns its error.
func (t *tracer) do(f func() error) error {
	errc := make(chan error, 1)
	t.reqs <- func() { errc <- f() }
	return <-errc
}

// stop ends the tracer thread.
func (t *tracer) stop() { close(t.reqs) }
