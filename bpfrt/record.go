package bpfrt

import (
	"encoding/binary"
	"fmt"

	"github.com/cilium/ebpf/asm"
)

// RecHeaderSize is the size of the header of every output record:
// [EPID u32][reserved u32], so that the data after it is 8-byte aligned.
const RecHeaderSize = 8

// EPIDFault is the EPID of fault records, which dt_error emits. Real EPIDs
// start at 1.
const EPIDFault = 0

// The fault record, staged by dt_error at Layout.FaultRec:
//
//	[0]  u32 EPIDFault      [4]  u32 reserved
//	[8]  u32 faulting EPID  [12] u32 faulting probe id
//	[16] u64 fault kind     [24] u64 fault value (e.g. the address)
//	[32] u64 BPF pc         [40] u64 statement id
const (
	faultEPID    = 8
	faultPRID    = 12
	faultKind    = 16
	faultValue   = 24
	faultPC      = 32
	faultStmt    = 40
	FaultRecSize = 48
)

// Action identifies what a record field holds; its values belong to code
// generation and the formatter, the runtime only carries them.
type Action uint16

// RecDesc describes one field of an output record.
type RecDesc struct {
	// Action says what produced the field (trace, printf argument, exit...).
	Action Action
	// Offset is the field's offset from the start of the record data, that
	// is after the header.
	Offset uint32
	// Size is the field's size in bytes.
	Size uint32
	// Align is the field's alignment.
	Align uint16
	// Format indexes the format string table for printf-like actions;
	// -1 when the field has none.
	Format int
	// Arg is an action-specific constant (e.g. the exit status width).
	Arg uint64
}

// Stmt is one compiled clause (a D statement): its BPF body and the layout
// of the record it outputs. The same Stmt serves every probe it enables.
type Stmt struct {
	// ID numbers the statement in program order; its BPF function is
	// called dt_clause_ID, the name DTrace uses in error messages.
	ID int
	// Insns is the clause body. It is called as clause(ctx, scratch) with
	// the probe context in R1 and the scratch pointer in R2 and returns 0.
	Insns asm.Instructions
	// Recs describes the record data; DataSize is its size in bytes
	// (excluding the header). A clause that outputs nothing has none.
	Recs     []RecDesc
	DataSize int
	// ArgsRead has bit i set when the clause reads argument i from the
	// machine state (arg0-arg9, args[]): a provider may leave the
	// arguments that no clause of a probe reads uncomputed, as pid does
	// with the stack words of arg6-arg9, whose read costs more than the
	// rest of a firing.
	ArgsRead uint16
	// Defers says the clause defers a copy from user memory that
	// failed when the firing allows it (MstDefer, defer.go): it then
	// sets MstDefer to DeferDone and returns, having changed nothing
	// outside its record, and the firing resumes with it later.
	Defers bool
}

// ArgsRead returns the arguments some statement of stmts reads (see
// Stmt.ArgsRead).
func ArgsRead(stmts []*Stmt) uint16 {
	var m uint16
	for _, s := range stmts {
		m |= s.ArgsRead
	}
	return m
}

// Symbol is the name of the statement's BPF function.
func (s *Stmt) Symbol() string { return fmt.Sprintf("dt_clause_%d", s.ID) }

// EPDesc describes one enabled probe: a (probe, statement) pair.
type EPDesc struct {
	EPID uint32
	// ProbeID and ProbeName ("prov:mod:func:name") say which probe.
	ProbeID   uint32
	ProbeName string
	Stmt      *Stmt
}

// EPTable assigns EPIDs and maps them back to their description. EPIDs are
// dense, starting at 1, in the order they are assigned.
type EPTable struct {
	eps   []*EPDesc
	index map[epKey]uint32
}

type epKey struct {
	probe uint32
	stmt  *Stmt
}

// Add returns the EPID of (probe, stmt), creating it on first use.
func (t *EPTable) Add(probeID uint32, probeName string, stmt *Stmt) uint32 {
	if epid, ok := t.index[epKey{probeID, stmt}]; ok {
		return epid
	}
	return t.add(probeID, probeName, stmt)
}

func (t *EPTable) add(probeID uint32, probeName string, stmt *Stmt) uint32 {
	if t.index == nil {
		t.index = make(map[epKey]uint32)
	}
	e := &EPDesc{EPID: uint32(len(t.eps) + 1), ProbeID: probeID, ProbeName: probeName, Stmt: stmt}
	t.eps = append(t.eps, e)
	if _, ok := t.index[epKey{probeID, stmt}]; !ok {
		t.index[epKey{probeID, stmt}] = e.EPID
	}
	return e.EPID
}

// AddBlock assigns fresh, contiguous EPIDs to every (probe, stmt) pair,
// probe-major, and returns the first: the EPID of (probes[i], stmts[j]) is
// base + i*len(stmts) + j, which lets one BPF block fire many probes.
func (t *EPTable) AddBlock(probes []ProbeRef, stmts []*Stmt) (base uint32) {
	base = uint32(len(t.eps) + 1)
	for _, p := range probes {
		for _, s := range stmts {
			t.add(p.ID, p.Name, s)
		}
	}
	return base
}

// Lookup returns the description of epid, or nil.
func (t *EPTable) Lookup(epid uint32) *EPDesc {
	if epid == 0 || int(epid) > len(t.eps) {
		return nil
	}
	return t.eps[epid-1]
}

// RecordEPID returns the EPID in a record's header.
func RecordEPID(rec []byte) (uint32, error) {
	if len(rec) < RecHeaderSize {
		return 0, fmt.Errorf("record of %d bytes is shorter than its header", len(rec))
	}
	return binary.NativeEndian.Uint32(rec), nil
}

// FaultRec is a decoded fault record.
type FaultRec struct {
	EPID    uint32
	ProbeID uint32
	Kind    FaultKind
	Value   uint64
	PC      uint64
	Stmt    uint64
}

// DecodeFault decodes a record whose EPID is EPIDFault.
func DecodeFault(rec []byte) (FaultRec, error) {
	if len(rec) < FaultRecSize {
		return FaultRec{}, fmt.Errorf("fault record of %d bytes, want %d", len(rec), FaultRecSize)
	}
	ne := binary.NativeEndian
	return FaultRec{
		EPID:    ne.Uint32(rec[faultEPID:]),
		ProbeID: ne.Uint32(rec[faultPRID:]),
		Kind:    FaultKind(ne.Uint64(rec[faultKind:])),
		Value:   ne.Uint64(rec[faultValue:]),
		PC:      ne.Uint64(rec[faultPC:]),
		Stmt:    ne.Uint64(rec[faultStmt:]),
	}, nil
}

// FaultKind is a DTRACEFLT_* fault code, as the ERROR probe's arg4 and D's
// DTRACEFLT_* inlines give it.
type FaultKind uint64

// The fault kinds, numbered as DTrace numbers them.
const (
	FaultUnknown   FaultKind = iota // DTRACEFLT_UNKNOWN
	FaultBadAddr                    // DTRACEFLT_BADADDR
	FaultBadAlign                   // DTRACEFLT_BADALIGN
	FaultIllOp                      // DTRACEFLT_ILLOP
	FaultDivZero                    // DTRACEFLT_DIVZERO
	FaultNoScratch                  // DTRACEFLT_NOSCRATCH
	FaultKPriv                      // DTRACEFLT_KPRIV
	FaultUPriv                      // DTRACEFLT_UPRIV
	FaultTupOflow                   // DTRACEFLT_TUPOFLOW
	FaultBadStack                   // DTRACEFLT_BADSTACK
	FaultBadSize                    // DTRACEFLT_BADSIZE (DTrace for Linux)
	FaultBadIndex                   // DTRACEFLT_BADINDEX (DTrace for Linux)
)

var faultNames = [...]string{
	FaultUnknown:   "unknown fault",
	FaultBadAddr:   "invalid address",
	FaultBadAlign:  "invalid alignment",
	FaultIllOp:     "illegal operation",
	FaultDivZero:   "divide-by-zero",
	FaultNoScratch: "out of scratch space",
	FaultKPriv:     "invalid kernel access",
	FaultUPriv:     "invalid user access",
	FaultTupOflow:  "tuple stack overflow",
	FaultBadStack:  "bad stack",
	FaultBadSize:   "invalid size",
	FaultBadIndex:  "index out of bounds",
}

// String returns the fault's description as DTrace prints it.
func (k FaultKind) String() string {
	if int(k) < len(faultNames) {
		return faultNames[k]
	}
	return faultNames[FaultUnknown]
}

// HasValue reports whether DTrace prints the fault value (an address) in
// the error message for this kind.
func (k FaultKind) HasValue() bool {
	switch k {
	case FaultBadAddr, FaultBadAlign, FaultKPriv, FaultUPriv, FaultBadSize, FaultBadIndex:
		return true
	}
	return false
}

// ValueText is how DTrace's error message shows value for this kind:
// " (0x...)", an index " (-1)", or nothing.
func (k FaultKind) ValueText(value uint64) string {
	switch {
	case k == FaultBadIndex:
		return fmt.Sprintf(" (%d)", int64(value))
	case k.HasValue():
		return fmt.Sprintf(" (0x%x)", value)
	}
	return ""
}
