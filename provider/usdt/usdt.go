package usdt

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/uprobe"
	"github.com/godtrace/godtrace/uelf"
)

// probe is the provider data of one USDT probe.
type probe struct {
	site   uelf.Probe
	path   string
	isMain bool
	pid    int // 0: every process that maps path
}

// Provider is the usdt provider: the SystemTap SDT probes (.note.stapsdt)
// of processes and of ELF files named by path.
type Provider struct{}

// New returns the usdt provider.
func New() *Provider { return &Provider{} }

// Name is the provider's own name; its probes are named by their USDT
// provider (python1234, python) instead, which Claims recognises.
func (*Provider) Name() string { return "usdt" }

// Populate adds nothing: USDT probes are found on demand.
func (*Provider) Populate(*provider.Table) error { return nil }

// MayMatch: the provider lists nothing, and provides probes only for the
// provider names it claims.
func (p *Provider) MayMatch(d provider.Desc) bool { return p.Claims(d.Provider) }

// Claims reports whether a description's provider field may name USDT
// probes: any name or glob that starts with a literal character. A
// pattern that starts with a glob ("*") is not claimed, so that "*:::"
// does not read every ELF file of every process.
func (*Provider) Claims(prov string) bool {
	return prov != "" && !provider.IsGlob(prov[:1])
}

// Provide creates the USDT probes d names, in three ways:
//
//   - provider<PID> (no globs): the probes of that process, e.g.
//     python1234:::function-entry;
//   - a glob over providers and processes, e.g. python*:::function-entry:
//     the probes of every running process that match;
//   - a provider without a pid and a module that is an absolute path,
//     e.g. python:/usr/bin/python3.11::function-entry: the probes of that
//     file, in every process that runs it now or later.
func (p *Provider) Provide(t *provider.Table, d provider.Desc) error {
	if !p.Claims(d.Provider) {
		return nil
	}
	if strings.HasPrefix(d.Module, "/") && !provider.IsGlob(d.Module) {
		f, err := uelf.Open(d.Module)
		if os.IsNotExist(err) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("usdt: %w", err)
		}
		p.provideFile(t, d, f, d.Module, false, 0)
		return nil
	}
	if provider.IsGlob(d.Provider) {
		pids, err := processes()
		if err != nil {
			return err
		}
		for _, n := range pids {
			// Processes come and go while we look: one that cannot be
			// read has nothing to probe.
			_ = p.provideProcess(t, d, n)
		}
		return nil
	}
	if n, ok := trailingPID(d.Provider); ok {
		return p.provideProcess(t, d, n)
	}
	return nil
}

// trailingPID returns the process id that ends a provider name
// (python1234), or false.
func trailingPID(prov string) (int, bool) {
	i := len(prov)
	for i > 0 && prov[i-1] >= '0' && prov[i-1] <= '9' {
		i--
	}
	if i == 0 || i == len(prov) {
		return 0, false
	}
	return uprobe.ParsePID(prov[:i], prov)
}

// processes lists the ids of the running processes.
func processes() ([]int, error) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil, fmt.Errorf("usdt: %w", err)
	}
	var pids []int
	for _, e := range ents {
		if n, err := strconv.Atoi(e.Name()); err == nil && n > 0 {
			pids = append(pids, n)
		}
	}
	return pids, nil
}

func (p *Provider) provideProcess(t *provider.Table, d provider.Desc, n int) error {
	proc, err := uelf.NewProcess(n)
	if err != nil {
		return fmt.Errorf("usdt: process %d: %w", n, err)
	}
	for _, mod := range proc.Modules() {
		if d.Module != "" && !uelf.MatchModule(d.Module, mod.Path, mod.IsMain) {
			continue
		}
		f, err := proc.File(mod)
		if err != nil {
			continue // a mapping that is not ELF
		}
		p.provideFile(t, d, f, mod.Name, mod.IsMain, n)
	}
	return nil
}

// provideFile adds the probes of f that d matches; module is the probe's
// module name and n its process (0 for all).
func (p *Provider) provideFile(t *provider.Table, d provider.Desc, f *uelf.File, module string, isMain bool, n int) {
	for _, s := range f.Probes() {
		prov := s.Provider
		if n != 0 {
			prov += strconv.Itoa(n)
		}
		if !matchField(d.Provider, prov) || !matchName(d.Name, s.Name) {
			continue
		}
		fn := ""
		if sym, ok := f.Lookup(s.PC); ok {
			fn = sym.Name
		}
		if !matchField(d.Function, fn) {
			continue
		}
		desc := provider.Desc{Provider: prov, Module: module, Function: fn, Name: probeName(s.Name)}
		t.Add(p, desc, &probe{site: s, path: f.Path, isMain: isMain, pid: n})
	}
}

// probeName is the D name of a probe: "__" in the note becomes "-", as
// DTrace spells USDT probe names (function__entry is function-entry).
func probeName(note string) string { return strings.ReplaceAll(note, "__", "-") }

// matchName matches a name pattern against both spellings of a probe's
// name, so python1234:::function__entry works as well.
func matchName(pattern, note string) bool {
	return matchField(pattern, probeName(note)) || matchField(pattern, note)
}

func matchField(pattern, s string) bool { return pattern == "" || provider.Gmatch(s, pattern) }

// Matches reports whether d matches the USDT probe p, its module field
// matched as Provide matches it ("a.out", basename, path, "libc") and its
// name in either spelling.
func (*Provider) Matches(d provider.Desc, p *provider.Probe) bool {
	pr, ok := p.Data.(*probe)
	if !ok {
		return false
	}
	return matchField(d.Provider, p.Desc.Provider) &&
		(d.Module == "" || d.Module == p.Module || uelf.MatchModule(d.Module, pr.path, pr.isMain)) &&
		matchField(d.Function, p.Function) && matchName(d.Name, pr.site.Name)
}

// Info types each argument by the size and signedness its note gives
// (SystemTap notes carry no C types).
func (*Provider) Info(p *provider.Probe) (provider.Info, error) {
	pr, ok := p.Data.(*probe)
	if !ok {
		return provider.Info{}, fmt.Errorf("probe %s is not a USDT probe", p.Desc)
	}
	info := provider.Info{Attrs: uprobe.Attrs}
	for i, a := range pr.site.Args {
		ty := fmt.Sprintf("int%d_t", 8*a.Size)
		if !a.Signed {
			ty = "u" + ty
		}
		info.Args = append(info.Args, provider.Arg{Native: ty, Mapping: i})
	}
	return info, nil
}
