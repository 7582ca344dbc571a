package pid

import (
	"fmt"
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
)

// Site is one uprobe of a unit: an enabled probe at an instruction of an
// ELF file.
type Site struct {
	provider.Enabled
	// Path is the ELF file and Offset the file offset of the instruction.
	Path   string
	Offset uint64
	// Return places a uretprobe on the function at Offset.
	Return bool
	// PID limits the uprobe to one process; 0 means every process that
	// maps Path.
	PID int
	// RefCtr is the file offset of a USDT semaphore the kernel increments
	// while the uprobe is attached, 0 for none.
	RefCtr uint64
	// Args emits the code that fills the machine state arguments from the
	// pt_regs in bpfrt.RegCtx. It may use R0-R5 only.
	Args func(b *bpfrt.Builder) error
}

// Unit is one program serving any number of uprobe sites. Each site is
// attached with its index as the BPF cookie, and the trampoline dispatches
// on bpf_get_attach_cookie(), so one program (and one verification)
// serves every probe of a provider however many sites it has.
type Unit struct {
	name  string
	sites []Site
}

// NewUnit returns the unit of sites; name is the program name.
func NewUnit(name string, sites []Site) *Unit { return &Unit{name: name, sites: sites} }

func (u *Unit) Name() string                { return u.name }
func (*Unit) ProgramType() ebpf.ProgramType { return ebpf.Kprobe }
func (*Unit) AttachType() ebpf.AttachType   { return ebpf.AttachNone }
func (*Unit) Phase() provider.Phase         { return provider.PhaseTrace }

// Trampoline: the context of a uprobe program is the user task's struct
// pt_regs, which clauses also get as their context (uregs[] reads it).
func (u *Unit) Trampoline(b *bpfrt.Builder) error {
	b.Emit(
		asm.Mov.Reg(asm.R1, bpfrt.RegCtx),
		asm.FnGetAttachCookie.Call(),
		asm.Mov.Reg(asm.R9, asm.R0),
	)
	blocks := make([]string, len(u.sites))
	entries := make([]string, len(u.sites))
	cookies := make([]int32, len(u.sites))
	for i := range u.sites {
		blocks[i], entries[i], cookies[i] = b.Label("up_site"), b.Label("up_fire"), int32(i)
	}
	provider.Dispatch(b, cookies, blocks)
	enabled := make([]provider.Enabled, len(u.sites))
	for i, s := range u.sites {
		b.Mark(blocks[i])
		if err := s.Args(b); err != nil {
			return fmt.Errorf("probe %s: %w", s.Probe.Desc, err)
		}
		b.Emit(asm.Ja.Label(entries[i]))
		enabled[i] = s.Enabled
	}
	provider.FireGroups(b, enabled, entries, u.Phase())
	return nil
}

// Attach places every site's uprobe, each with its index as cookie.
func (u *Unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	var ls provider.Links
	exes := map[string]*link.Executable{}
	for i, s := range u.sites {
		ex := exes[s.Path]
		if ex == nil {
			var err error
			if ex, err = link.OpenExecutable(s.Path); err != nil {
				ls.Close()
				return nil, fmt.Errorf("uprobe %s: %w", s.Probe.Desc, err)
			}
			exes[s.Path] = ex
		}
		opts := &link.UprobeOptions{Address: s.Offset, PID: s.PID, RefCtrOffset: s.RefCtr, Cookie: uint64(i)}
		attach := ex.Uprobe
		if s.Return {
			attach = ex.Uretprobe
		}
		l, err := attach("", prog, opts)
		if err != nil {
			ls.Close()
			return nil, fmt.Errorf("uprobe %s at %s+%#x: %w", s.Probe.Desc, s.Path, s.Offset, err)
		}
		ls = append(ls, l)
	}
	return ls, nil
}
