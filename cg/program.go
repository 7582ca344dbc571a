package cg

import (
	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/format"
)

// Probe is one probe a clause enables, as the probe table names it.
type Probe struct {
	ID                               uint32
	Provider, Module, Function, Name string
}

// Matcher lists the probes a probe description matches; the session's
// probe table implements it, so the ids in the generated code are the
// ids the trampolines fire.
type Matcher interface {
	Match(d *ast.ProbeDesc) ([]Probe, error)
}

// Options is the part of the option catalogue code generation reads,
// satisfied by *option.Options.
type Options interface {
	Value(name string) (int64, bool)
	Bool(name string) bool
}

// Program is a compiled D program.
type Program struct {
	// Config sizes the runtime maps for this program; the session must
	// create them with it, because the generated code uses its Layout.
	Config bpfrt.Config
	Layout *bpfrt.Layout
	// Clauses are the probe clauses in program order.
	Clauses []*Clause
	// Strtab is the content of the string constant table map.
	Strtab []byte
	// Formats are the printf-like formats that RecDesc.Format indexes.
	Formats []Format
	// Types are the types of the values print() records, which the
	// consumer needs to lay them out; ActPrint's RecDesc.Format indexes
	// them.
	Types []*ctype.Type
	// Aggs are the aggregations, by ID order (ID i is Aggs[i-1]).
	Aggs []*Agg
	// Slots are the globals and clause-locals, for -S to name what the
	// code loads and stores.
	Slots []Slot
	// WallOffset is the offset in the globals value where the session
	// stores the difference between the real-time and the monotonic
	// clock, which walltimestamp adds to the monotonic time; -1 when no
	// clause uses walltimestamp.
	WallOffset int
}

// Clause is one compiled probe clause.
type Clause struct {
	Stmt *bpfrt.Stmt
	// Desc is the clause's first probe description, as -S names it.
	Desc string
	// Probes are the probes the clause's descriptions match, each once,
	// in the order of the descriptions.
	Probes []Probe
	// CanFault says the clause's code has a path that faults, writing a
	// fault record (bpfrt.FaultRecSize bytes) to the principal buffer.
	CanFault bool
}

// Format is a printf-like format string of the program.
type Format struct {
	Text  string
	Convs []format.Conv
}

// Agg describes one aggregation: its function, parameters and the
// layout of its keys in the aggregation map.
type Agg struct {
	ID     int
	Name   string
	Func   agg.Func
	Params agg.Params
	// Keys are the key fields after the [id u32][cpu u32] key header.
	Keys []Field
	// KeySize is the size of the whole map key it uses (header and
	// fields); the rest of the map key is zero.
	KeySize int
	// Slot is, for an aggregation without keys, its element of the
	// per-CPU array bpfrt.MapAggVals, which holds it instead of the hash.
	Slot int
}

// Field is a value in a record, an aggregation key or a tuple: its kind
// and where it lies.
type Field struct {
	Kind   Kind
	Offset int
	Size   int
}

// Kind says how a recorded value is decoded.
type Kind uint8

// The kinds of recorded values.
const (
	KindInt    Kind = iota // a signed integer of Size bytes
	KindUint               // an unsigned integer of Size bytes
	KindString             // a NUL-terminated string within Size bytes
	KindStack              // kernel stack frames, 8 bytes each, 0 after the last
	KindSym                // a kernel address printed as its symbol (sym(), func())
	KindMod                // a kernel address printed as its module (mod())
	KindBytes              // raw memory of Size bytes (a struct, union or array; tracemem())
	KindInet4              // an IPv4 address printed as inet_ntoa() text
	KindInet6              // an IPv6 address printed as inet_ntoa6() text
	// The user-space kinds start with the process ID (8 bytes), which the
	// consumer needs to find the process's symbols.
	KindUStack // the pid, then user stack frames, 8 bytes each, 0 after the last
	KindUSym   // the pid, then a user address printed as its symbol (usym(), ufunc())
	KindUAddr  // the pid, then a user address printed as symbol+offset (uaddr(), %A)
	KindUMod   // the pid, then a user address printed as its module (umod())
	// KindMem is tracemem() with a dynamic size: a u64 count of the
	// bytes to print, then Size-8 bytes of memory.
	KindMem
	// KindFloat is a float (Size 4) or a double (Size 8), its bits as
	// the kernel or the process held them.
	KindFloat
	// KindInet6Strict is an IPv6 address printed as inet_ntop() text
	// (an IPv4 address in it keeps its ::ffff: or :: prefix).
	KindInet6Strict
)

// IsUser reports whether values of kind k hold user addresses, which
// start with the process ID.
func (k Kind) IsUser() bool { return k >= KindUStack && k <= KindUMod }

// The record actions, in bpfrt.RecDesc.Action. A record's Arg holds the
// Kind of the value it carries.
const (
	// ActTrace is a trace() value.
	ActTrace bpfrt.Action = iota + 1
	// ActPrintf starts a printf(): Format indexes Program.Formats, Arg is
	// the number of ActArg records that follow; it has no data of its own.
	ActPrintf
	// ActArg is one argument of the action before it.
	ActArg
	// ActPrinta is a printa(): Format indexes Program.Formats (or is -1
	// without a format), Arg is the number of ActAgg records that follow.
	ActPrinta
	// ActAgg names an aggregation of a printa() in Arg (its ID).
	ActAgg
	// ActGuard is a byte that is 0 when the action after it did not run
	// (it is under an if statement); Arg is the number of records of
	// that action, which the consumer then skips.
	ActGuard
	// ActClear, ActTrunc, ActNormalize and ActDenormalize are the
	// consumer-side operations on the aggregation whose ID is in Arg:
	// clear(), trunc() (Format 1 when an ActArg count follows, else 0),
	// normalize() (an ActArg factor follows) and denormalize().
	ActClear
	ActTrunc
	ActNormalize
	ActDenormalize
	// ActSetopt is setopt(): Format indexes the option as text, "name" or
	// "name=value", when both are constants; else Arg counts the ActArg
	// records that follow, the name's string and the value's.
	ActSetopt
	// ActPrint is print(): Format indexes Program.Types, the type of the
	// value; Arg is the number of ActArg records that follow: the value,
	// or for a pointer to a struct or union, the pointer and then the
	// bytes it points to.
	ActPrint
	// ActSystem and ActFreopen are system() and freopen(), the actions
	// the consumer carries out: Format and Arg as for ActPrintf, the
	// formatted text being the command or the file name.
	ActSystem
	ActFreopen
	// ActFtruncate is ftruncate(), ActPanic panic() and ActBreakpoint
	// breakpoint(), which the consumer carries out; they have no data.
	ActFtruncate
	ActPanic
	ActBreakpoint
	// ActPcap is pcap(): a KindMem record of the packet's first bytes,
	// none for a NULL socket buffer, which prints nothing.
	ActPcap
)

// RecKind returns the Kind of a record's value.
func RecKind(r bpfrt.RecDesc) Kind { return Kind(r.Arg) }

// Probes returns the probes the program enables, each once, in order of
// first use.
func (p *Program) Probes() []Probe {
	var out []Probe
	seen := map[uint32]bool{}
	for _, c := range p.Clauses {
		for _, pr := range c.Probes {
			if !seen[pr.ID] {
				seen[pr.ID] = true
				out = append(out, pr)
			}
		}
	}
	return out
}
