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

// Handle is one DTrace session: its options and the programs compiled in it.
type Handle struct {
	opts *option.Options
	// libFiles are the -L library files the last compilation read, whose
	// errors DTrace words with the file's name.
	libFiles map[string]bool
	// macros are the values of $pid, $uid, $target and the other macro
	// variables, by name without the $.
	macros map[string]string
	probes *provider.Table
	sess   *session.Session
	// unwind is what the last run's unwinder built (see UnwindStats).
	unwind   UnwindStats
	unwindOK bool
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
	// exporter serves the aggregations under exporter=ADDR; it stops
	// when the run ends, or fails.
	exporter *prom.Exporter
	// testing is dtrace(8)'s testing mode (see SetTesting).
	testing bool
}

// Open starts a session with every option at libdtrace's default.
func Open() *Handle {
	return &Handle{opts: option.New(), macros: processMacros()}
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
func (h *Handle) SetTesting(on bool) { h.testing = on }

// WriteAsm writes the code's BPF instructions, as dtrace -S lists them.
func (c *Code) WriteAsm(w io.Writer) error { return c.prog.WriteAsm(w) }

// NSpec returns how many speculation buffers the code has, which is below
// the nspec option when code generation could not give that many.
func (c *Code) NSpec() int { return c.prog.Config.NSpec }

// Options returns the session's options, to set and read.
func (h *Handle) Options() *option.Options { return h.opts }

// ErrDestructive is returned by Exec for a program with destructive
// actions when the destructive option (-w) is not set.
var ErrDestructive = errors.New("Destructive actions not allowed")

// Exec generates the code of a compiled program, then loads and attaches
// it; it returns the number of probes it enables. Go runs it, writing
// what the options ask for: dtrace(8)'s text on stdout (faults and drops
// on stderr), JSON lines under oformat=json, a pprof profile under
// pprof=FILE, Prometheus metrics under exporter=ADDR.
func (h *Handle) Exec(p *Program, stdout, stderr io.Writer) (int, error) {
	c, err := h.Generate(p)
	if err != nil {
		return 0, err
	}
	if err := h.Start(c, stdout, stderr); err != nil {
		return 0, err
	}
	return len(c.prog.Probes()), nil
}

// Start loads and attaches code Generate made, as Exec does; Go runs it.
func (h *Handle) Start(c *Code, stdout, stderr io.Writer) error {
	w, fx, err := h.writer(stdout, stderr)
	if err == nil {
		err = h.start(c, w, fx)
	}
	if err != nil {
		h.closeExporter()
	}
	return wrapNotSupported(err)
}

// Refused returns why probes of the started program were left out (the
// kernel refused to attach them); the run goes on without them.
func (h *Handle) Refused() []error {
	if h.sess == nil {
		return nil
	}
	return h.sess.Refused()
}

// BufSize returns the size of the started program's principal buffers,
// which is below the bufsize option when the kernel gave less.
func (h *Handle) BufSize() int {
	if h.sess == nil {
		return 0
	}
	return h.sess.BufSize()
}

// closeExporter stops the exporter, if there is one.
func (h *Handle) closeExporter() {
	if h.exporter != nil {
		h.exporter.Close()
		h.exporter = nil
	}
}

// errNotEnabled is Go's answer when no program was enabled, or the run
// of the one that was is over.
var errNotEnabled = errors.New("no program is enabled: Exec or ExecWriter comes before Go")

// closeSession ends the run: its programs, links, maps and buffers are
// released, and the exporter stops.
func (h *Handle) closeSession() error {
	h.closeExporter()
	if h.sess == nil {
		return nil
	}
	h.unwind, h.unwindOK = h.sess.UnwindStats()
	err := h.sess.Close()
	h.sess = nil
	return err
}

// UnwindStats counts the unwind tables a run built for the user stacks
// it walked.
type UnwindStats = session.UnwindStats

// UnwindStats reports the unwind tables the run (the current one, else
// the last) built, and whether it walked user stacks with tables at all.
func (h *Handle) UnwindStats() (UnwindStats, bool) {
	if h.sess != nil {
		return h.sess.UnwindStats()
	}
	return h.unwind, h.unwindOK
}

// ExecWriter is Exec with the run's records going to w, decoded: probe
// firings with their values, faults, drops, and the aggregations at the
// end (see package output). system(), freopen() and ftruncate() act on
// this process's standard output, each once.
func (h *Handle) ExecWriter(p *Program, w output.Writer) (int, error) {
	n, err := h.exec(p, w, nil)
	return n, wrapNotSupported(err)
}

func (h *Handle) exec(p *Program, w output.Writer, fx *output.Effects) (int, error) {
	g, err := h.Generate(p)
	if err != nil {
		return 0, err
	}
	if err := h.start(g, w, fx); err != nil {
		return 0, err
	}
	return len(g.prog.Probes()), nil
}

// Run enables p and runs it until exit() or until ctx is done (then END
// fires, as after exit()), handing every record to w, and returns the exit
// status: ExecWriter and Go in one call.
func (h *Handle) Run(ctx context.Context, p *Program, w output.Writer) (int, error) {
	if _, err := h.ExecWriter(p, w); err != nil {
		return 0, err
	}
	return h.Go(ctx)
}

// Code is a compiled program's code, ready to start: what Exec makes,
// loads and attaches, kept apart by Generate so that it may be shown
// (WriteAsm) or refused before anything is loaded.
type Code struct {
	src    *Program
	prog   *cg.Program
	probes *session.Probes
}

// Generate turns a compiled program into code: the errors that DTrace
// finds while compiling and this code generator only now.
func (h *Handle) Generate(p *Program) (*Code, error) {
	probes := session.NewProbes(h.table())
	cp, err := cg.Compile(p.ast, p.info, probes, cgOptions{h.opts, !h.opts.Bool("ustackfp")}, cg.HostTarget())
	if err != nil {
		return nil, wrapNotSupported(h.wordCgError(err))
	}
	return &Code{src: p, prog: cp, probes: probes}, nil
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
// without permission.
func (h *Handle) start(g *Code, w output.Writer, fx *output.Effects) error {
	if g.src.Destructive() && !h.opts.Bool("destructive") {
		return ErrDestructive
	}
	s, err := session.StartWith(g.prog, g.probes, h.opts, w, fx)
	if err != nil {
		return err
	}
	h.sess = s
	return nil
}

// Go runs the program Exec started until exit() or ctx is done, and
// returns its exit status. The processes created and grabbed are let run
// once BEGIN has run and the probes are active, as dtrace(8) does, so
// that none of their events are missed.
func (h *Handle) Go(ctx context.Context) (int, error) {
	if h.sess == nil {
		return 0, errNotEnabled
	}
	defer h.closeSession()
	for _, p := range h.targets {
		// A process that cannot be followed (it died meanwhile) prints
		// its addresses raw.
		_ = h.sess.Follow(p.Pid())
	}
	if len(h.targets) > 0 {
		h.sess.OnActive(h.continueProcesses)
	}
	status, err := h.sess.Run(ctx)
	return status, wrapNotSupported(err)
}
