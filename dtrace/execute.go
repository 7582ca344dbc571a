package dtrace

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/proc"
)

// execute enables the programs of the command line together and traces
// until exit(), a signal or the exit of every process of -c and -p, as
// dtrace(8) does in its default mode; it prints the run's notices (unless
// quiet, which the programs' pragmas may have set) and ends the command
// with the exit status.
func (c *command) execute(out io.Writer) {
	// Notices about processes come from other goroutines while the
	// session may report faults and drops.
	stderr := &lockedWriter{w: c.stderr}
	c.stderr = stderr
	prog := c.clauses[0].prog
	if c.merged != nil {
		prog = c.merged
	}
	g, err := c.h.generate(prog)
	// A destructive program without -w is refused after the notices,
	// whatever code generation cannot do yet for it.
	refused := prog.Destructive() && !c.h.opts.Bool("destructive")
	if err != nil && !(refused && errors.Is(err, cg.ErrNotSupported)) {
		c.fatal("could not enable tracing: %s", errmsg(err))
	}
	c.disassemble(g)
	total := 0
	for i := range c.clauses {
		cl := &c.clauses[i]
		n, err := c.h.Matched(cl.prog)
		if err != nil {
			c.fatal("failed to enable '%s': %s", cl.name(), errmsg(err))
		}
		total += n
		what := "description"
		if cl.file {
			what = "script"
		}
		c.notice("%s '%s' matched %d probe%s", what, cl.name(), n, plural(n))
	}
	if total == 0 && !c.h.opts.Bool("zdefs") {
		c.fatal("no probes matched")
	}
	if refused {
		c.fatal("could not enable tracing: %s", errmsg(ErrDestructive))
	}
	w, fx, err := c.h.writer(out, stderr)
	if err == nil {
		err = c.h.start(g, w, fx)
	}
	if err != nil {
		c.fatal("could not enable tracing: %s", errmsg(err))
	}
	if c.h.opts.Bool("destructive") {
		c.notice("allowing destructive actions")
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopSignals := c.onSignals(cancel)
	defer stopSignals()
	var watching sync.WaitGroup
	if targets := c.h.Processes(); len(targets) > 0 {
		watching.Go(func() { c.watchTargets(ctx, targets, cancel) })
	}
	status, err := c.h.Go(ctx)
	// A process that outlives the run is killed without a notice.
	cancel()
	watching.Wait()
	if err != nil {
		c.fatal("%s", errmsg(err))
	}
	panic(exit(status))
}

// notice prints a message that quiet mode suppresses, as DTrace's notice()
// does.
func (c *command) notice(format string, args ...any) {
	if !c.h.opts.Bool("quiet") {
		c.warn(format, args...)
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// onSignals makes SIGINT and SIGTERM end the run: the first cleanly
// (END, the aggregations, the cleanup), a second at once, as an impatient
// user wants and DTrace does. It returns the function that stops it.
func (c *command) onSignals(stop func()) func() {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
			stop()
		case <-done:
			return
		}
		select {
		case <-sigs:
			// The kernel detaches the probes when the descriptors
			// close with the process; a created process must not
			// outlive us.
			c.h.Close()
			os.Exit(exitSuccess)
		case <-done:
		}
	}()
	return func() {
		signal.Stop(sigs)
		close(done)
	}
}

// watchTargets reports each process's exit as it happens and ends the run
// once all have exited, or returns when ctx is done.
func (c *command) watchTargets(ctx context.Context, targets []*proc.Process, stop func()) {
	exited := make(chan *proc.Process, len(targets))
	for _, p := range targets {
		go func() {
			<-p.Done()
			exited <- p
		}()
	}
	for range targets {
		var p *proc.Process
		select {
		case p = <-exited:
		case <-ctx.Done():
			return
		}
		msg := fmt.Sprintf("pid %d has exited", p.Pid())
		if p.Err() == nil {
			msg = proc.ExitMessage(p.ExitStatus())
		}
		c.notice("%s", msg)
	}
	stop()
}

// lockedWriter serialises writes from several goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// disassemble prints the generated code on stderr under -S, as DTrace
// lists its clauses when it compiles them.
func (c *command) disassemble(g *generated) {
	if g == nil || !c.h.opts.Bool("verbose") {
		return
	}
	if err := g.prog.WriteAsm(c.stderr); err != nil {
		c.fatal("%s", errmsg(err))
	}
}
