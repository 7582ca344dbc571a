package bpfrt

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/cilium/ebpf"
)

// Map names. Instructions load a map's pointer with
// asm.LoadMapPtr(reg, 0).WithReference(MapX); Load resolves the reference.
const (
	MapScratch = "dt_scratch"
	MapBuffers = "dt_buffers"
	// MapDoorbell: with perf rings, the perf rings that wake the
	// consumer now (see outputFunc).
	MapDoorbell = "dt_doorbell"
	MapState    = "dt_state"
	MapGlobals  = "dt_globals"
	MapDynVars  = "dt_dvars"
	MapAggs     = "dt_aggs"
	MapAggVals  = "dt_aggvals"
	MapStrtab   = "dt_strtab"
	// MapSpec (spec.go) is the speculation map.
)

// Activity is the run state that every trampoline checks before each
// clause. It lives in the state map.
type Activity uint32

const (
	// ActivityInactive: before BEGIN has finished; only BEGIN clauses run.
	ActivityInactive Activity = iota
	// ActivityActive: tracing; clauses of all probes but BEGIN/END run.
	ActivityActive
	// ActivityDraining: exit() was called or tracing is being stopped;
	// no clause runs while the consumer drains the buffers.
	ActivityDraining
	// ActivityEnd: END is firing; only END clauses run.
	ActivityEnd
	// ActivityStopped: END is done.
	ActivityStopped
)

// The state map's one value.
const (
	StateActivity = 0 // u32 Activity
	StateExited   = 4 // u32: 1 once exit() ran
	StateStatus   = 8 // u32: the exit() status
	// StateDeferred counts the firings saved in the defer map
	// (defer.go): while it is 0, no program needs to look there.
	StateDeferred = 12 // u32
	stateSize     = 16
)

// Maps are the maps of one tracing session, shared by all its programs.
type Maps struct {
	Layout *Layout
	// Scratch: PERCPU_ARRAY[1] of Layout.Size bytes (machine state, this->,
	// string scratch, record staging).
	Scratch *ebpf.Map
	// Buffers: the principal buffers, one per CPU: an ARRAY_OF_MAPS of
	// the BPF ring buffers in Rings, indexed by CPU, or, without them, a
	// PERF_EVENT_ARRAY of perf rings, which the reader creates.
	Buffers *ebpf.Map
	// Rings are the CPUs' BPF ring buffers, by CPU; nil with perf rings.
	Rings []*ebpf.Map
	// Doorbell: with perf rings, a PERF_EVENT_ARRAY whose records only
	// wake the consumer (the reader creates its rings); nil with BPF
	// ring buffers.
	Doorbell *ebpf.Map
	// State: ARRAY[1] of the activity, the exit flag and the exit status.
	State *ebpf.Map
	// Globals: ARRAY[1] of GlobalsSize bytes; a global is an offset in it.
	Globals *ebpf.Map
	// DynVars and Aggs are preallocated hash maps: without preallocation
	// an update from a program running in interrupt context (profile,
	// tick, most tracepoints) takes its element from a small per-CPU cache
	// that is refilled later, and fails when that is empty, losing data
	// that DTrace would not lose.
	//
	// DynVars: HASH of DynKeySize to DynValSize bytes, as many as
	// dynvarsize holds (entries), for associative arrays and
	// thread-locals (self->); the key is [varid u32][pad u32][tuple or
	// thread id...], laid out by code generation.
	DynVars *ebpf.Map
	// Aggs: HASH of AggKeySize to AggValSize bytes, as many as aggsize
	// holds (entries); the key is [aggregation id u32][cpu u32][tuple...]
	// and the value the aggregating function's state on that CPU, both
	// laid out by code generation. With the CPU in the key each CPU updates its own
	// entries without locks or atomics, as a PERCPU_HASH would let it,
	// but a tuple takes space only on the CPUs that saw it, and the map
	// is preallocated fifty times faster (one allocation, not a per-CPU
	// one per entry), which lets aggsize size it as DTrace sizes its
	// aggregation buffers.
	Aggs *ebpf.Map
	// AggVals: PERCPU_ARRAY of the aggregations without keys, one
	// element each (AggVals of AggValSize bytes): a flag word, non-zero
	// once the aggregation has a value on that CPU, then the aggregating
	// function's state. An aggregation without keys has one tuple, which
	// an array finds without hashing: the verifier inlines the lookup.
	AggVals *ebpf.Map
	// Strtab: ARRAY[1] of StrtabSize bytes holding the string constants.
	Strtab *ebpf.Map
	// Spec: ARRAY[1], mmapped, of the speculative buffers' states and the
	// failed speculation counters (spec.go).
	Spec *ebpf.Map
	// CPUInfo: ARRAY of the CPUs' cpuinfo_t (cpuinfo.go), or nil when the
	// program does not use curcpu.
	CPUInfo *ebpf.Map
	// Defer: the deferred firings (defer.go), or nil when no clause
	// defers.
	Defer *ebpf.Map
	// Unwind: the unwind tables of the target processes (unwind.go), or
	// nil when the program walks user stacks by frame pointers only.
	Unwind *UnwindMaps

	state  *ebpf.Memory
	spec   *ebpf.Memory
	byName map[string]*ebpf.Map

	// chains are the continuations LoadChain loaded and their program
	// arrays: programs may be loaded from several goroutines.
	mu     sync.Mutex
	chains []io.Closer
}

// NewMaps creates the maps for cfg. On failure it closes those it made:
// the cleanup closes m, a local, since a named result would already be
// nil when the deferred call runs after "return nil, err".
func NewMaps(cfg Config) (*Maps, error) {
	l, err := NewLayout(cfg)
	if err != nil {
		return nil, err
	}
	aggEntries, err := aggCapacity(l)
	if err != nil {
		return nil, err
	}
	dynEntries, err := dynCapacity(l)
	if err != nil {
		return nil, err
	}
	m := &Maps{Layout: l}
	ok := false
	defer func() {
		if !ok {
			m.Close()
		}
	}()
	for _, s := range []struct {
		dst  **ebpf.Map
		spec ebpf.MapSpec
	}{
		{&m.Scratch, ebpf.MapSpec{Name: MapScratch, Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: uint32(l.Size), MaxEntries: ScratchLevels}},
		{&m.State, ebpf.MapSpec{Name: MapState, Type: ebpf.Array, KeySize: 4, ValueSize: stateSize, MaxEntries: 1, Flags: bpfFMmapable}},
		{&m.Globals, ebpf.MapSpec{Name: MapGlobals, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(align8(l.GlobalsSize)), MaxEntries: 1}},
		{&m.DynVars, ebpf.MapSpec{Name: MapDynVars, Type: ebpf.Hash, KeySize: uint32(max(l.DynKeySize, 8)), ValueSize: uint32(max(l.DynValSize, 8)), MaxEntries: dynEntries}},
		{&m.Aggs, ebpf.MapSpec{Name: MapAggs, Type: ebpf.Hash, KeySize: uint32(max(l.AggKeySize, 8)), ValueSize: uint32(max(l.AggValSize, 8)), MaxEntries: aggEntries}},
		{&m.AggVals, ebpf.MapSpec{Name: MapAggVals, Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: uint32(8 + max(l.AggValSize, 8)), MaxEntries: uint32(max(l.AggVals, 1))}},
		{&m.Strtab, ebpf.MapSpec{Name: MapStrtab, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(align8(l.StrtabSize)), MaxEntries: 1}},
		{&m.Spec, ebpf.MapSpec{Name: MapSpec, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(specValueSize(l.NSpec)), MaxEntries: 1, Flags: bpfFMmapable}},
	} {
		mp, err := ebpf.NewMap(&s.spec)
		if err != nil {
			return nil, fmt.Errorf("create map %s: %w", s.spec.Name, err)
		}
		*s.dst = mp
	}
	if err := m.newBuffers(cfg); err != nil {
		return nil, err
	}
	if cfg.CPUInfo {
		if m.CPUInfo, err = newCPUInfo(); err != nil {
			return nil, err
		}
	}
	if cfg.Defer {
		if m.Defer, err = newDeferMap(l); err != nil {
			return nil, fmt.Errorf("create map %s: %w", MapDefer, err)
		}
	}
	if cfg.UnwindRows > 0 {
		if m.Unwind, err = NewUnwindMaps(cfg.UnwindRows); err != nil {
			return nil, err
		}
	}
	if m.state, err = m.State.Memory(); err != nil {
		return nil, fmt.Errorf("map state: %w", err)
	}
	if m.spec, err = m.Spec.Memory(); err != nil {
		return nil, fmt.Errorf("map speculations: %w", err)
	}
	m.byName = map[string]*ebpf.Map{
		MapScratch: m.Scratch, MapBuffers: m.Buffers, MapState: m.State, MapGlobals: m.Globals,
		MapDynVars: m.DynVars, MapAggs: m.Aggs, MapAggVals: m.AggVals, MapStrtab: m.Strtab, MapSpec: m.Spec,
	}
	if m.Doorbell != nil {
		m.byName[MapDoorbell] = m.Doorbell
	}
	if m.CPUInfo != nil {
		m.byName[MapCPUInfo] = m.CPUInfo
	}
	if m.Defer != nil {
		m.byName[MapDefer] = m.Defer
	}
	if u := m.Unwind; u != nil {
		m.byName[MapUProcs], m.byName[MapUMaps], m.byName[MapURows], m.byName[MapUWant] = u.Procs, u.Maps, u.Rows, u.Want
	}
	ok = true
	return m, nil
}

// dynCapacity is how many dynamic variables the map holds: as many as
// dynvarsize holds by DTrace's measure. A program with dynamic variables
// whose dynvarsize cannot hold one fails as DTrace's does
// (ErrBufTooSmall); a program without holds one.
func dynCapacity(l *Layout) (uint32, error) {
	if l.DynKeySize == 0 || l.DynValSize == 0 || l.DynTuple+l.DynValue == 0 {
		return 1, nil
	}
	n := l.DynVarSize / (l.DynTuple + l.DynValue)
	if n == 0 {
		return 0, ErrBufTooSmall
	}
	return uint32(min(n, 1<<31)), nil
}

// ErrBufTooSmall is DTrace's EDT_BUFTOOSMALL: aggsize cannot hold even
// one tuple of the program's aggregations, or dynvarsize one of its
// dynamic variables.
var ErrBufTooSmall = errors.New("Enabling exceeds size of buffer")

// aggCapacity is how many tuples the aggregation map holds: as many as
// aggsize holds by DTrace's measure, at least one.
func aggCapacity(l *Layout) (uint32, error) {
	if l.AggTuple == 0 {
		return 1, nil
	}
	n := l.AggSize / (l.AggTuple + 8 + l.AggValSize)
	if n == 0 {
		return 0, ErrBufTooSmall
	}
	if l.AggKeySize == 0 {
		return 1, nil
	}
	return uint32(min(n, 1<<31)), nil
}

// bpfFMmapable (BPF_F_MMAPABLE) maps the state into our memory, so the
// consumer polls it without a system call and writes the activity word
// alone, never racing with an exit() that BPF writes beside it.
const bpfFMmapable = 1 << 10

// ByName returns the map a reference names, or nil.
func (m *Maps) ByName(name string) *ebpf.Map { return m.byName[name] }

// Close releases every map.
func (m *Maps) Close() error {
	var errs []error
	m.closeRings()
	for _, mp := range []*ebpf.Map{m.Doorbell, m.Scratch, m.State, m.Globals, m.DynVars, m.Aggs, m.AggVals, m.Strtab, m.Spec, m.CPUInfo, m.Defer} {
		if mp != nil {
			errs = append(errs, mp.Close())
		}
	}
	if m.Unwind != nil {
		m.Unwind.Close()
	}
	for _, c := range m.chains {
		errs = append(errs, c.Close())
	}
	m.chains = nil
	return errors.Join(errs...)
}

// State is a snapshot of the state map.
type State struct {
	Activity Activity
	Exited   bool
	Status   uint32
}

// ReadState reads the state map.
func (m *Maps) ReadState() (State, error) {
	var v [stateSize]byte
	if _, err := m.state.ReadAt(v[:], 0); err != nil {
		return State{}, fmt.Errorf("read state: %w", err)
	}
	ne := binary.NativeEndian
	return State{
		Activity: Activity(ne.Uint32(v[StateActivity:])),
		Exited:   ne.Uint32(v[StateExited:]) != 0,
		Status:   ne.Uint32(v[StateStatus:]),
	}, nil
}

// SetActivity sets the activity word, leaving the exit fields alone.
func (m *Maps) SetActivity(a Activity) error {
	var v [4]byte
	binary.NativeEndian.PutUint32(v[:], uint32(a))
	if _, err := m.state.WriteAt(v[:], StateActivity); err != nil {
		return fmt.Errorf("set activity: %w", err)
	}
	return nil
}

// Drops are the losses one CPU counted.
type Drops struct {
	// Principal: records that did not fit in the CPU's buffer.
	Principal uint64
	// Aggregation: tuples not added to the full aggregation map.
	Aggregation uint64
	// Dynamic: dynamic variables not stored in the full dynamic
	// variable map.
	Dynamic uint64
	// Nested: firings dropped because they interrupted another firing
	// on the CPU (see MstBusy).
	Nested uint64
}

// Drops returns what each CPU counted, indexed by CPU.
func (m *Maps) Drops() ([]Drops, error) {
	// Each of a CPU's scratch values counts what the firings that used
	// it dropped.
	var drops []Drops
	ne := binary.NativeEndian
	for level := range uint32(ScratchLevels) {
		var vals [][]byte
		if err := m.Scratch.Lookup(level, &vals); err != nil {
			return nil, fmt.Errorf("read drops: %w", err)
		}
		if drops == nil {
			drops = make([]Drops, len(vals))
		}
		for cpu, v := range vals[:min(len(vals), len(drops))] {
			d := &drops[cpu]
			d.Principal += ne.Uint64(v[MstDrops:])
			d.Aggregation += ne.Uint64(v[MstAggDrops:])
			d.Dynamic += ne.Uint64(v[MstDynDrops:])
			d.Nested += ne.Uint64(v[MstNested:])
		}
	}
	return drops, nil
}
