package session

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/enable"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/output"
	"github.com/godtrace/godtrace/provider"
)

// Probes is the probe table a program is compiled against and run with:
// code generation asks it which probes a description matches (it is a
// cg.Matcher), and the session enables those same probes.
type Probes struct {
	t *provider.Table
}

// NewProbes wraps t, the table of the providers the program may use
// (package dtrace passes provider/registry's, of every provider).
func NewProbes(t *provider.Table) *Probes {
	return &Probes{t: t}
}

// Table returns the underlying provider table.
func (p *Probes) Table() *provider.Table { return p.t }

// Match lists the probes d matches.
func (p *Probes) Match(d *ast.ProbeDesc) ([]cg.Probe, error) {
	ps, err := p.t.Match(provider.Desc{Provider: d.Provider, Module: d.Module, Function: d.Function, Name: d.Name})
	if err != nil {
		return nil, err
	}
	out := make([]cg.Probe, len(ps))
	for i, pr := range ps {
		out[i] = cg.Probe{ID: pr.ID, Provider: pr.Provider.Name(), Module: pr.Module, Function: pr.Function, Name: pr.Name}
	}
	return out, nil
}

// Options is the part of the option catalogue a session reads, satisfied
// by *option.Options.
type Options = output.Options

// Session is one run of a compiled program.
type Session struct {
	prog *cg.Program
	cs   *enable.Session
	syms symbols
	w    output.Writer
	out  *decoder
	// feed follows the mappings of the target processes, for the
	// symbolizer and the unwinder.
	feed *mapFeed
	// unwind loads the unwind tables of followed processes, when the
	// program walks user stacks with them.
	unwind *unwinder
}

// Start creates the maps of prog, builds, loads and attaches the programs
// of the probes it enables (in probes, the table it was compiled
// against); Run then fires BEGIN and consumes. stdout receives the
// traced output as dtrace(8) prints it, stderr the fault and drop
// messages.
func Start(prog *cg.Program, probes *Probes, opts Options, stdout, stderr io.Writer) (*Session, error) {
	out := output.NewDestination(stdout)
	return StartWith(prog, probes, opts, output.NewText(opts, out, stderr), output.NewEffects(out, stderr))
}

// perfSampleHeader is what a perf sample of raw data adds before it: the
// perf_event_header and the size of the raw data.
const perfSampleHeader = 8 + 4

// largestRecord is the size of the largest record prog may write to the
// principal buffer, which must hold at least one, as a perf sample (as
// DTrace requires: "Enabling exceeds size of buffer"). A clause that can
// fault may write a fault record instead of its own; so may a program
// with an ERROR clause, whose firing follows a fault record (in DTrace
// the ERROR probe's own record reports the fault, and counts).
func largestRecord(prog *cg.Program) int {
	n := 0
	for _, c := range prog.Clauses {
		n = max(n, bpfrt.RecHeaderSize+c.Stmt.DataSize)
		if c.CanFault || isErrorClause(c) {
			n = max(n, bpfrt.FaultRecSize)
		}
	}
	return n
}

// ErrEndTooBig is DTrace's EDT_ENDTOOBIG: under bufpolicy fill the
// records of the END clauses do not fit in the principal buffer.
var ErrEndTooBig = errors.New("END enablings exceed size of principal buffer")

// endReserve is the room DTrace keeps in a fill buffer for the records of
// the END clauses: each one's data and its 4-byte EPID, by DTrace's
// measure.
func endReserve(prog *cg.Program) int {
	n := 0
	for _, c := range prog.Clauses {
		for _, p := range c.Probes {
			if p.Provider == "dtrace" && p.Name == "END" {
				n += 4 + c.Stmt.DataSize
				break
			}
		}
	}
	return n
}

// isErrorClause reports whether c enables dtrace:::ERROR.
func isErrorClause(c *cg.Clause) bool {
	for _, p := range c.Probes {
		if p.Provider == "dtrace" && p.Name == "ERROR" {
			return true
		}
	}
	return false
}

// StartWith is Start with the run's records going to w, and system(),
// freopen() and ftruncate() carried out by fx, once each whatever w is;
// with a nil fx they act on this process's standard output and error.
func StartWith(prog *cg.Program, probes *Probes, opts Options, w output.Writer, fx *output.Effects) (s *Session, err error) {
	if fx == nil {
		fx = output.NewEffects(output.NewDestination(os.Stdout), os.Stderr)
	}
	copts := consume.Options{Config: prog.Config}
	if opts != nil {
		if v, ok := opts.Value("bufsize"); ok {
			copts.Config.BufSize = int(min(v, math.MaxInt))
			// Under bufpolicy fill and ring the consumer counts the
			// records against bufsize by DTrace's measure (a 4-byte
			// EPID and the data), the buffers themselves being at
			// least a page.
			need := perfSampleHeader + largestRecord(prog)
			if p := opts.Text("bufpolicy"); p == "fill" || p == "ring" {
				need = 0
				for _, c := range prog.Clauses {
					need = max(need, 4+c.Stmt.DataSize)
				}
			}
			// A fill buffer keeps room for what the END clauses record
			// (all of them, as DTrace reserves it), so that a full
			// buffer still ends with END's records; when that room is
			// more than the buffer DTrace names the END enablings.
			if opts.Text("bufpolicy") == "fill" && endReserve(prog) > copts.Config.BufSize {
				return nil, ErrEndTooBig
			}
			if need > copts.Config.BufSize {
				return nil, bpfrt.ErrBufTooSmall
			}
			if v == 0 {
				return nil, bpfrt.ErrBufTooSmall
			}
		}
		copts.ManualResize = opts.Text("bufresize") == "manual"
		if copts.Policy, err = consume.ParsePolicy(opts.Text("bufpolicy")); err != nil {
			return nil, err
		}
		if v, ok := opts.Value("switchrate"); ok && v > 0 {
			copts.SwitchRate = time.Duration(v)
		}
		if v, ok := opts.Value("statusrate"); ok && v > 0 {
			copts.StatusRate = time.Duration(v)
		}
		if v, ok := opts.Value("specsize"); ok && v > 0 {
			copts.SpecSize = int(v)
		}
		if v, ok := opts.Value("aggsize"); ok && v > 0 {
			copts.Config.AggSize = int(min(v, math.MaxInt32))
		}
		if v, ok := opts.Value("dynvarsize"); ok && v > 0 {
			copts.Config.DynVarSize = int(min(v, math.MaxInt32))
		}
	}
	cs, err := enable.Open(copts)
	if err != nil {
		return nil, err
	}
	s = &Session{prog: prog, cs: cs, w: w}
	defer func() {
		if err != nil {
			cs.Close()
		}
	}()
	if err := s.fillMaps(); err != nil {
		return nil, err
	}
	enabled, err := enabledProbes(prog, probes.t)
	if err != nil {
		return nil, err
	}
	if err := cs.Enable(probes.t, enabled); err != nil {
		return nil, err
	}
	s.feed = newMapFeed()
	syms := symbols{user: newUserSyms(s.feed)}
	if needsKernelSymbols(prog) {
		// The table enable loaded for kernel stacks, if it did.
		if syms.kernel, err = ksym.Kernel(); err != nil {
			return nil, fmt.Errorf("kernel symbols: %w", err)
		}
	}
	s.syms = syms
	s.out = newDecoder(prog, cs.Maps(), syms, w, fx)
	s.out.rates = cs
	if opts != nil {
		if v, ok := opts.Value("aggrate"); ok && v > 0 {
			s.out.aggRate = time.Duration(v)
		}
	}
	if opts != nil && opts.Bool("aggpercpu") {
		if err := s.out.keepPerCPU(); err != nil {
			return nil, err
		}
	}
	if u := cs.Maps().Unwind; u != nil {
		s.unwind = newUnwinder(u, s.feed)
	}
	return s, nil
}

// enabledProbes groups the clauses by the probes they enable, each probe
// with its clauses in program order, the probes in order of first use.
func enabledProbes(prog *cg.Program, t *provider.Table) ([]provider.Enabled, error) {
	var enabled []provider.Enabled
	index := map[uint32]int{}
	for _, c := range prog.Clauses {
		for _, p := range c.Probes {
			i, ok := index[p.ID]
			if !ok {
				pr := t.ByID(p.ID)
				if pr == nil {
					return nil, fmt.Errorf("probe id %d is not in the probe table", p.ID)
				}
				i = len(enabled)
				index[p.ID] = i
				enabled = append(enabled, provider.Enabled{Probe: pr})
			}
			enabled[i].Stmts = append(enabled[i].Stmts, c.Stmt)
		}
	}
	return enabled, nil
}

// fillMaps writes the string table and the globals the session sets.
func (s *Session) fillMaps() error {
	m := s.cs.Maps()
	strtab := make([]byte, m.Strtab.ValueSize())
	copy(strtab, s.prog.Strtab)
	if err := m.Strtab.Update(uint32(0), strtab, 0); err != nil {
		return fmt.Errorf("fill string table: %w", err)
	}
	if s.prog.WallOffset >= 0 {
		globals := make([]byte, m.Globals.ValueSize())
		var mono unix.Timespec
		if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &mono); err != nil {
			return fmt.Errorf("monotonic clock: %w", err)
		}
		off := time.Now().UnixNano() - mono.Nano()
		binary.NativeEndian.PutUint64(globals[s.prog.WallOffset:], uint64(off))
		if err := m.Globals.Update(uint32(0), globals, 0); err != nil {
			return fmt.Errorf("set walltimestamp offset: %w", err)
		}
	}
	return nil
}

// Follow makes the user addresses of process pid print as symbols even
// after it has exited, when the program records any: its mappings are
// read now, while it is stopped, and those it makes later are watched.
// dtrace -c and -p follow their processes. When the program unwinds
// user stacks with tables, those of the process's objects are loaded.
func (s *Session) Follow(pid int) error {
	syms := needsUserSymbols(s.prog)
	if s.unwind == nil && !syms {
		return nil
	}
	if err := s.feed.watch(pid); err != nil {
		return err
	}
	if s.unwind != nil {
		if err := s.unwind.follow(pid); err != nil {
			return err
		}
	}
	if !syms {
		return nil
	}
	return s.out.syms.user.follow(pid)
}

// UnwindStats reports the unwind tables the session built, and whether
// the program unwinds user stacks with tables at all.
func (s *Session) UnwindStats() (UnwindStats, bool) {
	if s.unwind == nil {
		return UnwindStats{}, false
	}
	s.unwind.mu.Lock()
	defer s.unwind.mu.Unlock()
	return s.unwind.stats, true
}

// Programs returns the loaded programs with their instruction counts.
func (s *Session) Programs() []enable.Program { return s.cs.Programs() }

// Refused returns why some probes are not traced: the kernel refused to
// attach their programs, while it took others (see enable.Session).
func (s *Session) Refused() []error { return s.cs.Refused() }

// BufSize returns the size of each CPU's principal buffer: bufsize, or
// less when the kernel could not allocate that much (bufresize=auto).
func (s *Session) BufSize() int { return s.cs.BufSize() }

// OnActive makes Run call f once BEGIN has run and tracing is active
// (or exit() in BEGIN has ended it), before it reads any record: the
// moment a process started stopped (dtrace -c, -p) may run without any
// of its events being missed.
func (s *Session) OnActive(f func()) { s.cs.OnActive(f) }

// Sync returns once the run has read the buffers empty and written what
// it read, after the call (at once when it is not running): a notice
// printed after it, from another goroutine, follows the records written
// before it.
func (s *Session) Sync(ctx context.Context) error { return s.cs.Sync(ctx) }

// Run fires BEGIN, hands the writer what the probes record until exit()
// is called or ctx is done, fires END, hands it the aggregations and
// returns the exit status.
func (s *Session) Run(ctx context.Context) (status int, err error) {
	// What is buffered is written however the run ends.
	defer func() {
		if ferr := s.out.Flush(); err == nil {
			err = ferr
		}
	}()
	start := &output.Start{Time: time.Now(), PID: os.Getpid(), Symbols: s.syms, Aggs: s.out.aggDescs()}
	if len(s.prog.Aggs) > 0 {
		start.Snapshot = s.out.aggSnapshot
	}
	if err := s.w.Start(start); err != nil {
		return 0, err
	}
	status, err = s.cs.Run(ctx, s.out)
	if err != nil {
		return status, err
	}
	if err := s.out.end(status); err != nil {
		return status, err
	}
	return status, nil
}

// Close detaches and releases everything the session created, and
// closes the file freopen() opened.
func (s *Session) Close() error {
	var err error
	if s.unwind != nil {
		s.unwind.close()
	}
	if s.feed != nil {
		s.feed.close()
	}
	if s.out != nil {
		err = s.out.fx.Close()
	}
	return errors.Join(err, s.cs.Close())
}
