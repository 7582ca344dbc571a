package consume

import (
	"fmt"

	"github.com/godtrace/godtrace/bpfrt"
)

// Handler receives what the buffers hold, in the order described in the
// package documentation. An error stops the session.
type Handler interface {
	// Record is a data record of an enabled probe.
	Record(r Record) error
	// Fault is a fault in a clause, after which that clause was abandoned.
	Fault(f Fault) error
	// Drops reports n losses of kind on a CPU (-1 for kinds DTrace counts
	// over all CPUs).
	Drops(kind DropKind, cpu int, n uint64) error
	// SpecDrops reports n speculative losses of kind (see SpecDrop).
	SpecDrops(kind SpecDrop, n uint64) error
}

// Stopper is implemented by a Handler that wants to know when tracing has
// stopped (exit(), a full fill buffer, a signal): Stopping is called when
// the consumer first sees it, before it reads the records left in the
// buffers, and again once END has fired, before it reads END's records.
// DTrace then reads the aggregations regardless of aggrate.
type Stopper interface {
	Stopping() error
}

// KeyHandler is implemented by a Handler that wants the key notices of
// aggregations whose keys hold user addresses (bpfrt.EPIDKeyNotice); other
// Handlers never see them.
type KeyHandler interface {
	KeyNotice(n KeyNotice) error
}

// KeyNotice is the map key of a new tuple of an aggregation.
type KeyNotice struct {
	CPU   int
	AggID int
	// Key is the whole map key, its [aggid u32][0 u32] header included,
	// as the aggregation's key field offsets count. It is only valid
	// during the call.
	Key []byte
}

// Record is one data record.
type Record struct {
	CPU int
	EP  *bpfrt.EPDesc
	// Data is the record's data after the header, EP.Stmt.DataSize bytes,
	// laid out as EP.Stmt.Recs describe. It is only valid during the call.
	Data []byte
}

// Fault is one fault record with the enabled probe it happened in.
type Fault struct {
	CPU int
	bpfrt.FaultRec
	EP *bpfrt.EPDesc
}

// Error returns the message DTrace prints for the fault after "dtrace: ".
func (f Fault) Error() string {
	clause, probe := "<unknown>", "<unknown>"
	if f.EP != nil {
		clause, probe = f.EP.Stmt.Symbol(), f.EP.ProbeName
	}
	return fmt.Sprintf("error in %s for probe ID %d (%s): %s%s at BPF pc %d",
		clause, f.ProbeID, probe, f.Kind, f.Kind.ValueText(f.Value), f.PC)
}

// DropKind is a kind of loss the runtime counts.
type DropKind int

const (
	// DropPrincipal: a record did not fit in its CPU's buffer.
	DropPrincipal DropKind = iota
	// DropAggregation: a new tuple did not fit in the full aggregation
	// map (aggsize).
	DropAggregation
	// DropDynamic: a dynamic variable (associative array element or
	// thread-local) did not fit in the full dynamic variable map
	// (dynvarsize). DTrace counts them over all CPUs.
	DropDynamic
	// DropNested: a probe fired in interrupts of other firings on its
	// CPU nested deeper than the CPU has scratch values
	// (bpfrt.ScratchLevels), and was not run.
	DropNested
)

// DropsMessage returns DTrace's message for n losses of kind on cpu,
// after "dtrace: ".
func DropsMessage(kind DropKind, cpu int, n uint64) string {
	s := "s"
	if n == 1 {
		s = ""
	}
	switch kind {
	case DropAggregation:
		return fmt.Sprintf("%d aggregation drop%s on CPU %d", n, s, cpu)
	case DropDynamic:
		return fmt.Sprintf("%d dynamic variable drop%s", n, s)
	case DropNested:
		return fmt.Sprintf("%d nested firing drop%s on CPU %d", n, s, cpu)
	}
	return fmt.Sprintf("%d drop%s on CPU %d", n, s, cpu)
}
