package rawtp

import (
	"errors"
	"fmt"
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/sdt"
)

// Provider is the rawtp provider.
type Provider struct{}

// New returns the rawtp provider.
func New() *Provider { return &Provider{} }

func (*Provider) Name() string { return "rawtp" }

// MayMatch answers a description naming one tracepoint without listing
// them all.
func (*Provider) MayMatch(d provider.Desc) bool { return sdt.MayBeEvent(d) }

// ftraceGroup holds ftrace's syscall events, which are no raw
// tracepoints (those are sys_enter and sys_exit, in group raw_syscalls).
const ftraceGroup = "syscalls"

// Populate lists every tracepoint event outside the syscalls group.
func (p *Provider) Populate(t *provider.Table) error {
	evs, err := sdt.Events()
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

var attrs = provider.Attrs{
	Provider: provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
	Module:   provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Function: provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Name:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
	Args:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
}

func event(p *provider.Probe) (sdt.Event, error) {
	e, ok := p.Data.(sdt.Event)
	if !ok {
		return sdt.Event{}, fmt.Errorf("probe %s is not a rawtp probe", p.Desc)
	}
	return e, nil
}

// Info types args[] from the BTF prototype; an event BTF has none for
// (not a raw tracepoint after all) is listed untyped, as enabling it
// reports.
func (*Provider) Info(p *provider.Probe) (provider.Info, error) {
	e, err := event(p)
	if err != nil {
		return provider.Info{}, err
	}
	types, err := Prototype(e.Name)
	if errors.Is(err, ErrNoPrototype) {
		return provider.Info{Attrs: attrs}, nil
	}
	if err != nil {
		return provider.Info{}, err
	}
	info := provider.Info{Attrs: attrs}
	for i, t := range types[:min(len(types), bpfrt.NumArgs)] {
		info.Args = append(info.Args, provider.Arg{Native: TypeName(t), Mapping: i})
	}
	return info, nil
}

// Plan gives each enabled probe its own program on its raw tracepoint.
func (*Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	units := make([]provider.Unit, 0, len(enabled))
	for _, en := range enabled {
		e, err := event(en.Probe)
		if err != nil {
			return nil, err
		}
		types, err := Prototype(e.Name)
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

func (u *unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	return Attach(u.tp, prog)
}

// Attach attaches prog to the raw tracepoint tp.
func Attach(tp string, prog *ebpf.Program) (io.Closer, error) {
	l, err := link.AttachRawTracepoint(link.RawTracepointOptions{Name: tp, Program: prog})
	if err != nil {
		return nil, fmt.Errorf("raw tracepoint %s: %w", tp, err)
	}
	return l, nil
}

func (u *unit) Trampoline(b *bpfrt.Builder) error {
	LoadArgs(b, u.nargs)
	b.Fire(u.e.Probe.Ref(), u.Phase().Activity(), u.e.Stmts)
	return nil
}

// LoadArgs emits code that copies the first nargs raw tracepoint
// arguments into args[] and zeroes the others. It reads no further than
// nargs: the kernel refuses to attach a program that reads past the
// tracepoint's arguments.
func LoadArgs(b *bpfrt.Builder, nargs int) {
	n := min(nargs, bpfrt.NumArgs)
	for i := range n {
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegCtx, int16(8*i), asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R0, asm.DWord))
	}
	for i := n; i < bpfrt.NumArgs; i++ {
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
	}
}
