package sdt

import (
	"fmt"
	"io"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/tracepoint"
)

// Provider is the sdt provider.
type Provider struct{}

// New returns the sdt provider.
func New() *Provider { return &Provider{} }

func (*Provider) Name() string { return "sdt" }

// MayMatch answers a description naming one event without listing them
// all.
func (*Provider) MayMatch(d provider.Desc) bool { return tracepoint.MayBeEvent(d) }

// Populate lists every tracepoint event, in available_events order, but
// the syscalls group's: those are the syscall provider's probes, as in
// DTrace; Provide adds one when a description names it exactly.
func (p *Provider) Populate(t *provider.Table) error {
	evs, err := tracepoint.Events()
	if err != nil {
		return err
	}
	for _, e := range evs {
		if e.Group != syscallsGroup {
			t.Add(p, provider.Desc{Provider: "sdt", Module: e.Group, Name: e.Name}, e)
		}
	}
	return nil
}

// syscallsGroup is the tracepoint group of the system call events.
const syscallsGroup = "syscalls"

// Provide adds the syscalls event a description names exactly
// (sdt:syscalls::sys_enter_read), which Populate leaves out.
func (p *Provider) Provide(t *provider.Table, d provider.Desc) error {
	if d.Provider != "sdt" || d.Module != syscallsGroup || d.Function != "" || d.Name == "" || provider.IsGlob(d.Name) {
		return nil
	}
	if tracepoint.HasEvent(syscallsGroup, d.Name) {
		t.Add(p, provider.Desc{Provider: "sdt", Module: syscallsGroup, Name: d.Name}, tracepoint.Event{Group: syscallsGroup, Name: d.Name})
	}
	return nil
}

// Info types the arguments from the event's format.
func (*Provider) Info(p *provider.Probe) (provider.Info, error) {
	e, err := tracepoint.EventOf(p)
	if err != nil {
		return provider.Info{}, err
	}
	fields, err := tracepoint.Format(e.Group, e.Name)
	if err != nil {
		return provider.Info{}, err
	}
	info := provider.Info{Attrs: tracepoint.Attrs}
	for i, f := range fields[:min(len(fields), bpfrt.NumArgs)] {
		info.Args = append(info.Args, provider.Arg{Native: f.Type, Mapping: i})
	}
	return info, nil
}

// Plan gives each enabled probe its own program: each event has its own
// record layout.
func (*Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	units := make([]provider.Unit, 0, len(enabled))
	for _, en := range enabled {
		e, err := tracepoint.EventOf(en.Probe)
		if err != nil {
			return nil, err
		}
		fields, err := tracepoint.Format(e.Group, e.Name)
		if err != nil {
			return nil, err
		}
		units = append(units, &unit{e: en, ev: e, fields: fields})
	}
	return units, nil
}

type unit struct {
	e      provider.Enabled
	ev     tracepoint.Event
	fields []tracepoint.Field
}

func (u *unit) Name() string                { return fmt.Sprintf("dt_sdt%d", u.e.Probe.ID) }
func (*unit) ProgramType() ebpf.ProgramType { return ebpf.TracePoint }
func (*unit) AttachType() ebpf.AttachType   { return ebpf.AttachNone }
func (*unit) Phase() provider.Phase         { return provider.PhaseTrace }

// Tracepoint names the kernel tracepoint: the syscalls events are
// sys_enter and sys_exit, filtered by system call number.
func (u *unit) Tracepoint() (string, bool) {
	if u.ev.Group == syscallsGroup {
		if strings.HasPrefix(u.ev.Name, "sys_enter_") {
			return "sys_enter", false
		}
		return "sys_exit", false
	}
	return u.ev.Name, false
}

func (u *unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	l, err := link.Tracepoint(u.ev.Group, u.ev.Name, prog, nil)
	if err != nil {
		return nil, fmt.Errorf("sdt: tracepoint %s:%s: %w", u.ev.Group, u.ev.Name, err)
	}
	return l, nil
}

// Trampoline loads the fields from the event record into args[].
func (u *unit) Trampoline(b *bpfrt.Builder) error {
	n := min(len(u.fields), bpfrt.NumArgs)
	for i, f := range u.fields[:n] {
		tracepoint.LoadField(b, f, bpfrt.RegCtx)
		b.Emit(asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R0, asm.DWord))
	}
	for i := n; i < bpfrt.NumArgs; i++ {
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
	}
	b.Fire(u.e.Probe.Ref(), u.Phase().Activity(), u.e.Stmts)
	return nil
}
