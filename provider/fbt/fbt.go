package fbt

import (
	"fmt"
	"strings"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/ctype/btfsrc"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/kprobe"
)

const (
	entryName  = "entry"
	returnName = "return"
)

// probe is the provider data of one probe.
type probe struct {
	fn    kprobe.Func
	entry bool
}

// Provider is the fbt or the rawfbt provider.
type Provider struct {
	name string
	raw  bool
	// Backend is how Plan attaches probes: Auto chooses by what the
	// kernel offers; tests set it to try each way, and a plan fails
	// where the chosen way cannot serve a probe.
	Backend Backend
}

// New returns the fbt provider: every traceable function but those with
// compiler-made names (a '.' in them), as in DTrace.
func New() *Provider { return &Provider{name: "fbt"} }

// NewRaw returns the rawfbt provider: every kprobe-able name, compiler-made
// ones included.
func NewRaw() *Provider { return &Provider{name: "rawfbt", raw: true} }

func (p *Provider) Name() string { return p.name }

// Populate lists an entry and a return probe per function, in the order
// tracefs lists them; nothing where the kernel cannot attach them.
func (p *Provider) Populate(t *provider.Table) error {
	if p.available() != nil {
		return nil
	}
	fs, err := kprobe.Funcs()
	if err != nil {
		return err
	}
	for _, f := range fs {
		if !p.raw && strings.Contains(f.Name, ".") {
			continue
		}
		t.Add(p, provider.Desc{Provider: p.name, Module: f.Module, Function: f.Name, Name: entryName}, &probe{fn: f, entry: true})
		t.Add(p, provider.Desc{Provider: p.name, Module: f.Module, Function: f.Name, Name: returnName}, &probe{fn: f})
	}
	return nil
}

// Provide adds nothing, every probe exists from Populate, but it fails a
// description that names this provider where the kernel cannot attach
// its probes, so that the error says why rather than "no probes match".
// A description that no kernel function could match still matches
// nothing (D_PDESC_ZERO), as it does where probes can attach: the
// kernel's symbol table says which functions exist.
func (p *Provider) Provide(_ *provider.Table, d provider.Desc) error {
	if d.Provider != p.name {
		return nil
	}
	err := p.available()
	if err != nil && !p.mayExist(d) {
		return nil
	}
	return err
}

// mayExist reports whether a kernel function of the symbol table could
// have a probe d matches; without a symbol table, any could.
func (p *Provider) mayExist(d provider.Desc) bool {
	if !provider.MayMatchName(d, entryName, returnName) {
		return false
	}
	tab, err := ksym.Kernel()
	if err != nil {
		return true
	}
	matches := func(s ksym.Symbol) bool {
		// Text symbols only: t and T (the kernel lists no data
		// symbols under lockdown, but may elsewhere).
		return s.Type|0x20 == 't' && (p.raw || !strings.Contains(s.Name, ".")) &&
			provider.FieldMatches(d.Module, s.Module)
	}
	if d.Function != "" && !provider.IsGlob(d.Function) {
		for _, s := range tab.Symbols(d.Function) {
			if matches(s) {
				return true
			}
		}
		return false
	}
	for i := range tab.Len() {
		if s := tab.At(i); provider.FieldMatches(d.Function, s.Name) && matches(s) {
			return true
		}
	}
	return false
}

var attrs = provider.Attrs{
	Provider: provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassCommon},
	Module:   provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassUnknown},
	Function: provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassISA},
	Name:     provider.Attr{Name: provider.Evolving, Data: provider.Evolving, Class: provider.ClassCommon},
	Args:     provider.Attr{Name: provider.Private, Data: provider.Private, Class: provider.ClassISA},
}

// Info types the arguments from the function's BTF prototype; a function
// BTF does not describe has untyped arguments.
func (p *Provider) Info(pr *provider.Probe) (provider.Info, error) {
	d, ok := pr.Data.(*probe)
	if !ok {
		return provider.Info{}, fmt.Errorf("probe %s is not an %s probe", pr.Desc, p.name)
	}
	mod := ctype.KernelModule
	if d.fn.Loadable {
		mod = d.fn.Module
	}
	info := provider.Info{Attrs: attrs}
	// A module without BTF, or a function it does not describe, has
	// untyped arguments: still a probe, as in DTrace.
	src, err := btfsrc.Module(mod)
	if err != nil {
		return info, nil
	}
	fs, ok := src.(funcSource)
	if !ok {
		return info, nil
	}
	fn, err := fs.LookupFunc(d.fn.Name)
	if err != nil {
		return info, nil
	}
	info.Args = Args(fn, d.entry)
	return info, nil
}

// funcSource is a type source that knows function prototypes, as
// btfsrc's do.
type funcSource interface {
	LookupFunc(name string) (*ctype.Type, error)
}

// Args returns the arguments of an entry (or return) probe of a function
// of type fn: its parameters, or the return offset (uint64_t, as DTrace
// gives it) and, unless the function returns void, the return value.
func Args(fn *ctype.Type, entry bool) []provider.Arg {
	var out []provider.Arg
	if !entry {
		out = append(out, provider.Arg{Native: "uint64_t"})
		if fn.Elem != nil && fn.Elem.Kind != ctype.Void {
			out = append(out, provider.Arg{Native: fn.Elem.String(), Mapping: 1})
		}
		return out
	}
	for i, t := range fn.Params {
		if i == kprobe.MaxArgs {
			break
		}
		out = append(out, provider.Arg{Native: t.String(), Mapping: i})
	}
	return out
}
