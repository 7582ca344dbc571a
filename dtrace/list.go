package dtrace

import (
	"fmt"
	"strconv"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/registry"
)

// table returns the session's probe table, made on first use: listing the
// providers' probes reads kernel tables, which compile-only runs need not.
func (h *Handle) table() *provider.Table {
	if h.probes == nil {
		h.probes = registry.NewTable()
	}
	return h.probes
}

// Matches returns the probes that the program's probe descriptions match,
// description by description in program order, as dtrace -l lists them.
func (h *Handle) Matches(p *Program) ([]*provider.Probe, error) {
	if err := h.program(p); err != nil {
		return nil, err
	}
	var out []*provider.Probe
	for _, desc := range p.descs() {
		probes, err := h.table().Match(tableDesc(desc))
		if err != nil {
			return nil, wrapNotSupported(fmt.Errorf("failed to match %s: %w", desc, err))
		}
		out = append(out, probes...)
	}
	return out, nil
}

// descs returns the probe descriptions of the program's clauses, in
// program order.
func (p *Program) descs() []*ast.ProbeDesc {
	var out []*ast.ProbeDesc
	for _, d := range p.ast.Decls {
		if pc, ok := d.(*ast.ProbeClause); ok {
			out = append(out, pc.Descs...)
		}
	}
	return out
}

// tableDesc is the description d as the provider table takes it.
func tableDesc(d *ast.ProbeDesc) provider.Desc {
	return provider.Desc{Provider: d.Provider, Module: d.Module, Function: d.Function, Name: d.Name}
}

// Absentees returns the probes the program's descriptions match, or any
// when p is nil, that this kernel cannot build, with the reason.
func (h *Handle) Absentees(p *Program) ([]provider.Absent, error) {
	if err := h.valid(); err != nil {
		return nil, err
	}
	if p == nil {
		return h.table().Absentees(provider.Desc{}, true)
	}
	if err := h.program(p); err != nil {
		return nil, err
	}
	var out []provider.Absent
	for _, desc := range p.descs() {
		as, err := h.table().Absentees(tableDesc(desc), false)
		if err != nil {
			return nil, err
		}
		out = append(out, as...)
	}
	return out, nil
}

// ProbeByID returns the probe whose ID is the decimal text id, as -i names
// probes, or nil.
func (h *Handle) ProbeByID(id string) (*provider.Probe, error) {
	if err := h.valid(); err != nil {
		return nil, err
	}
	n, err := strconv.ParseUint(id, 10, 32)
	if err != nil {
		return nil, nil
	}
	if _, err := h.table().Probes(); err != nil {
		return nil, err
	}
	return h.table().ByID(uint32(n)), nil
}

// AllProbes returns every probe of every provider, in ID order.
func (h *Handle) AllProbes() ([]*provider.Probe, error) {
	if err := h.valid(); err != nil {
		return nil, err
	}
	return h.table().Probes()
}

// DescInfo is what dtrace -ev prints for one probe description of a
// program, as DTrace's dtrace_probe_info gives it.
type DescInfo struct {
	// Desc is the description as the program gives it,
	// "provider:module:function:name".
	Desc string
	// Known is false when the description matches no probe, or several
	// whose arguments may differ: DTrace then has no information to
	// print, and stops.
	Known bool
	// Attr is the description's attribute, ArgAttr its arguments', and
	// Args the types of args[].
	Attr, ArgAttr provider.Attr
	Args          []string
}

// DescInfos returns the information of each probe description of the
// program's clauses, in order.
func (h *Handle) DescInfos(p *Program) ([]DescInfo, error) {
	if err := h.program(p); err != nil {
		return nil, err
	}
	var out []DescInfo
	for _, desc := range p.descs() {
		pd := tableDesc(desc)
		di := DescInfo{Desc: desc.String()}
		probes, err := h.table().Match(pd)
		if err != nil {
			return nil, wrapNotSupported(fmt.Errorf("failed to match %s: %w", desc, err))
		}
		if len(probes) > 0 {
			info, err := probes[0].Provider.Info(probes[0])
			if err != nil {
				return nil, fmt.Errorf("probe %s: %w", probes[0].Desc, err)
			}
			if len(probes) == 1 || !unstableSet(info.Attrs, pd) {
				di.Known = true
				di.Attr, di.ArgAttr = info.Attrs.Of(pd), info.Attrs.Args
				if pd.Provider == "" || provider.IsGlob(pd.Provider) {
					// The arguments of a description whose provider
					// is a pattern are Unstable too.
					di.ArgAttr = di.Attr
				}
				for _, a := range info.Args {
					di.Args = append(di.Args, a.Type())
				}
			}
		}
		out = append(out, di)
	}
	return out, nil
}
