package pid

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/internal/ptregs"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/uprobe"
	"github.com/godtrace/godtrace/uelf"
)

const (
	entryName  = "entry"
	returnName = "return"
	// absFunc is the function field of probes named by absolute address.
	absFunc = "-"
)

// probe is the provider data of one pid probe.
type probe struct {
	path   string // the ELF file
	offset uint64 // file offset of the instruction (function start for return)
	ret    bool
	pid    int
	isMain bool // path is the executable, matched by "a.out"
	// aliases are the names of the functions at the probe's function's
	// address: a description naming one exactly names the probe, which
	// has the name libproc gives the address (uelf.File.AddrName).
	aliases []string
}

// Provider is the pid provider: one provider pid<PID> per process, its
// probes made on demand from the process's mapped ELF files.
type Provider struct{}

// New returns the pid provider.
func New() *Provider { return &Provider{} }

func (*Provider) Name() string { return "pid" }

// Populate adds nothing: pid probes exist only for a named process.
func (*Provider) Populate(*provider.Table) error { return nil }

// MayMatch: the provider lists nothing, and provides probes only for the
// provider names it claims.
func (p *Provider) MayMatch(d provider.Desc) bool { return p.Claims(d.Provider) }

// Provide creates the probes of process PID that d names: entry and return
// of every function its module and function fields match, and the
// instruction probes (named by hex offset in the function) its name field
// matches. A function field of "-" names a probe by its absolute address
// in the process. A module field matches "a.out" for the executable, the
// full path, the basename and the basename cut at ".so" (see
// uelf.MatchModule); the probe's module is the basename.
func (p *Provider) Provide(t *provider.Table, d provider.Desc) error {
	if d.Provider == pid0 {
		return errPID0
	}
	pid, ok := uprobe.ParsePID("pid", d.Provider)
	if !ok {
		return nil
	}
	proc, err := uelf.NewProcess(pid)
	if err != nil {
		return fmt.Errorf("pid%d: %w", pid, err)
	}
	prov := d.Provider
	if d.Function == absFunc {
		return p.provideAbsolute(t, prov, pid, proc, d)
	}
	modPat, funcPat, namePat := orAll(d.Module), orAll(d.Function), orAll(d.Name)
	for _, mod := range proc.Modules() {
		if !uelf.MatchModule(modPat, mod.Path, mod.IsMain) {
			continue
		}
		f, err := proc.File(mod)
		if err != nil {
			if d.Module != "" && !provider.IsGlob(d.Module) {
				return fmt.Errorf("pid%d: %w", pid, err)
			}
			continue // a mapping of something that is not ELF
		}
		funcs, err := f.ProbeFuncs(funcPat)
		if err != nil {
			return err
		}
		for _, fn := range funcs {
			if err := p.provideFunc(t, prov, pid, mod, f, fn, namePat); err != nil {
				return err
			}
		}
	}
	return nil
}

// Claims reports whether a description's provider field names probes of
// this provider: pid<PID>, which the provider's own name ("pid") does not
// match as a pattern.
func (*Provider) Claims(prov string) bool {
	_, ok := uprobe.ParsePID("pid", prov)
	return ok || prov == pid0
}

// pid0 names no process (0 is the kernel's idle task): DTrace refuses it
// rather than matching nothing.
const pid0 = "pid0"

// errPID0 is DTrace's error for pid0.
var errPID0 = &diag.Error{Tag: diag.D_PROC_BADPID, Msg: "pid0 does not contain a valid pid"}

// Matches reports whether d matches the pid probe p, its module field
// matched as Provide matches it ("a.out", basename, path, "libc").
func (*Provider) Matches(d provider.Desc, p *provider.Probe) bool {
	pr, ok := p.Data.(*probe)
	if !ok {
		return false
	}
	return matchField(d.Provider, p.Desc.Provider) &&
		(d.Module == "" || uelf.MatchModule(d.Module, pr.path, pr.isMain)) &&
		(matchField(d.Function, p.Function) || !provider.IsGlob(d.Function) && slices.Contains(pr.aliases, d.Function)) &&
		matchField(d.Name, p.Name)
}

func matchField(pattern, s string) bool { return pattern == "" || provider.Gmatch(s, pattern) }

func orAll(pattern string) string {
	if pattern == "" {
		return "*"
	}
	return pattern
}

func (p *Provider) provideFunc(t *provider.Table, prov string, pid int, mod uelf.Module, f *uelf.File, fn uelf.Symbol, namePat string) error {
	off, err := f.VaddrToOffset(fn.Value)
	if err != nil {
		return nil // an undefined or absolute symbol: nothing to probe
	}
	desc := func(name string) provider.Desc {
		return provider.Desc{Provider: prov, Module: mod.Name, Function: fn.Name, Name: name}
	}
	aliases := f.Aliases(fn)
	mk := func(rel uint64, ret bool) *probe {
		return &probe{path: f.Path, offset: off + rel, ret: ret, pid: pid, isMain: mod.IsMain, aliases: aliases}
	}
	if provider.Gmatch(entryName, namePat) {
		t.Add(p, desc(entryName), mk(0, false))
	}
	if provider.Gmatch(returnName, namePat) {
		t.Add(p, desc(returnName), mk(0, true))
	}
	if namePat == entryName || namePat == returnName {
		return nil
	}
	if !provider.IsGlob(namePat) {
		// One instruction, named by its offset: it must start an
		// instruction, or the uprobe would corrupt the code.
		rel, err := strconv.ParseUint(namePat, 16, 64)
		if err != nil {
			return nil
		}
		insns, err := instructions(f.Path, off, fn.Size)
		if err != nil {
			return fmt.Errorf("pid%d: %s: %w", pid, fn.Name, err)
		}
		if _, found := slices.BinarySearch(insns, rel); !found {
			return fmt.Errorf("pid%d: %s`%s+%#x is not an instruction boundary", pid, mod.Name, fn.Name, rel)
		}
		t.Add(p, desc(strconv.FormatUint(rel, 16)), mk(rel, false))
		return nil
	}
	insns, err := instructions(f.Path, off, fn.Size)
	if errors.Is(err, errNotCode) {
		return nil // a glob passes over functions of unknown size
	}
	if err != nil {
		return fmt.Errorf("pid%d: %s: %w", pid, fn.Name, err)
	}
	for _, rel := range insns {
		name := strconv.FormatUint(rel, 16)
		if provider.Gmatch(name, namePat) {
			t.Add(p, desc(name), mk(rel, false))
		}
	}
	return nil
}

// provideAbsolute makes the probe pid<PID>:<module>:-:<addr> at the
// absolute address addr (hex) of the process.
func (p *Provider) provideAbsolute(t *provider.Table, prov string, pid int, proc *uelf.Process, d provider.Desc) error {
	addr, err := strconv.ParseUint(d.Name, 16, 64)
	if err != nil {
		return nil
	}
	for _, mod := range proc.Modules() {
		for _, m := range mod.Mappings {
			if addr < m.Start || addr >= m.End {
				continue
			}
			if d.Module != "" && !uelf.MatchModule(d.Module, mod.Path, mod.IsMain) {
				return nil
			}
			desc := provider.Desc{Provider: prov, Module: mod.Name, Function: absFunc, Name: d.Name}
			t.Add(p, desc, &probe{path: mod.Path, offset: m.FileOffset(addr), pid: pid, isMain: mod.IsMain})
			return nil
		}
	}
	return fmt.Errorf("pid%d: address %#x is in no mapped file", pid, addr)
}

// Info: pid probes have untyped arguments, as in DTrace.
func (*Provider) Info(p *provider.Probe) (provider.Info, error) {
	if _, ok := p.Data.(*probe); !ok {
		return provider.Info{}, fmt.Errorf("probe %s is not a pid probe", p.Desc)
	}
	return provider.Info{Attrs: uprobe.Attrs}, nil
}

// Plan puts every enabled pid probe in one unit.
func (*Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	var sites []uprobe.Site
	for _, e := range enabled {
		pr, ok := e.Probe.Data.(*probe)
		if !ok {
			return nil, fmt.Errorf("probe %s is not a pid probe", e.Probe.Desc)
		}
		args, key := CallArgs, "call"
		if bpfrt.ArgsRead(e.Stmts)>>len(argRegs) == 0 {
			args, key = RegisterArgs, "register"
		}
		if pr.ret {
			args, key = ReturnArgs, "return"
		}
		sites = append(sites, uprobe.Site{Enabled: e, Path: pr.path, Offset: pr.offset, Return: pr.ret, PID: pr.pid, Args: args, ArgsKey: key})
	}
	if len(sites) == 0 {
		return nil, nil
	}
	return []provider.Unit{uprobe.NewUnit("dt_pid", sites)}, nil
}

// argRegs are the pt_regs offsets of the calling convention's integer
// argument registers (six on x86-64, eight on arm64).
var argRegs = ptregs.CallArgs

// CallArgs fills arg0-arg9 as at a function's entry: the argument
// registers, then the stack arguments (above the return address on
// x86-64, at the stack pointer on arm64). At an instruction inside
// a function the same registers are read, as DTrace does.
func CallArgs(b *bpfrt.Builder) error {
	for i, off := range argRegs {
		b.Emit(
			asm.LoadMem(asm.R1, bpfrt.RegCtx, off, asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R1, asm.DWord))
	}
	// bpf_probe_read_user zeroes the destination when the read faults.
	n := bpfrt.NumArgs - len(argRegs)
	b.Emit(
		asm.Mov.Reg(asm.R1, bpfrt.RegScratch),
		asm.Add.Imm(asm.R1, int32(bpfrt.MstArg(len(argRegs)))),
		asm.Mov.Imm(asm.R2, int32(8*n)),
		asm.LoadMem(asm.R3, bpfrt.RegCtx, ptregs.SP, asm.DWord),
		asm.Add.Imm(asm.R3, ptregs.StackArgs),
		asm.FnProbeReadUser.Call(),
	)
	return nil
}

// RegisterArgs is CallArgs for clauses that read no argument past arg5:
// the stack words are not read (a user memory read costs more than the
// rest of a firing) and arg6-arg9 are left as they are.
func RegisterArgs(b *bpfrt.Builder) error {
	for i, off := range argRegs {
		b.Emit(
			asm.LoadMem(asm.R1, bpfrt.RegCtx, off, asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R1, asm.DWord))
	}
	return nil
}

// ReturnArgs fills the arguments of a return probe as Oracle's DTrace
// does: arg0 is 0 (a uretprobe cannot tell which return instruction ran),
// arg1 the return value, the rest 0.
func ReturnArgs(b *bpfrt.Builder) error {
	b.Emit(
		bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(0), 0),
		asm.LoadMem(asm.R1, bpfrt.RegCtx, ptregs.Ret, asm.DWord),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(1), asm.R1, asm.DWord))
	for i := 2; i < bpfrt.NumArgs; i++ {
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
	}
	return nil
}

// errNotCode is returned for a function of no known size, whose
// instructions cannot be told apart from what follows it.
var errNotCode = errors.New("function has no known size")

// readCode reads size bytes at file offset off of path.
func readCode(path string, off, size uint64) ([]byte, error) {
	if size == 0 || size > 1<<24 {
		return nil, errNotCode
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, size)
	if _, err := f.ReadAt(b, int64(off)); err != nil {
		return nil, fmt.Errorf("read %s at %#x: %w", path, off, err)
	}
	return b, nil
}
