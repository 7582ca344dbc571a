package provider

import (
	"io"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/bpfrt"
)

// Provider is one probe provider.
type Provider interface {
	// Name is the provider name probe descriptions match against.
	Name() string
	// Populate adds the probes the provider lists up front to t. It is
	// called at most once per table.
	Populate(t *Table) error
	// Provide adds probes that d names and that exist only on demand; it
	// adds nothing when d names none.
	Provide(t *Table, d Desc) error
	// Info returns the probe's stability attributes and argument types.
	Info(p *Probe) (Info, error)
	// Plan groups enabled probes of this provider into units.
	Plan(enabled []Enabled) ([]Unit, error)
}

// Enabled is a probe with the clauses it runs, in program order.
type Enabled struct {
	Probe *Probe
	Stmts []*bpfrt.Stmt
}

// Unit is one BPF program of a provider: it serves one or more enabled
// probes and is attached once.
type Unit interface {
	// Name is the program's name in the kernel (at most 15 bytes).
	Name() string
	ProgramType() ebpf.ProgramType
	AttachType() ebpf.AttachType
	// Phase says when the unit fires; units of PhaseTrace are attached,
	// the others are fired by the session itself with bpfrt.Run.
	Phase() Phase
	// Trampoline emits the provider's code after b's prologue: fill the
	// machine state arguments from the context in bpfrt.RegCtx, then
	// b.Fire each probe the context is a firing of.
	Trampoline(b *bpfrt.Builder) error
	// Attach attaches the loaded program; closing the result detaches it
	// and releases everything Attach created. When the kernel refuses
	// some probes of the unit and takes the others, Attach returns the
	// closer and a *PartialAttach that names the refused. Not called for
	// units outside PhaseTrace.
	Attach(prog *ebpf.Program) (io.Closer, error)
}

// OnTracepoint is implemented by units whose program runs on a kernel
// tracepoint: on kernel stacks, the tracepoint's dispatch lies between
// the probe site and the program, and the session has the program skip
// it (bpfrt.StackSite).
type OnTracepoint interface {
	// Tracepoint returns the kernel tracepoint's name, and whether the
	// program is attached to it raw rather than through its perf event.
	Tracepoint() (name string, raw bool)
}

// Targeted is a Unit whose program is loaded for one kernel function: a
// tracing program (fentry, fexit), which the kernel verifies against the
// function's BTF prototype and attaches through a BPF trampoline. Units
// of other program types do not implement it.
type Targeted interface {
	Unit
	// Target is the function the program is loaded for.
	Target() Target
}

// Target is a kernel function and the BTF object that describes it.
type Target struct {
	Function string
	// Module is the loadable module whose BTF object describes Function,
	// "" for vmlinux. The loader finds the object by the function's name,
	// in vmlinux first, then in the modules in load order (cilium/ebpf's
	// search), so a provider gives a module's function as a target only
	// where vmlinux's BTF does not name it too.
	Module string
}

// String is the target as errors name it: "module`function", or the
// function alone for vmlinux.
func (t Target) String() string {
	if t.Module == "" {
		return t.Function
	}
	return t.Module + "`" + t.Function
}

// Phase is the part of a run in which a unit fires.
type Phase int

const (
	// PhaseTrace units fire on kernel events while tracing is active.
	PhaseTrace Phase = iota
	// PhaseBegin units fire once, in the dtrace process, before tracing.
	PhaseBegin
	// PhaseEnd units fire once, in the dtrace process, after tracing.
	PhaseEnd
)

// Activity is the activity a unit's clauses run under.
func (p Phase) Activity() bpfrt.Activity {
	switch p {
	case PhaseBegin:
		return bpfrt.ActivityInactive
	case PhaseEnd:
		return bpfrt.ActivityEnd
	}
	return bpfrt.ActivityActive
}

// Probe is one probe in a table.
type Probe struct {
	// ID is the probe id, stable for the life of the table.
	ID uint32
	// Desc is the probe's full name; it holds no patterns.
	Desc
	Provider Provider
	// Data is private to the provider.
	Data any
}

// Ref returns the probe as the runtime names it.
func (p *Probe) Ref() bpfrt.ProbeRef { return bpfrt.ProbeRef{ID: p.ID, Name: p.Desc.String()} }

// Info describes a probe for -lv and for the checker.
type Info struct {
	Attrs Attrs
	// Args are the probe's typed arguments (args[]); empty when untyped.
	Args []Arg
}

// Arg is one argument: its C type names, which the checker resolves with
// package ctype.
type Arg struct {
	// Native is the type the probe's context gives.
	Native string
	// Translated is the type D programs see (args[i]); "" means Native.
	Translated string
	// Mapping is the index of the native argument args[i] is made from.
	Mapping int
	// Userland says the native is an address in the process's memory:
	// a string argument is read from there (proc:::exec's file name).
	Userland bool
}

// Type is the type D programs see.
func (a Arg) Type() string {
	if a.Translated != "" {
		return a.Translated
	}
	return a.Native
}

// ErrorDesc is the ERROR probe, whose clauses run when a clause faults.
var ErrorDesc = Desc{Provider: "dtrace", Name: "ERROR"}
