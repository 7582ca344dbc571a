package bpfrt

import "fmt"

// Config sizes the runtime maps and the per-CPU scratch value. The zero
// value of a field means its default.
type Config struct {
	// BufSize is DTrace's bufsize: the size of each CPU's principal
	// buffer (perf ring), rounded up to a power-of-two number of pages.
	BufSize int
	// RecordSize is the largest output record a clause may stage; it is
	// bounded by BufSize, since a record larger than a buffer never fits.
	RecordSize int
	// ThisSize is the clause-local (this->) space in bytes.
	ThisSize int
	// StrSize is strsize: the size of one string scratch slot.
	StrSize int
	// StrSlots is how many string scratch slots a clause may use at once.
	StrSlots int
	// GlobalsSize is the size of the one value holding all D globals.
	GlobalsSize int
	// DynVarSize is dynvarsize in bytes; with DynTuple and DynValue it
	// gives the number of dynamic variables the HASH map holds, whose
	// keys and values are DynKeySize and DynValSize bytes. A DynValSize
	// of 0 means the program has none: the map then holds one.
	DynVarSize int
	DynKeySize int
	DynValSize int
	// DynTuple and DynValue are DTrace's measure of a dynamic variable:
	// the largest tuple of the program's associative arrays and
	// aggregations as AggTuple lays it out (0 when it has none: a
	// thread-local has no tuple), and the largest size of a value, not
	// rounded up. Like DTrace, the map holds dynvarsize / (DynTuple +
	// DynValue) variables, so a script that counts on how many fit sees
	// DTrace's number.
	DynTuple int
	DynValue int
	// AggSize is aggsize in bytes; with AggTuple and AggValSize it gives
	// the number of tuples, over all CPUs, the aggregation map holds. An
	// AggKeySize of 0 means the program has no aggregations with keys:
	// the map then holds one.
	AggSize    int
	AggKeySize int
	AggValSize int
	// AggTuple is the largest tuple of the program's aggregations as
	// DTrace lays it out: a 4-byte variable id, the keys (a string takes
	// strsize bytes and its NUL whatever it holds) and a trailing word;
	// 0 when the program has no aggregations. Like DTrace, a map holds
	// aggsize / (AggTuple + 8 + AggValSize) tuples: the 8 is DTrace's
	// counter word before an aggregation's data.
	AggTuple int
	// AggVals is the number of aggregations without keys, which the
	// per-CPU array of Maps.AggVals holds.
	AggVals int
	// StrtabSize is the size of the string constant table.
	StrtabSize int
	// NSpec is nspec: the number of speculative buffers.
	NSpec int
	// OneCPU is the cpu option: clauses run only for firings on CPU
	// CPU, whose principal buffer alone then receives records, as
	// DTrace's trampoline checks the CPU first.
	OneCPU bool
	CPU    int
	// CPUInfo asks for the map curcpu points into (cpuinfo.go).
	CPUInfo bool
	// UnwindRows, when not 0, asks for the maps user stacks are unwound
	// by (unwind.go), with room for that many rows.
	UnwindRows int
	// Buffers chooses the principal buffers (ring.go): BPF ring buffers
	// where the kernel has them, by default.
	Buffers Buffers
	// Defer asks for the map of deferred firings (defer.go): some
	// clause may defer a copy that failed.
	Defer bool
	// ManualResize is bufresize=manual: a ring buffer the kernel cannot
	// allocate fails NewMaps rather than being halved until it can.
	ManualResize bool
}

// Defaults, chosen to match DTrace's defaults where DTrace has one.
const (
	DefaultBufSize     = 4 << 20
	DefaultRecordSize  = 4 << 10
	DefaultThisSize    = 256
	DefaultStrSize     = 256
	DefaultStrSlots    = 4
	DefaultGlobalsSize = 8
	DefaultDynVarSize  = 1 << 20
	DefaultAggSize     = 4 << 20
	DefaultStrtabSize  = 8
	DefaultNSpec       = 1
)

// maxScratch is the largest value a PERCPU_ARRAY may hold (the kernel's
// per-CPU allocator unit, PCPU_MIN_UNIT_SIZE).
const maxScratch = 32 << 10

func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

func (c Config) withDefaults() Config {
	c.BufSize = orDefault(c.BufSize, DefaultBufSize)
	c.RecordSize = min(orDefault(c.RecordSize, DefaultRecordSize), c.BufSize)
	c.ThisSize = orDefault(c.ThisSize, DefaultThisSize)
	c.StrSize = orDefault(c.StrSize, DefaultStrSize)
	c.StrSlots = orDefault(c.StrSlots, DefaultStrSlots)
	c.GlobalsSize = orDefault(c.GlobalsSize, DefaultGlobalsSize)
	c.DynVarSize = orDefault(c.DynVarSize, DefaultDynVarSize)
	c.AggSize = orDefault(c.AggSize, DefaultAggSize)
	c.StrtabSize = orDefault(c.StrtabSize, DefaultStrtabSize)
	c.NSpec = orDefault(c.NSpec, DefaultNSpec)
	return c
}

// Offsets of the machine state fields, at the start of the scratch value.
const (
	MstEPID  = 0  // u32: enabled probe id of the running clause
	MstPRID  = 4  // u32: probe id
	MstStmt  = 8  // u32: statement id of the running clause
	MstZero  = 12 // u32: always 0; a map key usable without stack space
	MstTime  = 16 // u64: timestamp, read once per firing (0 until then)
	MstArgs  = 24 // u64[NumArgs]: arg0..arg9
	NumArgs  = 10
	MstDrops = 104 // u64: records this CPU failed to output (buffer full)
	// MstSpec (spec.go) is at 112.
	// MstAggDrops counts the tuples this CPU could not add to a full
	// aggregation map; MstDynDrops the dynamic variables it could not
	// store in a full dynamic variable map.
	MstAggDrops = 120 // u64
	MstDynDrops = 128 // u64
	// MstTok is where strtok() goes on in the string it splits, -1 at
	// the start of each firing: as in DTrace, strtok(NULL, ...) goes on
	// with the string of an earlier call of the same firing, in the same
	// clause or another.
	MstTok = 136 // u64
	// MstOut is dt_output's scratch word: the CPU number, as the key of
	// the CPU's ring buffer (ring.go).
	MstOut = 144 // u64
	// MstDefer, MstDeferKey and MstResume are a deferring firing's
	// (defer.go): whether a clause may defer a copy that failed
	// (DeferOff, DeferOn, or DeferDone once one has), the provider's
	// key of the event the firing waits for, and where the firing
	// resumes.
	MstDefer    = 152 // u32
	MstDeferKey = 156 // u32
	MstResume   = 160 // u32
	// MstBusy is set while a firing uses this scratch value (link.go's
	// claimScratch): a probe that fires in an interrupt of it (a profile
	// probe's NMI, a softirq's raw tracepoint) takes the CPU's next
	// scratch value (ScratchLevels), and would otherwise overwrite the
	// machine state, the arguments and the staged record of the firing
	// it interrupted. A firing nested deeper than there are scratch
	// values is dropped and counted in MstNested.
	MstBusy   = 164 // u32
	MstNested = 168 // u64
	mstSize   = 176
	saveSize  = MstArgs + 6*8 // what dt_error changes and restores
)

// MstArg is the offset of argument i in the machine state.
func MstArg(i int) int16 { return int16(MstArgs + 8*i) }

// Layout gives the offsets of the areas of the per-CPU scratch value. Code
// generation addresses every area from the scratch pointer a clause gets.
type Layout struct {
	Config
	// Save holds the machine state fields dt_error overwrites while the
	// ERROR clauses run.
	Save int
	// FaultRec is where dt_error stages the fault record.
	FaultRec int
	// This is the clause-local variable space.
	This int
	// Str is the first string scratch slot; slot i is at Str+i*StrSize.
	Str int
	// Stage is the output record staging area, RecordSize bytes: the record
	// header at Stage, the data at Stage+RecHeaderSize.
	Stage int
	// Size is the size of the whole scratch value.
	Size int
	// RingMark, with BPF ring buffers, is how many bytes a CPU's ring
	// holds before a record wakes the consumer (ring.go); 0 with perf
	// rings.
	RingMark int
}

func align8(n int) int { return (n + 7) &^ 7 }

// NewLayout applies defaults to cfg and lays out the scratch value.
func NewLayout(cfg Config) (*Layout, error) {
	cfg = cfg.withDefaults()
	l := &Layout{Config: cfg}
	off := mstSize
	l.Save, off = off, off+align8(saveSize)
	l.FaultRec, off = off, off+FaultRecSize
	l.This, off = off, off+align8(cfg.ThisSize)
	l.Str, off = off, off+align8(cfg.StrSize*cfg.StrSlots)
	l.Stage, off = off, off+align8(cfg.RecordSize)
	l.Size = off
	if l.Size > maxScratch {
		return nil, fmt.Errorf("scratch space of %d bytes exceeds the per-CPU limit of %d: lower the record size, strsize or this-> space", l.Size, maxScratch)
	}
	return l, nil
}
