package fbt

import (
	"fmt"
	"io"
	"slices"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
)

// unitMax is the most probes one program serves. The verifier's time
// grows with the square of a unit's probes (measured in the VM: 1.5s for
// 599 probes, 30s for 2395), while each unit adds a link whose attaching
// costs a near-fixed time, so the total for fbt:::entry is least near 300
// probes a unit. (The hard limit, from the 16-bit jump offsets of BPF, is
// about 5000.)
const unitMax = 256

// maxArgs is how many arguments the x86-64 calling convention passes in
// registers, the ones an entry probe can give.
const maxArgs = 6

// x86-64 pt_regs offsets of the argument registers (rdi, rsi, rdx, rcx,
// r8, r9) and of rax, the return value.
var argRegs = [maxArgs]int16{112, 104, 96, 88, 72, 64}

const regAX = 80

// Plan puts entry and return probes in separate units of at most unitMax
// probes each, in the order they were enabled.
func (p *Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	if err := backend(); err != nil {
		return nil, err
	}
	multi := !p.PerFunction && KprobeMulti.Check() == nil
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
	var units []provider.Unit
	for _, set := range []struct {
		probes []provider.Enabled
		entry  bool
	}{{entries, true}, {returns, false}} {
		for c := range slices.Chunk(set.probes, unitMax) {
			units = append(units, &unit{
				name:   fmt.Sprintf("dt_%s_%c%d", p.name, "re"[b2i(set.entry)], len(units)),
				entry:  set.entry,
				multi:  multi,
				probes: c,
			})
		}
	}
	return units, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// unit is one kprobe program serving entry or return probes; a probe's
// cookie is its index in probes.
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

// Attach attaches prog to every function of the unit, each with its
// probe's index as the cookie: in one kprobe.multi link when the kernel
// has them, else one kprobe (or kretprobe) each.
func (u *unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	syms := make([]string, len(u.probes))
	for i, e := range u.probes {
		syms[i] = e.Probe.Function
	}
	if u.multi {
		cookies := make([]uint64, len(syms))
		for i := range cookies {
			cookies[i] = uint64(i)
		}
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
		l, err := attach(s, prog, &link.KprobeOptions{Cookie: uint64(i)})
		if err != nil {
			ls.Close()
			return nil, fmt.Errorf("%s: kprobe on %s: %w", u.name, s, err)
		}
		ls = append(ls, l)
	}
	return ls, nil
}

// Trampoline copies the arguments from the registers the kprobe context
// points at, then dispatches on the attach cookie.
func (u *unit) Trampoline(b *bpfrt.Builder) error {
	if u.entry {
		for i, off := range argRegs {
			b.Emit(
				asm.LoadMem(asm.R1, bpfrt.RegCtx, off, asm.DWord),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R1, asm.DWord))
		}
	} else {
		b.Emit(
			bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(0), -1),
			asm.LoadMem(asm.R1, bpfrt.RegCtx, regAX, asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(1), asm.R1, asm.DWord))
		for i := 2; i < maxArgs; i++ {
			b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
		}
	}
	for i := maxArgs; i < bpfrt.NumArgs; i++ {
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
	}
	b.Emit(
		asm.Mov.Reg(asm.R1, bpfrt.RegCtx),
		asm.FnGetAttachCookie.Call(),
		asm.Mov.Reg(asm.R9, asm.R0))
	entries := make([]string, len(u.probes))
	cookies := make([]int32, len(u.probes))
	for i := range entries {
		entries[i], cookies[i] = b.Label("fbt_probe"), int32(i)
	}
	provider.Dispatch(b, cookies, entries)
	provider.FireGroups(b, u.probes, entries, u.Phase())
	return nil
}
