package enable

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/provider"
)

// Session is one tracing run: the consumer of its buffers, whose maps
// and reader it embeds, and the programs and attachments of its enabled
// probes.
type Session struct {
	*consume.Session
	refused []error // see Refused

	progs   []Program
	closers []io.Closer
	begin   *ebpf.Program
	end     *ebpf.Program
}

// Open creates the session's maps and the reader of its buffers
// (consume.Open).
func Open(opts consume.Options) (*Session, error) {
	cs, err := consume.Open(opts)
	if err != nil {
		return nil, err
	}
	return &Session{Session: cs}, nil
}

// Program describes one loaded program of a session.
type Program struct {
	Name  string
	Insns int // BPF instructions, as built
	Prog  *ebpf.Program
}

// Programs returns the programs Enable loaded.
func (s *Session) Programs() []Program { return s.progs }

// Enable builds, loads and attaches the programs of the enabled probes of
// t. The clauses of dtrace:::ERROR, if any, are linked into every program
// whose clauses can fault. Probes are attached while the activity is
// still inactive, so none of their clauses runs before BEGIN is done.
// On error, what was already loaded and attached stays with the session
// until Close.
func (s *Session) Enable(t *provider.Table, enabled []provider.Enabled) error {
	errProbe, err := t.Lookup(provider.ErrorDesc)
	if err != nil {
		return err
	}
	var errRef bpfrt.ProbeRef
	var errStmts []*bpfrt.Stmt
	if errProbe != nil {
		errRef = errProbe.Ref()
	}
	var provs []provider.Provider
	byProv := map[provider.Provider][]provider.Enabled{}
	for _, e := range enabled {
		if errProbe != nil && e.Probe == errProbe {
			errStmts = append(errStmts, e.Stmts...)
		}
		if _, ok := byProv[e.Probe.Provider]; !ok {
			provs = append(provs, e.Probe.Provider)
		}
		byProv[e.Probe.Provider] = append(byProv[e.Probe.Provider], e)
	}
	var units []provider.Unit
	for _, p := range provs {
		us, err := p.Plan(byProv[p])
		if err != nil {
			return fmt.Errorf("provider %s: %w", p.Name(), err)
		}
		units = append(units, us...)
	}
	built := make([]asm.Instructions, len(units))
	conts := make([][]asm.Instructions, len(units))
	fired := make([][]bpfrt.ProbeRef, len(units))
	for i, u := range units {
		b := bpfrt.NewBuilder(s.Maps().Layout, s.EPs(), errRef, errStmts)
		if err := u.Trampoline(b); err != nil {
			return fmt.Errorf("%s: trampoline: %w", u.Name(), err)
		}
		if err := b.Err(); err != nil {
			return err
		}
		if b.TakesKernelStacks() {
			site, err := stackSite(u)
			if err != nil {
				return fmt.Errorf("%s: %w", u.Name(), err)
			}
			b.SetStackSite(site)
		}
		built[i], conts[i], fired[i] = b.Program(), b.Continuations(), b.Probes()
	}
	progs, loadErr := s.load(units, built, conts)
	if le, ok := errors.AsType[*bpfrt.LoadError](loadErr); ok {
		le.Probes = fired[slices.Index(progs, nil)]
	}
	for i, u := range units {
		if progs[i] == nil {
			continue
		}
		s.progs = append(s.progs, Program{Name: u.Name(), Insns: len(built[i]), Prog: progs[i]})
		switch u.Phase() {
		case provider.PhaseBegin:
			s.begin = progs[i]
		case provider.PhaseEnd:
			s.end = progs[i]
		}
	}
	if loadErr != nil {
		return loadErr
	}
	// The kernel may refuse to attach to some of many probes (a
	// wildcard over every tracepoint meets one it keeps to itself): the
	// others are traced, and each refused one reported; only when none
	// is left is enabling a failure.
	var refused []error
	for i, u := range units {
		if u.Phase() != provider.PhaseTrace {
			continue
		}
		c, err := u.Attach(progs[i])
		var partial *provider.PartialAttach
		if errors.As(err, &partial) && c != nil {
			// Some of the unit's probes are attached, the others named.
			for _, r := range partial.Refused {
				refused = append(refused, r)
			}
			err = nil
		}
		if err != nil {
			refused = append(refused, &AttachError{Program: u.Name(), Probes: fired[i], Err: err})
			continue
		}
		s.closers = append(s.closers, c)
	}
	if len(refused) > 0 && len(s.closers) == 0 {
		return refused[0]
	}
	s.refused = refused
	return nil
}

// Refused returns why Enable could not attach some units, whose probes
// are not traced, when it attached others.
func (s *Session) Refused() []error { return s.refused }

// AttachError is a program the kernel refused to attach to its probes.
type AttachError struct {
	Program string
	Probes  []bpfrt.ProbeRef
	Err     error
}

func (e *AttachError) Error() string {
	return fmt.Sprintf("failed to enable %s: %s", bpfrt.ProgramName(e.Program, e.Probes), bpfrt.Strerror(e.Err))
}

func (e *AttachError) Unwrap() error { return e.Err }

// load loads the units' programs, insns[i] for units[i], as many at a
// time as there are CPUs: the verifier's time is most of enabling many
// units (fentry's one program per function), and the kernel verifies
// programs in parallel. It returns the programs that loaded, nil for the
// others, and the first unit's error in order.
func (s *Session) load(units []provider.Unit, insns []asm.Instructions, conts [][]asm.Instructions) ([]*ebpf.Program, error) {
	progs := make([]*ebpf.Program, len(units))
	errs := make([]error, len(units))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(units)) {
		wg.Go(func() {
			for i := range next {
				u := units[i]
				var to string
				if t, ok := u.(provider.Targeted); ok {
					to = t.Target().Function
				}
				progs[i], errs[i] = s.Maps().LoadChain(u.Name(), u.ProgramType(), u.AttachType(), to, insns[i], conts[i])
			}
		})
	}
	for i := range units {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return progs, err
		}
	}
	return progs, nil
}

// Run fires BEGIN, consumes records into h until exit() is called or
// ctx is done, fires END and returns the exit status, as
// consume.Session.Run does with the programs of BEGIN and END that
// Enable loaded.
func (s *Session) Run(ctx context.Context, h consume.Handler) (int, error) {
	return s.Session.Run(ctx, h, s.begin, s.end)
}

// Close detaches and releases everything the session created: the
// attachments and programs, then the consumer's reader and maps.
func (s *Session) Close() error {
	var errs []error
	for _, c := range s.closers {
		errs = append(errs, c.Close())
	}
	s.closers = nil
	for _, p := range s.progs {
		errs = append(errs, p.Prog.Close())
	}
	s.progs, s.begin, s.end = nil, nil, nil
	errs = append(errs, s.Session.Close())
	return errors.Join(errs...)
}
