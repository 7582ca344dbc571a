package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/proc"
	"github.com/godtrace/godtrace/provider"
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
	// A destructive program without -w is refused after the notices,
	// whatever code generation cannot do yet for it.
	refused := c.program().Destructive() && !c.h.Options().Bool("destructive")
	g := c.generate(refused)
	c.disassemble(g)
	total := 0
	for i := range c.clauses {
		cl := &c.clauses[i]
		n, err := c.h.Matched(cl.prog)
		if err != nil {
			c.fatal("failed to enable '%s': %s", cl.name(), dtrace.ErrorText(err))
		}
		total += n
		what := "description"
		if cl.file {
			what = "script"
		}
		c.notice("%s '%s' matched %d probe%s", what, cl.name(), n, plural(n))
		if c.verbose > 0 {
			c.stabilityReport(out, cl)
			fmt.Fprintln(out)
		}
	}
	if total == 0 && !c.h.Options().Bool("zdefs") {
		c.fatal("no probes matched")
	}
	if refused {
		c.fatal("could not enable tracing: %s", dtrace.ErrorText(dtrace.ErrDestructive))
	}
	t, err := c.h.Start(g, out, stderr)
	if err != nil {
		c.verifierLog(err)
		c.fatal("could not enable tracing: %s", dtrace.ErrorText(err))
	}
	// Main's Close of the handle closes t however the command ends.
	for _, err := range t.Refused() {
		c.warn("%s", err)
	}
	if !c.h.Options().Bool("quietresize") {
		if v, ok := c.h.Options().Value("bufsize"); ok && int64(t.BufSize()) < v {
			c.warn("buffer size lowered to %s", sizeText(int64(t.BufSize())))
		}
		// Code generation bounds the speculative buffers it tries.
		if v, ok := c.h.Options().Value("nspec"); ok && g.NSpec() > 0 && int64(g.NSpec()) < v {
			c.warn("number of speculations lowered to %d", g.NSpec())
		}
	}
	if c.h.Options().Bool("destructive") {
		c.notice("allowing destructive actions")
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// An interrupt, even one during start-up, ends the run cleanly: an
	// early one as soon as the run starts (BEGIN, END, the aggregations),
	// as after exit().
	go func() {
		select {
		case <-c.interrupted:
			cancel()
		case <-ctx.Done():
		}
	}()
	var watching sync.WaitGroup
	if targets := c.h.Processes(); len(targets) > 0 {
		watching.Go(func() { c.watchTargets(ctx, t, targets, cancel) })
	}
	status, err := t.Wait(ctx)
	// A process that outlives the run is killed without a notice.
	cancel()
	watching.Wait()
	c.unwindReport(t)
	if err != nil {
		c.fatal("%s", dtrace.ErrorText(err))
	}
	panic(exit(status))
}

// unwindReport says under -v what the unwinder of user stacks built: the
// tables, their memory, the objects left without (walked by frame
// pointers), and the processes walked each way.
func (c *command) unwindReport(t *dtrace.Tracing) {
	st, ok := t.UnwindStats()
	if c.verbose == 0 || !ok {
		return
	}
	scope := "target processes only"
	if st.SystemWide {
		scope = "any process"
	}
	c.warn("ustack unwind tables (%s): %d objects, %d rows, %d bytes, built in %s; %d objects skipped, %d Go objects by frame pointers; %d processes with tables, %d by frame pointers",
		scope, st.Objects, st.Rows, st.Bytes, st.Build.Round(time.Millisecond), st.Skipped, st.GoObjects, st.Procs, st.FPProcs)
}

// program is what the command line's programs enable together.
func (c *command) program() *dtrace.Program {
	if c.merged != nil {
		return c.merged
	}
	return c.clauses[0].prog
}

// generate generates the code of the command line's programs. What code
// generation refuses is a compile error of the clause it is in, as in
// DTrace, whose compiler generates the code (-e included); with
// tolerateMissing, a construct it cannot generate yet is let through,
// and the code is then nil.
func (c *command) generate(tolerateMissing bool) *dtrace.Code {
	g, err := c.h.Generate(c.program())
	if err != nil && !(tolerateMissing && errors.Is(err, cg.ErrNotSupported)) {
		cl := &c.clauses[len(c.clauses)-1]
		if ce, ok := errors.AsType[*cg.Error](err); ok {
			for i := range c.clauses {
				if c.clauses[i].file && c.clauses[i].arg == ce.Pos.Filename {
					cl = &c.clauses[i]
				}
			}
		}
		c.compileFailed(cl, err)
	}
	return g
}

// verifierLog prints the BPF verifier's log of a program the kernel
// refused, under -x bpflog or -v, each line after "BPF: " as DTrace
// prints it; otherwise the one-line error says what was refused.
func (c *command) verifierLog(err error) {
	le, ok := errors.AsType[*bpfrt.LoadError](err)
	if !ok || !(c.h.Options().Bool("bpflog") || c.verbose > 0) {
		return
	}
	for _, line := range le.Log {
		fmt.Fprintf(c.stderr, "BPF: %s\n", line)
	}
}

// stabilityReport prints a program's stability report, as dtrace -v
// does: the least attributes of its probe descriptions and of its
// statements.
func (c *command) stabilityReport(out io.Writer, cl *clause) {
	what := "description"
	if cl.file {
		what = "script"
	}
	desc, stmt := cl.prog.Stability()
	fmt.Fprintf(out, "\nStability attributes for %s %s:\n", what, cl.name())
	for _, part := range []struct {
		title string
		a     provider.Attr
	}{{"Minimum Probe Description Attributes", desc}, {"Minimum Statement Attributes", stmt}} {
		fmt.Fprintf(out, "\n\t%s\n\t\tIdentifier Names: %s\n\t\tData Semantics:   %s\n\t\tDependency Class: %s\n",
			part.title, part.a.Name, part.a.Data, part.a.Class)
	}
}

// descReport prints, for dtrace -ev, what each probe description of a
// program gives: its attributes and the types of its arguments. As in
// DTrace, a description without that information ends the report.
func (c *command) descReport(out io.Writer, cl *clause) {
	infos, err := c.h.DescInfos(cl.prog)
	if err != nil {
		c.fatal("%s", dtrace.ErrorText(err))
	}
	for _, di := range infos {
		fmt.Fprintf(out, "\n%s\n", di.Desc)
		if !di.Known {
			return
		}
		for _, part := range []struct {
			title string
			a     provider.Attr
		}{{"Probe Description Attributes", di.Attr}, {"Argument Attributes", di.ArgAttr}} {
			fmt.Fprintf(out, "\n\t%s\n\t\tIdentifier Names: %s\n\t\tData Semantics:   %s\n\t\tDependency Class: %s\n",
				part.title, part.a.Name, part.a.Data, part.a.Class)
		}
		fmt.Fprintf(out, "\n\tArgument Types\n")
		for i, a := range di.Args {
			fmt.Fprintf(out, "\t\targs[%d]: %s\n", i, a)
		}
		if len(di.Args) == 0 {
			fmt.Fprintf(out, "\t\tNone\n")
		}
		fmt.Fprintln(out)
	}
}

// sizeText writes a size as DTrace reports a lowered one: in the largest
// unit (k, m, g...) that divides it, else in bytes.
func sizeText(n int64) string {
	for i, unit := range []string{"e", "p", "t", "g", "m", "k"} {
		shift := uint(60 - 10*i)
		if n >= 1<<shift && n%(1<<shift) == 0 {
			return fmt.Sprintf("%d%s", n>>shift, unit)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// notice prints a message that quiet mode suppresses, as DTrace's notice()
// does.
func (c *command) notice(format string, args ...any) {
	if !c.h.Options().Bool("quiet") {
		c.warn(format, args...)
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// burst is how close together two interrupts are one: GNU timeout
// signals dtrace and then its process group, and a shell may signal both
// a pipeline and dtrace, so one request to stop arrives twice within
// microseconds; a user's second ^C comes later.
const burst = 250 * time.Millisecond

// catchSignals makes SIGINT and SIGTERM end the run cleanly from now on,
// start-up included: the first closes c.interrupted, and the run ends as
// after exit() (END, the aggregations, exit status 0); one that comes
// later than a burst after it ends dtrace at once, as an impatient
// user's second ^C does in DTrace. As in DTrace, a signal that was
// ignored when dtrace started (a background job's SIGINT) stays ignored.
// It returns the function that stops catching.
func (c *command) catchSignals() func() {
	c.interrupted = make(chan struct{})
	var sigs []os.Signal
	for _, s := range []os.Signal{os.Interrupt, syscall.SIGTERM} {
		if !signal.Ignored(s) {
			sigs = append(sigs, s)
		}
	}
	if len(sigs) == 0 {
		return func() {}
	}
	ch := make(chan os.Signal, 4)
	signal.Notify(ch, sigs...)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
		case <-done:
			return
		}
		first := time.Now()
		close(c.interrupted)
		for {
			select {
			case <-ch:
				if time.Since(first) >= burst {
					c.impatient()
				}
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// impatient ends dtrace at once, without END or the aggregations, as a
// second interrupt asks. The kernel detaches the probes when the
// descriptors close with the process; a created process must not
// outlive us. A pprof profile is not written, and one being written
// is left absent (it is renamed into place once whole).
func (c *command) impatient() {
	// Not the handle's Close, which would wait for the run to stop:
	// only the processes need us, and they are killed (or let go) now.
	for _, p := range c.h.Processes() {
		p.Close()
	}
	os.Exit(exitSuccess)
}

// watchTargets reports each process's exit as it happens and ends the run
// once all have exited, or returns when ctx is done. The report comes
// after the records the process's probes wrote before it exited: the
// run reads its buffers and writes what they hold first.
func (c *command) watchTargets(ctx context.Context, t *dtrace.Tracing, targets []*proc.Process, stop func()) {
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
		if t.Sync(ctx) != nil {
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
func (c *command) disassemble(g *dtrace.Code) {
	if g == nil || !c.h.Options().Bool("verbose") {
		return
	}
	if err := g.WriteAsm(c.stderr); err != nil {
		c.fatal("%s", dtrace.ErrorText(err))
	}
}
