package fbt

import (
	"fmt"
	"io"
	"slices"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/kprobe"
)

// unitMax is the most probes one kprobe program serves. A unit's
// program does not grow with its probes (the attach cookie says which
// fired), so the bound is the kernel's on one kprobe.multi link
// (MAX_KPROBE_MULTI_CNT, 1<<20); fbt:::entry is one unit.
const unitMax = 1 << 20

// Plan puts entry and return probes in separate units, in the order they
// were enabled: one fentry (or fexit) unit a probe where Auto or Backend
// chooses fentry, and kprobe units for the others, one for each set of
// probes that run the same clauses.
func (p *Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	if err := p.available(); err != nil {
		return nil, err
	}
	var entries, returns []provider.Enabled
	for _, e := range enabled {
		d, ok := e.Probe.Data.(*probe)
		if !ok {
			return nil, fmt.Errorf("probe %s is not an %s probe", e.Probe.Desc, p.name)
		}
		if d.entry {
			entries = append(entries, e)
		} else {
			returns = append(returns, e)
		}
	}
	kprobes := feature.Kprobes.Check() == nil
	multi := p.Backend != Kprobe && feature.KprobeMulti.Check() == nil
	var units []provider.Unit
	name := func(kind byte) string { return fmt.Sprintf("dt_%s_%c%d", p.name, kind, len(units)) }
	for _, set := range []struct {
		probes []provider.Enabled
		entry  bool
	}{{entries, true}, {returns, false}} {
		fentry, err := p.useFentry(len(set.probes), kprobes)
		if err != nil {
			return nil, err
		}
		var rest []provider.Enabled
		for _, e := range set.probes {
			if !fentry {
				rest = append(rest, e)
				continue
			}
			t, nargs, err := fentryTarget(e.Probe.Data.(*probe).fn, set.entry)
			switch {
			case err == nil:
				units = append(units, &fentryUnit{name: name("fe"[b2i(set.entry)]), entry: set.entry, target: t, nargs: nargs, probe: e})
			case kprobes && p.Backend == Auto:
				rest = append(rest, e)
			default:
				return nil, fmt.Errorf("%s: %w", e.Probe.Desc, err)
			}
		}
		for _, g := range provider.SameClauses(rest) {
			probes := make([]provider.Enabled, len(g))
			for k, i := range g {
				probes[k] = rest[i]
			}
			for c := range slices.Chunk(probes, unitMax) {
				units = append(units, &unit{name: name("re"[b2i(set.entry)]), entry: set.entry, multi: multi, probes: c})
			}
		}
	}
	return units, nil
}

// useFentry says whether n probes of one kind go to fentry: when Backend
// says so, or when Auto finds BPF trampolines and n at most fentryMax, or
// the kernel has no kprobes.
func (p *Provider) useFentry(n int, kprobes bool) (bool, error) {
	switch p.Backend {
	case Fentry:
		return true, feature.Fentry.Check()
	case Kprobe, KprobeMulti:
		return false, feature.Kprobes.Check()
	}
	if p.raw || feature.Fentry.Check() != nil {
		return false, nil
	}
	return n <= fentryMax || !kprobes, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unit is one kprobe program serving entry or return probes that run
// the same clauses. Each attachment's cookie says which probe fired: its
// probe id in the upper 32 bits, its index in probes in the lower.
type unit struct {
	name   string
	entry  bool
	multi  bool
	probes []provider.Enabled
}

func (u *unit) Name() string                { return u.name }
func (*unit) ProgramType() ebpf.ProgramType { return ebpf.Kprobe }
func (*unit) Phase() provider.Phase         { return provider.PhaseTrace }

func (u *unit) AttachType() ebpf.AttachType {
	if u.multi {
		return ebpf.AttachTraceKprobeMulti
	}
	return ebpf.AttachNone
}

// cookie is the attach cookie of probes[i].
func (u *unit) cookie(i int) uint64 { return uint64(u.probes[i].Probe.ID)<<32 | uint64(i) }

// Attach attaches prog to every function of the unit, each with its
// cookie: in one kprobe.multi link when the kernel has them, else one
// kprobe (or kretprobe) each.
func (u *unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	syms := make([]string, len(u.probes))
	cookies := make([]uint64, len(u.probes))
	for i, e := range u.probes {
		syms[i], cookies[i] = e.Probe.Function, u.cookie(i)
	}
	if u.multi {
		opts := link.KprobeMultiOptions{Symbols: syms, Cookies: cookies}
		attach := link.KretprobeMulti
		if u.entry {
			attach = link.KprobeMulti
		}
		l, err := attach(prog, opts)
		if err != nil {
			return nil, fmt.Errorf("%s: kprobe.multi on %d functions: %w", u.name, len(syms), err)
		}
		return l, nil
	}
	var ls provider.Links
	for i, s := range syms {
		attach := link.Kretprobe
		if u.entry {
			attach = link.Kprobe
		}
		l, err := attach(s, prog, &link.KprobeOptions{Cookie: cookies[i]})
		if err != nil {
			ls.Close()
			return nil, fmt.Errorf("%s: kprobe on %s: %w", u.name, s, err)
		}
		ls = append(ls, l)
	}
	return ls, nil
}

// Trampoline returns at once unless tracing is active, else copies the
// arguments from the registers the kprobe context points at, then fires
// the probe the attach cookie names: the program is the same size
// whatever the number of probes, so the verifier's work does not grow
// with them.
func (u *unit) Trampoline(b *bpfrt.Builder) error {
	b.ExitUnless(u.Phase().Activity())
	if u.entry {
		kprobe.LoadArgs(b, true)
	} else {
		// DTrace's return probes: the offset (-1 here) in arg0, the
		// return value in arg1.
		kprobe.LoadArgs(b, false)
		b.Emit(
			asm.LoadMem(asm.R1, bpfrt.RegScratch, bpfrt.MstArg(0), asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(1), asm.R1, asm.DWord),
			bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(0), -1))
	}
	b.Emit(
		asm.Mov.Reg(asm.R1, bpfrt.RegCtx),
		asm.FnGetAttachCookie.Call(),
		asm.Mov.Reg(asm.R9, asm.R0),
		asm.LSh.Imm(asm.R9, 32),
		asm.RSh.Imm(asm.R9, 32),
		asm.RSh.Imm(asm.R0, 32),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstPRID, asm.R0, asm.Word))
	refs := make([]bpfrt.ProbeRef, len(u.probes))
	for i, e := range u.probes {
		refs[i] = e.Probe.Ref()
	}
	b.FireIndexed(refs, u.Phase().Activity(), u.probes[0].Stmts)
	return nil
}
