package uprobe

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/provider"
)

// Attrs are the attributes DTrace gives its uprobe-based providers, the
// same for pid and USDT probes.
var Attrs = provider.Attrs{
	Provider: provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
	Module:   provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Function: provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Name:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassISA},
	Args:     provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
}

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
	// ArgsKey names what Args emits when it is the same for many sites
	// (pid's call, register and return arguments): sites with the same
	// key and the same clauses share one block of code. Empty when
	// Args is particular to the site (a USDT probe's operands).
	ArgsKey string
}

// Unit is one program serving any number of uprobe sites. Each site is
// attached with a BPF cookie that says which block of the program serves
// it, its index among that block's probes and its probe id, so one
// program (and one verification) serves every probe of a provider,
// however many sites it has: sites with the same argument code and the
// same clauses share a block, whose size does not depend on how many
// sites it serves (every function of every object of a process is tens
// of thousands of sites).
type Unit struct {
	name   string
	sites  []Site
	blocks [][]int // the sites of each block, by index in sites
	// multi attaches the sites of each file with one uprobe_multi link
	// (Linux 6.6) rather than a perf event each: 3,000 uprobes on libc
	// then take one system call to attach and one to detach.
	multi bool
}

// haveMulti says whether units attach with uprobe_multi links.
var haveMulti = func() bool { return feature.UprobeMulti.Check() == nil }

// PerSite makes the units made until restore is called attach a uprobe
// per site, as on kernels without uprobe_multi links: for the tests of
// the providers built on uprobes.
func PerSite() (restore func()) {
	old := haveMulti
	haveMulti = func() bool { return false }
	return func() { haveMulti = old }
}

// The attach cookie of a site: its block, its index among the block's
// probes, and its probe id.
const (
	cookieBlockShift = 48
	cookieIndexShift = 32
	maxBlockSites    = 1 << (cookieBlockShift - cookieIndexShift)
	maxBlocks        = 1 << (64 - cookieBlockShift)
)

// NewUnit returns the unit of sites; name is the program name.
func NewUnit(name string, sites []Site) *Unit {
	u := &Unit{name: name, sites: sites, multi: haveMulti()}
	type key struct {
		args  string
		group int
	}
	groups := provider.SameClauses(enabledOf(sites))
	inGroup := make([]int, len(sites))
	for g, members := range groups {
		for _, i := range members {
			inGroup[i] = g
		}
	}
	blockOf := map[key]int{}
	for i, s := range sites {
		k, shared := key{s.ArgsKey, inGroup[i]}, s.ArgsKey != ""
		b, ok := blockOf[k]
		if !shared || !ok || len(u.blocks[b]) == maxBlockSites {
			b = len(u.blocks)
			u.blocks = append(u.blocks, nil)
			if shared {
				blockOf[k] = b
			}
		}
		u.blocks[b] = append(u.blocks[b], i)
	}
	return u
}

func enabledOf(sites []Site) []provider.Enabled {
	e := make([]provider.Enabled, len(sites))
	for i := range sites {
		e[i] = sites[i].Enabled
	}
	return e
}

func (u *Unit) Name() string                { return u.name }
func (*Unit) ProgramType() ebpf.ProgramType { return ebpf.Kprobe }
func (u *Unit) AttachType() ebpf.AttachType {
	if u.multi {
		return ebpf.AttachTraceUprobeMulti
	}
	return ebpf.AttachNone
}
func (*Unit) Phase() provider.Phase { return provider.PhaseTrace }

// Trampoline: the context of a uprobe program is the user task's struct
// pt_regs, which clauses also get as their context (uregs[] reads it).
// The cookie's probe id goes to the machine state, its block number
// selects the block, which fills the arguments and fires the probes of
// the block by the cookie's index.
func (u *Unit) Trampoline(b *bpfrt.Builder) error {
	if len(u.blocks) > maxBlocks {
		return fmt.Errorf("%d uprobe blocks: at most %d", len(u.blocks), maxBlocks)
	}
	b.Emit(
		asm.Mov.Reg(asm.R1, bpfrt.RegCtx),
		asm.FnGetAttachCookie.Call(),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstPRID, asm.R0, asm.Word),
		asm.Mov.Reg(asm.R9, asm.R0),
		asm.RSh.Imm(asm.R9, cookieBlockShift),
	)
	labels := make([]string, len(u.blocks))
	keys := make([]int32, len(u.blocks))
	for i := range u.blocks {
		labels[i], keys[i] = b.Label("up_block"), int32(i)
	}
	// Dispatch compares R9 only: R0 still holds the cookie in each block.
	provider.Dispatch(b, keys, labels)
	for i, members := range u.blocks {
		b.Mark(labels[i])
		b.Emit(
			asm.Mov.Reg(asm.R9, asm.R0),
			asm.RSh.Imm(asm.R9, cookieIndexShift),
			asm.And.Imm(asm.R9, maxBlockSites-1),
		)
		first := u.sites[members[0]]
		// Args uses R0-R5 only: R9 keeps the index.
		if err := first.Args(b); err != nil {
			return fmt.Errorf("probe %s: %w", first.Probe.Desc, err)
		}
		refs := make([]bpfrt.ProbeRef, len(members))
		for k, m := range members {
			refs[k] = u.sites[m].Probe.Ref()
		}
		b.FireIndexed(refs, u.Phase().Activity(), first.Stmts)
	}
	return nil
}

// cookies returns each site's attach cookie.
func (u *Unit) cookies() []uint64 {
	c := make([]uint64, len(u.sites))
	for b, members := range u.blocks {
		for k, m := range members {
			c[m] = uint64(b)<<cookieBlockShift | uint64(k)<<cookieIndexShift | uint64(u.sites[m].Probe.Ref().ID)
		}
	}
	return c
}

// Attach places every site's uprobe, each with its cookie. A site the
// kernel cannot probe (an instruction uprobes cannot step, such as some
// padding) is left out and named in a *provider.PartialAttach, as long
// as some site is attached.
func (u *Unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	if u.multi {
		return u.attachMulti(prog)
	}
	cookies := u.cookies()
	var ls provider.Links
	var refused []provider.Refused
	byPath := map[string][]int{}
	var paths []string
	for i, s := range u.sites {
		if _, ok := byPath[s.Path]; !ok {
			paths = append(paths, s.Path)
		}
		byPath[s.Path] = append(byPath[s.Path], i)
	}
	var sites []int
	for _, p := range paths {
		sites = append(sites, u.leaveOutRefused(p, byPath[p], &refused)...)
	}
	exes := map[string]*link.Executable{}
	for _, i := range sites {
		s := u.sites[i]
		ex := exes[s.Path]
		if ex == nil {
			var err error
			if ex, err = link.OpenExecutable(s.Path); err != nil {
				ls.Close()
				return nil, fmt.Errorf("uprobe %s: %w", s.Probe.Desc, err)
			}
			exes[s.Path] = ex
		}
		opts := &link.UprobeOptions{Address: s.Offset, PID: s.PID, RefCtrOffset: s.RefCtr, Cookie: cookies[i]}
		attach := ex.Uprobe
		if s.Return {
			attach = ex.Uretprobe
		}
		l, err := attach("", prog, opts)
		if err != nil && siteRefused(err) {
			refused = append(refused, provider.Refused{Probe: s.Probe.Desc.String(), Where: fmt.Sprintf("%s+%#x", s.Path, s.Offset), Err: err})
			continue
		}
		if err != nil {
			ls.Close()
			return nil, fmt.Errorf("uprobe %s at %s+%#x: %w", s.Probe.Desc, s.Path, s.Offset, err)
		}
		ls = append(ls, l)
	}
	return attached(ls, refused)
}

// attached is what attaching ends with, links ls made and sites refused:
// with none refused, ls; with none attached, the first refusal as the
// error; else ls and the refusals as a PartialAttach.
func attached(ls provider.Links, refused []provider.Refused) (io.Closer, error) {
	switch {
	case len(refused) == 0:
		return ls, nil
	case len(ls) == 0:
		r := refused[0]
		return nil, fmt.Errorf("uprobe %s at %s: %w", r.Probe, r.Where, r.Err)
	}
	return ls, &provider.PartialAttach{Refused: refused}
}

// leaveOutRefused returns the sites of path whose instruction uprobes
// can take, as far as uprobeRefuses knows, and adds the others to
// refused.
func (u *Unit) leaveOutRefused(path string, sites []int, refused *[]provider.Refused) []int {
	f, err := os.Open(path)
	if err != nil {
		return sites // the attachment reports it
	}
	defer f.Close()
	kept := sites[:0:0]
	var code [16]byte
	for _, i := range sites {
		s := u.sites[i]
		n, _ := f.ReadAt(code[:], int64(s.Offset))
		if !uprobeRefuses(code[:n]) {
			kept = append(kept, i)
			continue
		}
		*refused = append(*refused, provider.Refused{Probe: s.Probe.Desc.String(), Where: fmt.Sprintf("%s+%#x", s.Path, s.Offset), Err: errStepInsn})
	}
	return kept
}

// multiChunk is how many sites a uprobe_multi link holds once the kernel
// has refused one for some site: a refused link costs the registration of
// the sites before the refused one, so pieces keep that small.
const multiChunk = 64

// siteRefused says whether err is the kernel refusing one probe site
// (ENOTSUPP: an instruction uprobes cannot handle; EINVAL: an offset
// that is not an instruction) rather than a failure of the whole unit.
func siteRefused(err error) bool {
	const enotsupp = syscall.Errno(524)
	return errors.Is(err, enotsupp) || errors.Is(err, syscall.EINVAL)
}

// attachMulti attaches the sites with one uprobe_multi link per file,
// kind (entry or return) and process. The kernel refuses a whole link
// for one site it cannot probe, after registering the sites before it:
// then the sites are tried again in chunks of multiChunk, and a chunk
// refused is split in halves until the refused sites stand alone, and
// those are left out.
func (u *Unit) attachMulti(prog *ebpf.Program) (io.Closer, error) {
	cookies := u.cookies()
	type key struct {
		path string
		ret  bool
		pid  int
	}
	var order []key
	groups := map[key][]int{}
	for i, s := range u.sites {
		k := key{s.Path, s.Return, s.PID}
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		groups[k] = append(groups[k], i)
	}
	var ls provider.Links
	var refused []provider.Refused
	for _, k := range order {
		groups[k] = u.leaveOutRefused(k.path, groups[k], &refused)
	}
	var attach func(ex *link.Executable, sites []int) error
	attach = func(ex *link.Executable, sites []int) error {
		opts := &link.UprobeMultiOptions{PID: uint32(u.sites[sites[0]].PID)}
		refCtr := false
		for _, i := range sites {
			s := u.sites[i]
			opts.Addresses = append(opts.Addresses, s.Offset)
			opts.Cookies = append(opts.Cookies, cookies[i])
			opts.RefCtrOffsets = append(opts.RefCtrOffsets, s.RefCtr)
			refCtr = refCtr || s.RefCtr != 0
		}
		if !refCtr {
			opts.RefCtrOffsets = nil
		}
		multi := ex.UprobeMulti
		if u.sites[sites[0]].Return {
			multi = ex.UretprobeMulti
		}
		l, err := multi(nil, prog, opts)
		switch {
		case err == nil:
			ls = append(ls, l)
			return nil
		case !siteRefused(err):
			s := u.sites[sites[0]]
			return fmt.Errorf("uprobe %s at %s+%#x: %w", s.Probe.Desc, s.Path, s.Offset, err)
		case len(sites) == 1:
			s := u.sites[sites[0]]
			refused = append(refused, provider.Refused{Probe: s.Probe.Desc.String(), Where: fmt.Sprintf("%s+%#x", s.Path, s.Offset), Err: err})
			return nil
		}
		step := (len(sites) + 1) / 2
		if len(sites) > multiChunk {
			step = multiChunk
		}
		for start := 0; start < len(sites); start += step {
			if err := attach(ex, sites[start:min(start+step, len(sites))]); err != nil {
				return err
			}
		}
		return nil
	}
	for _, k := range order {
		if len(groups[k]) == 0 {
			continue
		}
		ex, err := link.OpenExecutable(k.path)
		if err == nil {
			err = attach(ex, groups[k])
		}
		if err != nil {
			ls.Close()
			return nil, err
		}
	}
	return attached(ls, refused)
}
