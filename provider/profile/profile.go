package profile

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
)

const (
	prefixProfile = "profile-"
	prefixTick    = "tick-"
)

// The probes DTrace creates up front.
var (
	profileRates = []int{97, 199, 499, 997, 1999, 4001, 4999}
	tickRates    = []int{1, 10, 100, 500, 1000, 5000}
)

// probe is the provider data of one probe.
type probe struct {
	tick   bool   // fires on one CPU
	period uint64 // ns
}

// Provider is the profile provider.
type Provider struct{}

// New returns the profile provider.
func New() *Provider { return &Provider{} }

func (*Provider) Name() string { return "profile" }

func (p *Provider) Populate(t *provider.Table) error {
	for _, r := range profileRates {
		p.add(t, fmt.Sprintf("%s%d", prefixProfile, r))
	}
	for _, r := range tickRates {
		p.add(t, fmt.Sprintf("%s%d", prefixTick, r))
	}
	return nil
}

// add adds the probe name if it is a valid profile or tick name.
func (p *Provider) add(t *provider.Table, name string) {
	var pr probe
	var rest string
	switch {
	case strings.HasPrefix(name, prefixProfile):
		rest = name[len(prefixProfile):]
	case strings.HasPrefix(name, prefixTick):
		pr.tick, rest = true, name[len(prefixTick):]
	default:
		return
	}
	if pr.period = parsePeriod(rest); pr.period == 0 {
		return
	}
	t.Add(p, provider.Desc{Provider: "profile", Name: name}, &pr)
}

// Provide creates the probe d names when it is an exact profile or tick
// name with empty module and function, as DTrace does.
func (p *Provider) Provide(t *provider.Table, d provider.Desc) error {
	if d.Module != "" || d.Function != "" || provider.IsGlob(d.Name) {
		return nil
	}
	p.add(t, d.Name)
	return nil
}

var attrs = provider.Attrs{
	Provider: provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassCommon},
	Module:   provider.Attr{Name: provider.Unstable, Data: provider.Unstable, Class: provider.ClassUnknown},
	Function: provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Name:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassCommon},
	Args:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassCommon},
}

// Info: profile arguments are untyped, as in DTrace.
func (*Provider) Info(*provider.Probe) (provider.Info, error) {
	return provider.Info{Attrs: attrs}, nil
}

// Plan gives each enabled probe its own unit: each has its own period.
func (*Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	units := make([]provider.Unit, 0, len(enabled))
	for _, e := range enabled {
		pr, ok := e.Probe.Data.(*probe)
		if !ok {
			return nil, fmt.Errorf("probe %s is not a profile probe", e.Probe.Desc)
		}
		units = append(units, &unit{e: e, pr: pr})
	}
	return units, nil
}

type unit struct {
	e  provider.Enabled
	pr *probe
}

func (u *unit) Name() string                { return fmt.Sprintf("dt_prof%d", u.e.Probe.ID) }
func (*unit) ProgramType() ebpf.ProgramType { return ebpf.PerfEvent }
func (*unit) AttachType() ebpf.AttachType   { return ebpf.AttachPerfEvent }
func (*unit) Phase() provider.Phase         { return provider.PhaseTrace }

// Offsets in struct bpf_perf_event_data (x86-64 pt_regs first).
const (
	regsIP = 16 * 8
	regsCS = 17 * 8
)

// Trampoline sets arg0 to the kernel PC and arg1 to the user PC, the one
// that does not apply being 0 (the CPL in CS says which), and clears the
// other arguments.
func (u *unit) Trampoline(b *bpfrt.Builder) error {
	user, fire := b.Label("prof_user"), b.Label("prof_fire")
	b.Emit(
		asm.LoadMem(asm.R1, bpfrt.RegCtx, regsIP, asm.DWord),
		asm.LoadMem(asm.R2, bpfrt.RegCtx, regsCS, asm.DWord),
		asm.And.Imm(asm.R2, 3),
		asm.JNE.Imm(asm.R2, 0, user),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(0), asm.R1, asm.DWord),
		bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(1), 0),
		asm.Ja.Label(fire),
		bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(0), 0).WithSymbol(user),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(1), asm.R1, asm.DWord),
	)
	for i := 2; i < bpfrt.NumArgs; i++ {
		ins := bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0)
		if i == 2 {
			ins = ins.WithSymbol(fire)
		}
		b.Emit(ins)
	}
	b.Fire(u.e.Probe.Ref(), u.Phase().Activity(), u.e.Stmts)
	return nil
}

// Attach opens a cpu-clock perf event on each CPU the probe fires on (one
// random online CPU for tick, as DTrace does) and links the program to it.
func (u *unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	cpus, err := onlineCPUs()
	if err != nil {
		return nil, fmt.Errorf("profile: online cpus: %w", err)
	}
	if u.pr.tick {
		cpus = []int{cpus[rand.IntN(len(cpus))]}
	}
	a := &attachment{}
	for _, cpu := range cpus {
		if err := a.attach(prog, cpu, u.pr.period); err != nil {
			a.Close()
			return nil, fmt.Errorf("profile: %s on cpu %d: %w", u.e.Probe.Name, cpu, err)
		}
	}
	return a, nil
}

// attachment is the perf events and links of one unit.
type attachment struct {
	fds   []int
	links []link.Link
}

func (a *attachment) attach(prog *ebpf.Program, cpu int, period uint64) error {
	attr := unix.PerfEventAttr{
		Type:   unix.PERF_TYPE_SOFTWARE,
		Config: unix.PERF_COUNT_SW_CPU_CLOCK,
		Size:   uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Sample: period,
		Bits:   unix.PerfBitDisabled,
	}
	fd, err := unix.PerfEventOpen(&attr, -1, cpu, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return fmt.Errorf("perf_event_open: %w", err)
	}
	a.fds = append(a.fds, fd)
	l, err := link.AttachRawLink(link.RawLinkOptions{Target: fd, Program: prog, Attach: ebpf.AttachPerfEvent})
	if err != nil {
		return fmt.Errorf("link: %w", err)
	}
	a.links = append(a.links, l)
	if err := unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_ENABLE, 0); err != nil {
		return fmt.Errorf("enable: %w", err)
	}
	return nil
}

// Close detaches the program and closes the perf events.
func (a *attachment) Close() error {
	var errs []error
	for _, l := range a.links {
		errs = append(errs, l.Close())
	}
	for _, fd := range a.fds {
		errs = append(errs, unix.Close(fd))
	}
	a.links, a.fds = nil, nil
	return errors.Join(errs...)
}
