package output

import (
	"errors"
	"time"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/format"
)

// Writer receives the records of one run, in order: Start, then probe
// firings, faults and drops as they are read, then End. An error stops
// the run.
type Writer interface {
	// Start opens the run, before BEGIN fires.
	Start(*Start) error
	// Probe is one firing of an enabled probe with what its clause
	// recorded.
	Probe(*Probe) error
	// Error is a fault in a clause, which abandoned the clause.
	Error(*Error) error
	// Drops reports records lost.
	Drops(*Drops) error
	// End closes the run, once END has fired: the aggregations and the
	// exit status.
	End(*End) error
}

// Start describes a run as it starts.
type Start struct {
	// Time is when the run starts.
	Time time.Time
	// PID is the tracing process's ID.
	PID int
	// Symbols resolves the addresses the run records (stacks, sym(),
	// mod()); nil when the program records none.
	Symbols format.Symbolizer
	// Aggs describes the program's aggregations, in ID order.
	Aggs []AggDesc
	// Snapshot returns a copy of the program's aggregations as they are
	// now, in ID order, which the run then leaves alone: a writer that
	// serves them on demand (an exporter) reads them with it. It may be
	// called from any goroutine from Start on; once END has fired it
	// returns the final aggregations. Nil when the program has none.
	Snapshot func() ([]*agg.Aggregation, error)
}

// AggDesc describes an aggregation of the program as it is declared.
type AggDesc struct {
	ID int
	// Name is the variable's name without the '@' ("" for @).
	Name string
	Func agg.Func
	// Keys is the number of its keys.
	Keys int
	// Lowered says whether the program calls clear(), trunc(),
	// normalize() or denormalize() on it, by which its values may go
	// down while the run goes on.
	Lowered bool
}

// Probe is one firing of an enabled probe.
type Probe struct {
	CPU int
	// EPID is the enabled probe: the probe and the clause that fired.
	EPID uint32
	// ID is the probe's ID, as dtrace -l lists it.
	ID                               uint32
	Provider, Module, Function, Name string
	// Actions are the clause's data-recording actions that ran, in
	// order.
	Actions []Action
	// Effect carries out Actions[i], a system(), freopen() or
	// ftruncate(). A writer that presents output in order calls it once
	// it has written what comes before the action, so that the
	// command's output or the file switch falls in its place; the run
	// carries out, after Probe returns, those no writer asked for. Each
	// action is carried out once, however often Effect is called for
	// it. Nil when nothing carries effects out (a record built by hand).
	Effect func(i int) error
}

// ActionKind says what an Action is.
type ActionKind uint8

// The kinds of action.
const (
	// Trace is trace(): Value.
	Trace ActionKind = iota + 1
	// Printf is printf(): Format applied to Args.
	Printf
	// Print is print() of a value of Type: Value holds its bytes (or a
	// string); with Deref, the value is the struct or union a pointer
	// (Addr) points to.
	Print
	// Printa is printa(): the snapshot of Aggs, shown with Format or
	// in the default layout when Format is nil.
	Printa
	// Setopt is setopt(): Option is "name" or "name=value".
	Setopt
	// System is system(): the command is Format applied to Args. The
	// run carries it out (see Probe.Effect and Effects), its output
	// going to the run's Destination.
	System
	// Freopen is freopen(): the file is Format applied to Args. The
	// run sends what follows to that file, opened for appending, or
	// back where it went at first when the name is empty.
	Freopen
	// Ftruncate is ftruncate(): the run empties the file its output
	// goes to.
	Ftruncate
)

var actionNames = [...]string{Trace: "trace", Printf: "printf", Print: "print", Printa: "printa", Setopt: "setopt",
	System: "system", Freopen: "freopen", Ftruncate: "ftruncate"}

func (k ActionKind) String() string {
	return nameOf(actionNames[:], int(k), "action?")
}

// nameOf returns names[i], or unknown for an i names does not name.
func nameOf(names []string, i int, unknown string) string {
	if i >= 0 && i < len(names) && names[i] != "" {
		return names[i]
	}
	return unknown
}

// Action is one data-recording action of a clause.
type Action struct {
	Kind  ActionKind
	Value format.Value
	// Args are the arguments of printf().
	Args []format.Value
	// Format is the format string of printf() and printa().
	Format *Format
	// Type, Addr and Deref describe the value of print().
	Type  *ctype.Type
	Addr  uint64
	Deref bool
	// Aggs are the aggregations of printa(), as they were when it ran.
	Aggs []*agg.Aggregation
	// Option is the argument of setopt().
	Option string
}

// Format is a printf-like format string, parsed.
type Format struct {
	Text  string
	Convs []format.Conv
}

// Error is a fault in a clause.
type Error struct {
	CPU int
	// EPID, ID and the probe name fields say where it happened; ID is
	// 0 and the names empty when the enabled probe is unknown.
	EPID                             uint32
	ID                               uint32
	Provider, Module, Function, Name string
	// Fault names the fault, as DTrace does ("invalid address").
	Fault string
	// Addr is the address or value at fault; HasAddr says whether the
	// fault has one.
	Addr    uint64
	HasAddr bool
	// PC is the BPF instruction that faulted.
	PC int
	// Message is DTrace's message for the fault, after "dtrace: ".
	Message string
}

// DropKind says which records were lost.
type DropKind uint8

// The kinds of drops.
const (
	// PrincipalDrops are records that did not fit in a CPU's buffer.
	PrincipalDrops DropKind = iota + 1
	// SpeculationDrops are speculative records beyond specsize.
	SpeculationDrops
	// SpeculationBusy counts speculation() calls that found every
	// speculation busy.
	SpeculationBusy
	// SpeculationUnavailable counts speculation() calls that found none
	// free.
	SpeculationUnavailable
	// AggregationDrops are new tuples the full aggregation map did not
	// take (aggsize), on a CPU.
	AggregationDrops
	// DynamicDrops are dynamic variables the full dynamic variable map
	// did not take (dynvarsize).
	DynamicDrops
	// NestedDrops are firings not run because they interrupted another
	// firing on their CPU, whose state they would have overwritten.
	NestedDrops
)

var dropNames = [...]string{PrincipalDrops: "principal", SpeculationDrops: "speculation", SpeculationBusy: "speculation-busy",
	SpeculationUnavailable: "speculation-unavailable", AggregationDrops: "aggregation", DynamicDrops: "dynamic", NestedDrops: "nested"}

func (k DropKind) String() string {
	return nameOf(dropNames[:], int(k), "drops?")
}

var dropTags = [...]string{PrincipalDrops: "DTRACEDROP_PRINCIPAL", SpeculationDrops: "DTRACEDROP_SPEC",
	SpeculationBusy: "DTRACEDROP_SPECBUSY", SpeculationUnavailable: "DTRACEDROP_SPECUNAVAIL",
	AggregationDrops: "DTRACEDROP_AGGREGATION", DynamicDrops: "DTRACEDROP_DYNAMIC"}

// Tag is DTrace's name for the kind, which -xdroptags prints.
func (k DropKind) Tag() string {
	return nameOf(dropTags[:], int(k), "DTRACEDROP_UNKNOWN")
}

// Drops reports lost records.
type Drops struct {
	Kind DropKind
	// CPU is the CPU of principal and aggregation drops, -1 for the
	// others.
	CPU   int
	Count uint64
	// Message is DTrace's message, after "dtrace: ".
	Message string
}

// End describes a run as it ends.
type End struct {
	// Time is when the run ended.
	Time time.Time
	// Status is the exit status: exit()'s argument, 0 without exit().
	Status int
	// Aggs are the program's aggregations, final; those printa()
	// printed are marked Printed.
	Aggs *agg.Set
}

// Funcs is a Writer of callbacks; nil ones ignore their records.
type Funcs struct {
	StartFunc func(*Start) error
	ProbeFunc func(*Probe) error
	ErrorFunc func(*Error) error
	DropsFunc func(*Drops) error
	EndFunc   func(*End) error
}

func (f *Funcs) Start(s *Start) error { return call(f.StartFunc, s) }
func (f *Funcs) Probe(p *Probe) error { return call(f.ProbeFunc, p) }
func (f *Funcs) Error(e *Error) error { return call(f.ErrorFunc, e) }
func (f *Funcs) Drops(d *Drops) error { return call(f.DropsFunc, d) }
func (f *Funcs) End(e *End) error     { return call(f.EndFunc, e) }

func call[T any](f func(T) error, v T) error {
	if f == nil {
		return nil
	}
	return f(v)
}

// Tee returns a Writer that hands each record to every one of ws in turn,
// stopping at the first error.
func Tee(ws ...Writer) Writer { return tee(ws) }

type tee []Writer

func (t tee) Start(s *Start) error { return each(t, func(w Writer) error { return w.Start(s) }) }
func (t tee) Probe(p *Probe) error { return each(t, func(w Writer) error { return w.Probe(p) }) }
func (t tee) Error(e *Error) error { return each(t, func(w Writer) error { return w.Error(e) }) }
func (t tee) Drops(d *Drops) error { return each(t, func(w Writer) error { return w.Drops(d) }) }
func (t tee) End(e *End) error {
	// Every writer ends, so that each releases what it holds.
	var errs []error
	for _, w := range t {
		errs = append(errs, w.End(e))
	}
	return errors.Join(errs...)
}

func each(t tee, f func(Writer) error) error {
	for _, w := range t {
		if err := f(w); err != nil {
			return err
		}
	}
	return nil
}
