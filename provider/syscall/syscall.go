package syscall

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/provider"
)

const (
	module     = "vmlinux"
	entryName  = "entry"
	returnName = "return"
)

// probe is the provider data of one probe: the syscall's number, and
// its tracefs event's name without sys_enter_ or sys_exit_.
type probe struct {
	nr    uint32
	entry bool
	event string
}

// eventCalls are the syscalls whose tracefs events the kernel names
// after its own function (SYSCALL_DEFINE(newstat)) rather than the
// syscall: DTrace lists them by the event's name, and a script may name
// them either way.
var eventCalls = map[string]string{
	"newstat":    "stat",
	"newfstat":   "fstat",
	"newlstat":   "lstat",
	"newuname":   "uname",
	"sendfile64": "sendfile",
	"umount":     "umount2",
}

// number returns the syscall number of a tracefs event's syscall.
func number(event string) (uint32, bool) {
	if call, ok := eventCalls[event]; ok {
		event = call
	}
	nr, ok := sysnum[event]
	return nr, ok
}

// Provider is the syscall provider.
type Provider struct{}

// New returns the syscall provider.
func New() *Provider { return &Provider{} }

func (*Provider) Name() string { return "syscall" }

// MayMatch: syscall probes are named entry and return.
func (*Provider) MayMatch(d provider.Desc) bool {
	return provider.MayMatchName(d, "entry", "return")
}

// Populate lists the syscalls tracefs has events for, entry then return
// for each, in the order of their numbers.
func (p *Provider) Populate(t *provider.Table) error {
	tf, err := feature.Tracefs()
	if errors.Is(err, feature.ErrNotSupported) {
		return nil
	}
	if err != nil {
		return err
	}
	ents, err := os.ReadDir(filepath.Join(tf, "events", "syscalls"))
	if errors.Is(err, os.ErrNotExist) {
		return nil // a kernel without syscall tracepoints
	}
	if err != nil {
		return err
	}
	var names []string
	for _, e := range ents {
		name, ok := strings.CutPrefix(e.Name(), "sys_enter_")
		if _, known := number(name); ok && known {
			names = append(names, name)
		}
	}
	nr := func(event string) uint32 { n, _ := number(event); return n }
	slices.SortFunc(names, func(a, b string) int { return int(nr(a)) - int(nr(b)) })
	for _, n := range names {
		p.add(t, n, n, nr(n))
	}
	return nil
}

// add adds the entry and return probes of syscall function fn, whose
// tracefs events are named after event.
func (p *Provider) add(t *provider.Table, fn, event string, nr uint32) {
	t.Add(p, provider.Desc{Provider: "syscall", Module: module, Function: fn, Name: entryName}, &probe{nr: nr, entry: true, event: event})
	t.Add(p, provider.Desc{Provider: "syscall", Module: module, Function: fn, Name: returnName}, &probe{nr: nr, event: event})
}

// Provide adds the probes of a syscall named as the syscall rather than
// as its tracefs event (syscall::stat:entry for the newstat event), when
// a description names it exactly.
func (p *Provider) Provide(t *provider.Table, d provider.Desc) error {
	if d.Provider != "syscall" && d.Provider != "" || provider.IsGlob(d.Function) {
		return nil
	}
	for event, call := range eventCalls {
		if call != d.Function {
			continue
		}
		tf, err := feature.Tracefs()
		if err != nil {
			return nil
		}
		if _, err := os.Stat(filepath.Join(tf, "events", "syscalls", "sys_enter_"+event)); err == nil {
			p.add(t, call, event, sysnum[call])
		}
	}
	return nil
}

var attrs = provider.Attrs{
	Provider: provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassCommon},
	Module:   provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Function: provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassISA},
	Name:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassCommon},
	Args:     provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassISA},
}

// Info reads the argument types from the syscall's tracefs format.
func (*Provider) Info(p *provider.Probe) (provider.Info, error) {
	pr, ok := p.Data.(*probe)
	if !ok {
		return provider.Info{}, fmt.Errorf("probe %s is not a syscall probe", p.Desc)
	}
	tf, err := feature.Tracefs()
	if err != nil {
		return provider.Info{}, err
	}
	event := "sys_exit_" + pr.event
	if pr.entry {
		event = "sys_enter_" + pr.event
	}
	f, err := os.Open(filepath.Join(tf, "events", "syscalls", event, "format"))
	if err != nil {
		return provider.Info{}, err
	}
	defer f.Close()
	types, err := parseFormat(f)
	if err != nil {
		return provider.Info{}, fmt.Errorf("%s format: %w", event, err)
	}
	info := provider.Info{Attrs: attrs}
	for i, ty := range types {
		info.Args = append(info.Args, provider.Arg{Native: ty, Mapping: i})
	}
	return info, nil
}

// Plan puts all entry probes in one unit and all return probes in another.
// When an entry clause may defer a copy that failed (bpfrt/defer.go), the
// return unit resumes it, and is planned even without return probes.
func (*Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	entry := &unit{tp: "sys_enter", entry: true}
	ret := &unit{tp: "sys_exit"}
	for _, e := range enabled {
		pr, ok := e.Probe.Data.(*probe)
		if !ok {
			return nil, fmt.Errorf("probe %s is not a syscall probe", e.Probe.Desc)
		}
		u := ret
		if pr.entry {
			u = entry
		}
		u.probes = append(u.probes, sysProbe{e, pr.nr})
	}
	var units []provider.Unit
	for _, u := range []*unit{entry, ret} {
		slices.SortFunc(u.probes, func(a, b sysProbe) int { return int(a.nr) - int(b.nr) })
	}
	for _, p := range entry.probes {
		if slices.ContainsFunc(p.Stmts, func(s *bpfrt.Stmt) bool { return s.Defers }) {
			entry.deferring = append(entry.deferring, p)
		}
	}
	var others [][]*bpfrt.Stmt
	for _, p := range ret.probes {
		others = append(others, p.Stmts)
	}
	if !bpfrt.ResumeFits(resumePoints(entry.deferring), others) {
		// The return program could not hold the entry clauses too
		// (scripts of hundreds of clauses): copies fault at entry.
		entry.deferring = nil
	}
	ret.deferring = entry.deferring
	for _, u := range []*unit{entry, ret} {
		if len(u.probes) > 0 || len(u.deferring) > 0 {
			units = append(units, u)
		}
	}
	return units, nil
}

// noReturn are the system calls whose entry firings never defer a
// failed copy to the return: exit and exit_group do not return, execve
// and execveat return in another address space when they succeed, and
// rt_sigreturn returns with the number of no system call (orig_ax -1),
// which a deferred firing could not be matched with.
var noReturn = []string{"exit", "exit_group", "execve", "execveat", "rt_sigreturn"}

// resumePoints are the resume points of the deferring entry probes,
// numbered alike in both units.
func resumePoints(deferring []sysProbe) []bpfrt.ResumePoint {
	lists := make([][]*bpfrt.Stmt, len(deferring))
	for i, p := range deferring {
		lists[i] = p.Stmts
	}
	return bpfrt.ResumePoints(lists)
}

type sysProbe struct {
	provider.Enabled
	nr uint32
}

// unit is the raw tracepoint program of all entry or all return probes.
type unit struct {
	tp     string
	entry  bool
	probes []sysProbe
	// deferring are the entry probes with clauses that may defer a
	// failed copy to the return (bpfrt/defer.go), in both units.
	deferring []sysProbe
}

func (u *unit) Name() string                { return "dt_" + u.tp }
func (*unit) ProgramType() ebpf.ProgramType { return ebpf.RawTracepoint }
func (*unit) AttachType() ebpf.AttachType   { return ebpf.AttachNone }
func (*unit) Phase() provider.Phase         { return provider.PhaseTrace }
func (u *unit) Tracepoint() (string, bool)  { return u.tp, true }

func (u *unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	l, err := link.AttachRawTracepoint(link.RawTracepointOptions{Name: u.tp, Program: prog})
	if err != nil {
		return nil, fmt.Errorf("syscall: raw tracepoint %s: %w", u.tp, err)
	}
	return l, nil
}

// Trampoline: the raw tracepoint context is (struct pt_regs *regs, long
// id) for sys_enter and (regs, long ret) for sys_exit. The registers are
// read only when some clause reads the arguments; entry probes dispatch
// on the number before reading them, so the calls no probe traces leave
// at once.
func (u *unit) Trampoline(b *bpfrt.Builder) error {
	l := b.Layout()
	regs := int16(l.Str) // the string scratch is free until a clause runs
	args := false
	for _, p := range u.probes {
		args = args || bpfrt.ArgsRead(p.Stmts) != 0
	}
	// readRegs copies size bytes of the task's registers from off into
	// scratch.
	readRegs := func(off int16, size int32) {
		b.Emit(
			asm.Mov.Reg(asm.R1, bpfrt.RegScratch),
			asm.Add.Imm(asm.R1, int32(regs+off)),
			asm.Mov.Imm(asm.R2, size),
			asm.LoadMem(asm.R3, bpfrt.RegCtx, 0, asm.DWord),
			asm.Add.Imm(asm.R3, int32(off)),
			asm.FnProbeReadKernel.Call(),
			asm.JNE.Imm(asm.R0, 0, b.ExitLabel()),
		)
	}
	if !u.entry && len(u.deferring) > 0 {
		// A firing deferred at this system call's entry resumes
		// first: its clauses come before the return's, as they
		// would have at the entry.
		none := b.Label("sys_noresume")
		b.SkipUnlessDeferred(none)
		readRegs(nrOff, int32(nrSize.Sizeof()))
		b.Emit(
			asm.LoadMem(asm.R9, bpfrt.RegScratch, regs+nrOff, nrSize),
			asm.JLT.Imm(asm.R9, int32(u.deferring[0].nr), none),
			asm.JGT.Imm(asm.R9, int32(u.deferring[len(u.deferring)-1].nr), none),
		)
		b.Resume(resumePoints(u.deferring), asm.R9)
		b.Mark(none)
		if len(u.probes) == 0 {
			b.Emit(asm.Ja.Label(b.ExitLabel()))
			return nil
		}
	}
	switch {
	case u.entry:
		b.Emit(
			asm.LoadMem(asm.R9, bpfrt.RegCtx, 8, asm.DWord),
			asm.JLT.Imm(asm.R9, int32(u.probes[0].nr), b.ExitLabel()),
			asm.JGT.Imm(asm.R9, int32(u.probes[len(u.probes)-1].nr), b.ExitLabel()),
		)
		if len(u.deferring) > 0 {
			// The return that resumes a deferred firing must be
			// this system call's (bpfrt.Builder.Resume); the calls
			// in noReturn never defer.
			on := b.Label("sys_defer")
			b.Emit(
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstDeferKey, asm.R9, asm.Word),
				asm.StoreImm(bpfrt.RegScratch, bpfrt.MstDefer, bpfrt.DeferOff, asm.Word),
			)
			for _, name := range noReturn {
				if nr, ok := sysnum[name]; ok {
					b.Emit(asm.JEq.Imm(asm.R9, int32(nr), on))
				}
			}
			b.Emit(asm.StoreImm(bpfrt.RegScratch, bpfrt.MstDefer, bpfrt.DeferOn, asm.Word))
			b.Mark(on)
			b.Defer(resumePoints(u.deferring))
		}
		if !args {
			break
		}
		readRegs(0, ptRegsSz)
		for i, off := range argRegs {
			b.Emit(
				asm.LoadMem(asm.R1, bpfrt.RegScratch, regs+off, asm.DWord),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R1, asm.DWord))
		}
	case !args:
		readRegs(nrOff, int32(nrSize.Sizeof()))
		b.Emit(asm.LoadMem(asm.R9, bpfrt.RegScratch, regs+nrOff, nrSize))
	default:
		readRegs(0, ptRegsSz)
		b.Emit(
			asm.LoadMem(asm.R9, bpfrt.RegScratch, regs+nrOff, nrSize),
			asm.LoadMem(asm.R1, bpfrt.RegCtx, 8, asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(0), asm.R1, asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(1), asm.R1, asm.DWord))
		for i := 2; i < len(argRegs); i++ {
			b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
		}
	}
	if args {
		for i := len(argRegs); i < bpfrt.NumArgs; i++ {
			b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
		}
	}
	entries := make([]string, len(u.probes))
	nrs := make([]int32, len(u.probes))
	enabled := make([]provider.Enabled, len(u.probes))
	for i, p := range u.probes {
		entries[i], nrs[i], enabled[i] = b.Label("sys_probe"), int32(p.nr), p.Enabled
	}
	// u.probes are sorted by number, as Dispatch wants its keys.
	provider.Dispatch(b, nrs, entries)
	provider.FireGroups(b, enabled, entries, u.Phase())
	return nil
}
