package stable

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/kprobe"
	"github.com/godtrace/godtrace/provider/internal/tracepoint"
)

// Source is one raw tracepoint a probe fires on, or kernel functions it
// fires on with kprobes.
type Source struct {
	// Group is the tracepoint's tracefs group; Tracepoint its name.
	Group, Tracepoint string
	// Functions, for a source on kernel functions, are alternative
	// shell patterns of their names (kernels rename functions), tried in
	// order: the first that names a traceable function gives the
	// functions the probe fires on, at their entry, or at their return
	// when Return is set. Such a source needs kprobes; where the kernel
	// has none it is absent, as on kernels without its tracepoint.
	Functions []string
	Return    bool
	// Rewrite turns the tracepoint's arguments, in args[], into the
	// probe's native arguments; nil keeps them. A function's entry
	// leaves its six register arguments there, its return the return
	// value in args[0].
	Rewrite Step
	// Shared names a source whose rewrite only records, for another
	// source of the probe to find, and never fires the probe (it ends
	// every firing): however many enabled probes have it, a tracepoint
	// runs it once.
	Shared string
}

// functions returns the kernel functions a function source fires on
// here: none when the kernel has no kprobes or none of its patterns
// names a traceable function.
func (s *Source) functions() ([]string, error) {
	if feature.Kprobes.Check() != nil {
		return nil, nil
	}
	for _, pat := range s.Functions {
		fs, err := kprobe.Traceable(pat)
		if err != nil || len(fs) > 0 {
			return fs, err
		}
	}
	return nil, nil
}

// Probe is one row of a provider's table.
type Probe struct {
	Name    string
	Sources []Source
	// Args are the probe's arguments as -lv and the checker see them.
	Args []provider.Arg
}

// Provider is a stable provider defined by its table.
type Provider struct {
	name, module string
	attrs        provider.Attrs
	probes       []Probe
}

// New returns the provider name whose probes are name:module::PROBE.
func New(name, module string, attrs provider.Attrs, probes []Probe) *Provider {
	return &Provider{name: name, module: module, attrs: attrs, probes: probes}
}

func (p *Provider) Name() string { return p.name }

// MayMatch looks the description up in the provider's table.
func (p *Provider) MayMatch(d provider.Desc) bool {
	for _, pr := range p.probes {
		if d.Matches(provider.Desc{Provider: p.name, Module: p.module, Name: pr.Name}) {
			return true
		}
	}
	return false
}

// Populate adds, in table order, the probes with a tracepoint on this
// kernel.
func (p *Provider) Populate(t *provider.Table) error {
	tf, err := feature.Tracefs()
	if errors.Is(err, feature.ErrNotSupported) {
		return nil
	}
	if err != nil {
		return err
	}
	noKprobes := feature.Kprobes.Check() != nil
	for i := range p.probes {
		pr := &p.probes[i]
		d := provider.Desc{Provider: p.name, Module: p.module, Name: pr.Name}
		added, wantsKprobes := false, false
		for _, s := range pr.Sources {
			if s.Functions != nil {
				wantsKprobes = true
				fs, err := s.functions()
				if err != nil {
					return err
				}
				if len(fs) > 0 {
					added = true
					break
				}
				continue
			}
			_, err := os.Stat(filepath.Join(tf, "events", s.Group, s.Tracepoint))
			if err == nil {
				added = true
				break
			}
			if !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
		switch {
		case added:
			t.Add(p, d, pr)
		case wantsKprobes && noKprobes:
			// The user who names it learns why it matches nothing.
			t.AddAbsent(d, "needs kprobes, which this kernel lacks")
		}
	}
	return nil
}

// Provide adds nothing: every probe exists from Populate.
func (*Provider) Provide(*provider.Table, provider.Desc) error { return nil }

func (p *Provider) probe(pr *provider.Probe) (*Probe, error) {
	sp, ok := pr.Data.(*Probe)
	if !ok {
		return nil, fmt.Errorf("probe %s is not a %s probe", pr.Desc, p.name)
	}
	return sp, nil
}

func (p *Provider) Info(pr *provider.Probe) (provider.Info, error) {
	sp, err := p.probe(pr)
	if err != nil {
		return provider.Info{}, err
	}
	return provider.Info{Attrs: p.attrs, Args: sp.Args}, nil
}

// Plan makes one unit per raw tracepoint: it fires, in turn, every
// enabled probe with a source on that tracepoint, so sched::: attaches
// once to sched_switch rather than once per probe. Function sources get
// a unit per function, entry and return apart.
func (p *Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	var units []*unit
	var kunits []*kprobeUnit
	for _, e := range enabled {
		sp, err := p.probe(e.Probe)
		if err != nil {
			return nil, err
		}
		n := 0
		for _, s := range sp.Sources {
			if s.Functions != nil {
				fs, err := s.functions()
				if err != nil {
					return nil, err
				}
				for _, fn := range fs {
					i := slices.IndexFunc(kunits, func(u *kprobeUnit) bool { return u.fn == fn && u.ret == s.Return })
					if i < 0 {
						kunits = append(kunits, &kprobeUnit{prov: p.name, fn: fn, ret: s.Return})
						i = len(kunits) - 1
					}
					kunits[i].firings = append(kunits[i].firings, firing{e, s.Rewrite, ""})
					n++
				}
				continue
			}
			types, err := tracepoint.Prototype(s.Tracepoint)
			if errors.Is(err, tracepoint.ErrNoPrototype) {
				continue
			}
			if err != nil {
				return nil, err
			}
			i := slices.IndexFunc(units, func(u *unit) bool { return u.tp == s.Tracepoint })
			if i < 0 {
				units = append(units, &unit{prov: p.name, tp: s.Tracepoint, nargs: len(types)})
				i = len(units) - 1
			}
			n++
			if s.Shared != "" && slices.ContainsFunc(units[i].firings, func(f firing) bool { return f.shared == s.Shared }) {
				continue
			}
			units[i].firings = append(units[i].firings, firing{e, s.Rewrite, s.Shared})
		}
		if n == 0 {
			return nil, fmt.Errorf("probe %s: no tracepoint or function of it on this kernel", e.Probe.Desc)
		}
	}
	out := make([]provider.Unit, 0, len(units)+len(kunits))
	for _, u := range units {
		out = append(out, u)
	}
	for _, u := range kunits {
		out = append(out, u)
	}
	return out, nil
}

// firing is one enabled probe a unit fires, after its rewrite.
type firing struct {
	provider.Enabled
	rewrite Step
	shared  string
}

// unit is the program of one raw tracepoint.
type unit struct {
	prov    string
	tp      string
	nargs   int
	firings []firing
}

func (u *unit) Name() string {
	name := fmt.Sprintf("dt_%.4s_%s", u.prov, u.tp)
	return name[:min(len(name), 15)]
}
func (*unit) ProgramType() ebpf.ProgramType { return ebpf.RawTracepoint }
func (*unit) AttachType() ebpf.AttachType   { return ebpf.AttachNone }
func (*unit) Phase() provider.Phase         { return provider.PhaseTrace }
func (u *unit) Tracepoint() (string, bool)  { return u.tp, true }

func (u *unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	c, err := tracepoint.AttachRaw(u.tp, prog)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", u.prov, err)
	}
	return c, nil
}

// Trampoline fires each probe in turn, each from the tracepoint's own
// arguments: a rewrite that skips its probe goes on to the next.
func (u *unit) Trampoline(b *bpfrt.Builder) error {
	return fireEach(b, u.firings, u.tp, func() { tracepoint.LoadRawArgs(b, u.nargs) })
}

// fireEach fires each of firings in turn on the source named where: it
// loads the source's arguments into args[] with load, runs the rewrite
// (which may skip to the next) and fires the probe.
func fireEach(b *bpfrt.Builder, firings []firing, where string, load func()) error {
	for _, f := range firings {
		next := b.Label("stable_next")
		load()
		if f.rewrite != nil {
			if err := f.rewrite(b, next); err != nil {
				return fmt.Errorf("%s on %s: %w", f.Probe.Desc, where, err)
			}
		}
		b.Fire(f.Probe.Ref(), provider.PhaseTrace.Activity(), f.Stmts)
		b.Mark(next)
	}
	return nil
}

// Attrs are the attributes Oracle's DTrace gives its SDT-style providers
// (proc, sched, io, ...): the sdt provider's own, as those providers are
// tracepoints described by hand.
var Attrs = tracepoint.Attrs

// Arg is a native argument (translated "" when D sees the native type)
// made from native argument mapping.
func Arg(native, translated string, mapping int) provider.Arg {
	return provider.Arg{Native: native, Translated: translated, Mapping: mapping}
}
