package perfevent

import (
	"errors"
	"fmt"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/internal/ptregs"
	"github.com/godtrace/godtrace/provider"
)

// Attrs are the attributes DTrace gives the probes of its perf event
// providers, profile and cpc.
var Attrs = provider.Attrs{
	Provider: provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassCommon},
	Module:   provider.Attr{Name: provider.Unstable, Data: provider.Unstable, Class: provider.ClassUnknown},
	Function: provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Name:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassCommon},
	Args:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassCommon},
}

// Unit is the part of a perf event program's unit that does not depend
// on the event: a provider's unit embeds it and adds Name and Attach.
type Unit struct {
	provider.Enabled
}

func (*Unit) ProgramType() ebpf.ProgramType { return ebpf.PerfEvent }
func (*Unit) AttachType() ebpf.AttachType   { return ebpf.AttachPerfEvent }
func (*Unit) Phase() provider.Phase         { return provider.PhaseTrace }

// Trampoline fires the probe with arg0 the kernel PC and arg1 the user
// PC of the interrupted context, the one that does not apply being 0
// (the CPL in CS on x86-64, the exception level in PSTATE on arm64, says
// which; struct bpf_perf_event_data starts with the pt_regs), and the other arguments cleared, as
// DTrace's profile and cpc probes have them.
func (u *Unit) Trampoline(b *bpfrt.Builder) error {
	user, fire := b.Label("perf_user"), b.Label("perf_fire")
	b.Emit(
		asm.LoadMem(asm.R1, bpfrt.RegCtx, ptregs.PC, asm.DWord),
		asm.LoadMem(asm.R2, bpfrt.RegCtx, ptregs.Mode, asm.DWord),
		asm.And.Imm(asm.R2, ptregs.ModeMask),
		asm.JEq.Imm(asm.R2, ptregs.ModeUser, user),
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
	b.Fire(u.Probe.Ref(), u.Phase().Activity(), u.Stmts)
	return nil
}

// Attr returns the attributes of a disabled sampling event of type typ
// and config that overflows every period occurrences; the caller may add
// exclusion bits before opening it.
func Attr(typ uint32, config, period uint64) unix.PerfEventAttr {
	return unix.PerfEventAttr{
		Type:   typ,
		Config: config,
		Size:   uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Sample: period,
		Bits:   unix.PerfBitDisabled,
	}
}

// Open opens the event attr describes, for pid on cpu as
// perf_event_open(2) takes them, closing on exec.
func Open(attr *unix.PerfEventAttr, pid, cpu int) (int, error) {
	fd, err := unix.PerfEventOpen(attr, pid, cpu, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return -1, fmt.Errorf("perf_event_open: %w", err)
	}
	return fd, nil
}

// Attachment is the perf events of one unit and the links of its program
// to them; the zero value has none.
type Attachment struct {
	fds   []int
	links provider.Links
}

// Attach links prog to the perf event fd and enables it. The attachment
// owns fd from then on, even when Attach fails: Close closes it.
func (a *Attachment) Attach(prog *ebpf.Program, fd int) error {
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
func (a *Attachment) Close() error {
	errs := []error{a.links.Close()}
	for _, fd := range a.fds {
		errs = append(errs, unix.Close(fd))
	}
	a.links, a.fds = nil, nil
	return errors.Join(errs...)
}

// Plan gives each enabled probe its own unit, as each has its own event
// and period: newUnit makes it from the shared part and the probe's data,
// which must be a *P (the provider named prov made the probe).
func Plan[P any](enabled []provider.Enabled, prov string, newUnit func(Unit, *P) provider.Unit) ([]provider.Unit, error) {
	units := make([]provider.Unit, 0, len(enabled))
	for _, e := range enabled {
		pr, ok := e.Probe.Data.(*P)
		if !ok {
			return nil, fmt.Errorf("probe %s is not a %s probe", e.Probe.Desc, prov)
		}
		units = append(units, newUnit(Unit{Enabled: e}, pr))
	}
	return units, nil
}
