package dtrace

import (
	"context"
	"errors"
	"io"
	"os"
	"strconv"
	"sync"
	"syscall"

	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/ctf"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/token"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/output"
	"github.com/godtrace/godtrace/output/prom"
	"github.com/godtrace/godtrace/proc"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/session"
)

// Version is what "dtrace -V" reports: the version of the D language and
// its API, named as Oracle's DTrace for Linux names it.
const Version = "Oracle D 2.0"

// Handle is one DTrace session: its options, the programs compiled in
// it, the processes it created or grabbed and the program it enables.
// Close releases all of it.
type Handle struct {
	// mu guards closed and tracing, which a Tracing's Close, from any
	// goroutine, changes.
	mu      sync.Mutex
	closed  bool
	tracing *Tracing
	opts    *option.Options
	// libFiles are the -L library files the last compilation read, whose
	// errors DTrace words with the file's name.
	libFiles map[string]bool
	// macros are the values of $pid, $uid, $target and the other macro
	// variables, by name without the $.
	macros map[string]string
	probes *provider.Table
	// fset holds the files of every program compiled, so that the
	// positions of programs merged into one name their own file.
	fset *token.FileSet
	// targets are the processes created and grabbed for the session, in
	// command-line order.
	targets []*proc.Process
	// ctf is the kernel's CTF archive, when it has one (see kernelCTF).
	ctf     *ctf.Archive
	ctfErr  error
	ctfOnce sync.Once
	// compiled is the last program compiled: a program compiled after
	// it sees its variables and declarations, and those of the programs
	// before it, as DTrace's one identifier table per handle gives.
	compiled *check.Info
	// testing is dtrace(8)'s testing mode (see SetTesting).
	testing bool
}

// Open starts a session with every option at libdtrace's default.
func Open() *Handle {
	return &Handle{opts: option.New(), macros: processMacros(), fset: token.NewFileSet()}
}

// processMacros gives the macro variables that describe the tracing
// process itself; $target is 0 until a process is grabbed or created.
func processMacros() map[string]string {
	pgid, _ := syscall.Getpgid(0)
	sid, _, _ := syscall.RawSyscall(syscall.SYS_GETSID, 0, 0, 0)
	m := map[string]string{"projid": "0", "taskid": "0", "target": "0"}
	for name, v := range map[string]int{
		"pid": os.Getpid(), "ppid": os.Getppid(), "uid": os.Getuid(), "gid": os.Getgid(),
		"euid": os.Geteuid(), "egid": os.Getegid(), "pgid": pgid, "sid": int(sid),
	} {
		m[name] = strconv.Itoa(v)
	}
	return m
}

// SetTesting sets dtrace(8)'s testing mode (_DTRACE_TESTING): its text
// leaves out what varies from run to run, the CPU and probe ID columns of
// probe lines.
func (h *Handle) SetTesting(on bool) {
	if h != nil {
		h.testing = on
	}
}

// WriteAsm writes the code's BPF instructions, as dtrace -S lists them.
func (c *Code) WriteAsm(w io.Writer) error {
	if c == nil || c.prog == nil {
		return errors.New("dtrace: nil Code")
	}
	if w == nil {
		return errors.New("dtrace: WriteAsm to a nil writer")
	}
	return c.prog.WriteAsm(w)
}

// NSpec returns how many speculation buffers the code has, which is below
// the nspec option when code generation could not give that many.
func (c *Code) NSpec() int {
	if c == nil || c.prog == nil {
		return 0
	}
	return c.prog.Config.NSpec
}

// Options returns the session's options, to set and read. A handle not
// made by Open has none of its own: it gets a set of defaults that no
// handle reads, and its own methods return errors.
func (h *Handle) Options() *option.Options {
	if h == nil || h.opts == nil {
		return option.New()
	}
	return h.opts
}

// ErrDestructive is returned by Start for a program with destructive
// actions when the destructive option (-w) is not set.
var ErrDestructive = errors.New("Destructive actions not allowed")

// valid returns the error of a handle not made by Open, or closed.
func (h *Handle) valid() error {
	if h == nil || h.opts == nil {
		return errNotOpen
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return ErrClosed
	}
	return nil
}

// Start loads and attaches code Generate made, and returns the Tracing
// that runs it (Wait) and releases it (Close). The run writes what the
// options ask for: dtrace(8)'s text on stdout (faults and drops on
// stderr), JSON lines under oformat=json, a pprof profile under
// pprof=FILE, Prometheus metrics under exporter=ADDR. A handle has one
// Tracing open at a time.
func (h *Handle) Start(c *Code, stdout, stderr io.Writer) (*Tracing, error) {
	if err := h.startable(c); err != nil {
		return nil, err
	}
	if stdout == nil || stderr == nil {
		return nil, errors.New("dtrace: Start with a nil writer")
	}
	w, fx, e, err := h.writer(stdout, stderr)
	if err != nil {
		return nil, wrapNotSupported(err)
	}
	t, err := h.start(c, w, fx, e)
	if err != nil && e != nil {
		e.Close()
	}
	return t, wrapNotSupported(err)
}

// StartWriter is Start with the run's records going to w, decoded: probe
// firings with their values, faults, drops, and the aggregations at the
// end (see package output). system(), freopen() and ftruncate() act on
// this process's standard output, each once.
func (h *Handle) StartWriter(c *Code, w output.Writer) (*Tracing, error) {
	if err := h.startable(c); err != nil {
		return nil, err
	}
	if w == nil {
		return nil, errors.New("dtrace: StartWriter with a nil output.Writer")
	}
	t, err := h.start(c, w, nil, nil)
	return t, wrapNotSupported(err)
}

// Exec generates the code of a compiled program and starts it: Generate,
// then StartWriter.
func (h *Handle) Exec(p *Program, w output.Writer) (*Tracing, error) {
	c, err := h.Generate(p)
	if err != nil {
		return nil, err
	}
	return h.StartWriter(c, w)
}

// Run enables p and runs it until exit() or until ctx is done (then END
// fires, as after exit()), handing every record to w, and returns the exit
// status: Exec, Wait and Close in one call.
func (h *Handle) Run(ctx context.Context, p *Program, w output.Writer) (int, error) {
	if ctx == nil {
		return 0, errors.New("dtrace: Run with a nil Context")
	}
	t, err := h.Exec(p, w)
	if err != nil {
		return 0, err
	}
	status, err := t.Wait(ctx)
	return status, errors.Join(err, t.Close())
}

// startable returns why c cannot start now: the handle is not open, c is
// not code it generated, or c was started already, or a Tracing of the
// handle is open.
func (h *Handle) startable(c *Code) error {
	if err := h.valid(); err != nil {
		return err
	}
	if c == nil || c.prog == nil {
		return errors.New("dtrace: nil Code")
	}
	if c.h != h {
		return errors.New("dtrace: Code generated by another handle")
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if c.started {
		return errors.New("dtrace: Code started already: Generate it again")
	}
	if h.tracing != nil {
		return errBusy
	}
	return nil
}

// untrack forgets t, which is closing.
func (h *Handle) untrack(t *Tracing) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.tracing == t {
		h.tracing = nil
	}
}

// Code is a compiled program's code, ready to start: what Exec makes,
// loads and attaches, kept apart by Generate so that it may be shown
// (WriteAsm) or refused before anything is loaded.
type Code struct {
	h      *Handle
	src    *Program
	prog   *cg.Program
	probes *session.Probes
	// started is set once the code is started: what session made of it
	// is not made again.
	started bool
}

// Generate turns a compiled program into code: the errors that DTrace
// finds while compiling and this code generator only now.
func (h *Handle) Generate(p *Program) (*Code, error) {
	if err := h.program(p); err != nil {
		return nil, err
	}
	probes := session.NewProbes(h.table())
	cp, err := cg.Compile(p.ast, p.info, probes, cgOptions{h.opts, !h.opts.Bool("ustackfp")}, cg.HostTarget())
	if err != nil {
		return nil, wrapNotSupported(h.wordCgError(err))
	}
	return &Code{h: h, src: p, prog: cp, probes: probes}, nil
}

// wordCgError words what code generation refused as the compile error it
// is in DTrace, whose code generator runs as the last step of compiling:
// "[D_TAG] line N: ..." under -xerrtags, and without the line for
// programs given on the command line.
func (h *Handle) wordCgError(err error) error {
	ce, ok := errors.AsType[*cg.Error](err)
	if !ok {
		return err
	}
	e := diag.Error{Pos: ce.Pos, Tag: ce.Tag, Msg: ce.Err.Error()}
	if e.Pos.Filename == "" {
		e.Pos.Line = 0
	}
	return &compileError{e.Format(h.opts.Bool("errtags")), err}
}

// cgOptions are the options code generation reads, with ustackunwind,
// which the handle decides: user stacks are unwound with tables, those
// of the target processes loaded before they run and those of any other
// process when a probe first fires in it, unless ustackfp asks for frame
// pointers only.
type cgOptions struct {
	*option.Options
	unwind bool
}

func (o cgOptions) Bool(name string) bool {
	if name == "ustackunwind" {
		return o.unwind
	}
	return o.Options.Bool(name)
}

// start loads and attaches generated code, unless it is destructive
// without permission; the records go to w, the effects to fx (nil: this
// process's standard output), and e serves the aggregations until the
// run ends.
func (h *Handle) start(c *Code, w output.Writer, fx *output.Effects, e *prom.Exporter) (*Tracing, error) {
	if c.src.Destructive() && !h.opts.Bool("destructive") {
		return nil, ErrDestructive
	}
	g := &gate{w: w}
	s, err := session.StartWith(c.prog, c.probes, h.opts, g, fx)
	if err != nil {
		return nil, err
	}
	t := newTracing(h, s, len(c.prog.Probes()), e)
	g.t = t
	h.mu.Lock()
	if h.closed {
		// Closed meanwhile, from another goroutine.
		h.mu.Unlock()
		return nil, errors.Join(ErrClosed, s.Close())
	}
	c.started = true
	h.tracing = t
	h.mu.Unlock()
	return t, nil
}
