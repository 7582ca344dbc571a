package dtrace

import (
	"fmt"
	"io"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
)

// The probe names, in the order that gives them ids 1, 2 and 3.
const (
	Begin = "BEGIN"
	End   = "END"
	Error = "ERROR"
)

// Provider is the dtrace provider.
type Provider struct{}

// New returns the dtrace provider.
func New() *Provider { return &Provider{} }

func (*Provider) Name() string { return "dtrace" }

func (p *Provider) Populate(t *provider.Table) error {
	for _, n := range []string{Begin, End, Error} {
		t.Add(p, provider.Desc{Provider: "dtrace", Name: n}, nil)
	}
	return nil
}

// Provide adds nothing: all dtrace probes exist from Populate.
func (*Provider) Provide(*provider.Table, provider.Desc) error { return nil }

var attrs = provider.Attrs{
	Provider: provider.Attr{Name: provider.Stable, Data: provider.Stable, Class: provider.ClassCommon},
	Module:   provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Function: provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Name:     provider.Attr{Name: provider.Stable, Data: provider.Stable, Class: provider.ClassCommon},
	Args:     provider.Attr{Name: provider.Stable, Data: provider.Stable, Class: provider.ClassCommon},
}

// Info: BEGIN and END have no arguments; ERROR's are untyped uint64s,
// as in DTrace, so only attributes are given.
func (*Provider) Info(*provider.Probe) (provider.Info, error) {
	return provider.Info{Attrs: attrs}, nil
}

// Plan gives BEGIN and END one unit each; ERROR gets none.
func (*Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	var units []provider.Unit
	for _, e := range enabled {
		switch e.Probe.Name {
		case Begin:
			units = append(units, &unit{e: e, phase: provider.PhaseBegin})
		case End:
			units = append(units, &unit{e: e, phase: provider.PhaseEnd})
		case Error:
		default:
			return nil, fmt.Errorf("dtrace provider has no probe %s", e.Probe.Desc)
		}
	}
	return units, nil
}

type unit struct {
	e     provider.Enabled
	phase provider.Phase
}

func (u *unit) Name() string                { return "dt_" + u.e.Probe.Name }
func (*unit) ProgramType() ebpf.ProgramType { return ebpf.RawTracepoint }
func (*unit) AttachType() ebpf.AttachType   { return ebpf.AttachNone }
func (u *unit) Phase() provider.Phase       { return u.phase }
func (*unit) Attach(*ebpf.Program) (io.Closer, error) {
	return nil, fmt.Errorf("dtrace probes are fired, not attached")
}

// Trampoline zeroes the arguments: BEGIN and END have none.
func (u *unit) Trampoline(b *bpfrt.Builder) error {
	for i := range bpfrt.NumArgs {
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
	}
	b.Fire(u.e.Probe.Ref(), u.phase.Activity(), u.e.Stmts)
	return nil
}
