package dtrace

import (
	"fmt"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/provider"
)

// probeInfo answers the checker's questions about probe descriptions from
// the session's probe table: which probes match, and what args[] is.
type probeInfo struct {
	table *provider.Table
	zdefs bool // -Z: a description may match nothing
}

// Probe implements check.ProbeInfo as DTrace's dt_probe_info does: the
// arguments are those of the first probe matched, and a description that
// matches several probes gives none (Unstable) when its provider does not
// promise that such probes agree.
func (pi probeInfo) Probe(d *ast.ProbeDesc) (*check.Match, error) {
	desc := tableDesc(d)
	probes, err := pi.table.Match(desc)
	if err != nil {
		return nil, err
	}
	if len(probes) == 0 {
		return nil, pi.absent(d, desc)
	}
	p := probes[0]
	info, err := p.Provider.Info(p)
	if err != nil {
		return nil, fmt.Errorf("probe %s: %w", p.Desc, err)
	}
	m := &check.Match{Unstable: len(probes) > 1 && unstableSet(info.Attrs, desc), Attrs: checkAttrs(info.Attrs)}
	for _, a := range info.Args {
		m.Args = append(m.Args, check.ProbeArg{Native: a.Native, Translated: a.Translated, Mapping: a.Mapping, Userland: a.Userland})
	}
	return m, nil
}

// checkAttrs gives a provider's attributes to the checker.
func checkAttrs(a provider.Attrs) *check.ProviderAttrs {
	return &check.ProviderAttrs{
		Provider: a.Provider, Module: a.Module, Function: a.Function, Name: a.Name, Args: a.Args,
	}
}

// absent explains why a description that names one probe exactly
// matches nothing, when that probe is one this kernel cannot build:
// DTrace's message, with the reason after it.
func (pi probeInfo) absent(d *ast.ProbeDesc, desc provider.Desc) error {
	if pi.zdefs || d.Name == "" || provider.IsGlob(d.Name) || provider.IsGlob(d.Provider) {
		return nil
	}
	as, err := pi.table.Absentees(desc, false)
	if err != nil || len(as) != 1 {
		return err
	}
	return &diag.Error{Tag: diag.D_PDESC_ZERO, Msg: fmt.Sprintf(
		"probe description %s does not match any probes: %s %s", d, d, as[0].Why)}
}

// unstableSet reports whether the probes a description matches may differ
// in their arguments: the provider promises that probes agree only in
// the fields whose names are less than Evolving, and only when it gives
// arguments at least Evolving data stability (Oracle's dt_probe_info
// rules, the first one applying only to a globbed provider name).
func unstableSet(a provider.Attrs, d provider.Desc) bool {
	glob := func(s string) bool { return s == "" || provider.IsGlob(s) }
	return a.Args.Data < provider.Evolving && glob(d.Provider) ||
		a.Module.Name >= provider.Evolving && glob(d.Module) ||
		a.Function.Name >= provider.Evolving && glob(d.Function) ||
		a.Name.Name >= provider.Evolving && glob(d.Name)
}

// kernelModule reports whether the kernel has the module D names: the
// kernel itself (vmlinux, or genunix as Solaris named it), or a module
// built in or loaded. Without the kernel's symbol table every module is
// taken to exist, so that only a module known to be absent is an error.
func kernelModule(name string) bool {
	if name == "vmlinux" || name == "genunix" {
		return true
	}
	t, err := ksym.Kernel()
	if err != nil {
		return true
	}
	for _, m := range t.Modules() {
		if m.Name == name {
			return true
		}
	}
	return false
}

// kernelSymbol finds a kernel symbol by the module D names it with (""
// for any), for the checker's error about symbols without types.
func kernelSymbol(mod, name string) (string, bool) {
	t, err := ksym.Kernel()
	if err != nil {
		return "", false
	}
	if mod != "" {
		s, ok := t.ModuleSymbol(mod, name)
		return s.Module, ok
	}
	if ss := t.Symbols(name); len(ss) > 0 {
		return ss[0].Module, true
	}
	return "", false
}
