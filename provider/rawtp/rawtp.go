package rawtp

import (
	"errors"
	"fmt"
	"io"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/tracepoint"
)

// Provider is the rawtp provider.
type Provider struct{}

// New returns the rawtp provider.
func New() *Provider { return &Provider{} }

func (*Provider) Name() string { return "rawtp" }

// MayMatch answers a description naming one tracepoint without listing
// them all.
func (*Provider) MayMatch(d provider.Desc) bool { return tracepoint.MayBeEvent(d) }

// ftraceGroup holds ftrace's syscall events, which are no raw
// tracepoints (those are sys_enter and sys_exit, in group raw_syscalls).
const ftraceGroup = "syscalls"

// Populate lists every tracepoint event outside the syscalls group.
func (p *Provider) Populate(t *provider.Table) error {
	evs, err := tracepoint.Events()
	if err != nil {
		return err
	}
	for _, e := range evs {
		if e.Group != ftraceGroup {
			t.Add(p, provider.Desc{Provider: "rawtp", Module: e.Group, Name: e.Name}, e)
		}
	}
	return nil
}

// Provide adds nothing: every probe exists from Populate.
func (*Provider) Provide(*provider.Table, provider.Desc) error { return nil }

// Info types args[] from the BTF prototype; an event BTF has none for
// (not a raw tracepoint after all) is listed untyped, as enabling it
// reports.
func (*Provider) Info(p *provider.Probe) (provider.Info, error) {
	e, err := tracepoint.EventOf(p)
	if err != nil {
		return provider.Info{}, err
	}
	types, err := tracepoint.Prototype(e.Name)
	if errors.Is(err, tracepoint.ErrNoPrototype) {
		return provider.Info{Attrs: tracepoint.Attrs}, nil
	}
	if err != nil {
		return provider.Info{}, err
	}
	info := provider.Info{Attrs: tracepoint.Attrs}
	for i, t := range types[:min(len(types), bpfrt.NumArgs)] {
		info.Args = append(info.Args, provider.Arg{Native: tracepoint.TypeName(t), Mapping: i})
	}
	return info, nil
}

// Plan gives each enabled probe its own program on its raw tracepoint.
func (*Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	units := make([]provider.Unit, 0, len(enabled))
	for _, en := range enabled {
		e, err := tracepoint.EventOf(en.Probe)
		if err != nil {
			return nil, err
		}
		types, err := tracepoint.Prototype(e.Name)
		if err != nil {
			return nil, err
		}
		units = append(units, &unit{e: en, tp: e.Name, nargs: len(types)})
	}
	return units, nil
}

type unit struct {
	e     provider.Enabled
	tp    string
	nargs int
}

func (u *unit) Name() string                { return fmt.Sprintf("dt_rawtp%d", u.e.Probe.ID) }
func (*unit) ProgramType() ebpf.ProgramType { return ebpf.RawTracepoint }
func (*unit) AttachType() ebpf.AttachType   { return ebpf.AttachNone }
func (*unit) Phase() provider.Phase         { return provider.PhaseTrace }
func (u *unit) Tracepoint() (string, bool)  { return u.tp, true }

func (u *unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	return tracepoint.AttachRaw(u.tp, prog)
}

func (u *unit) Trampoline(b *bpfrt.Builder) error {
	tracepoint.LoadRawArgs(b, u.nargs)
	b.Fire(u.e.Probe.Ref(), u.Phase().Activity(), u.e.Stmts)
	return nil
}
