package bpfrt

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"os"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"
)

// Buffers says what the principal buffers are.
type Buffers int

const (
	// BuffersAuto: BPF ring buffers where the kernel has them, else perf
	// rings.
	BuffersAuto Buffers = iota
	// BuffersPerf: one perf ring per CPU (PERF_EVENT_ARRAY).
	BuffersPerf
	// BuffersRing: one BPF ring buffer per CPU, in an ARRAY_OF_MAPS
	// indexed by CPU; NewMaps fails where the kernel lacks them.
	BuffersRing
	// BuffersRingShared: one BPF ring buffer of all the CPUs' size,
	// every CPU's entry of the array the same ring. It exists to be
	// measured against BuffersRing (bench/README.md), not to be used:
	// records do not say their CPU, which the reader then gives as 0.
	BuffersRingShared
)

// OutputFunc is the symbol of the output subprogram: every record goes
// to the principal buffer through a call of it, as
//
//	dt_output(ctx R1, scratch R2, data R3, size R4, wake R5)
//
// with data a pointer into the scratch value and size a constant; wake
// not 0 asks that the consumer be woken now. It returns 0 or the
// helper's error (a full buffer), which the caller counts as a drop.
// Maps.Load links it into every program that calls it, in the form the
// session's buffers need (perf or BPF ring buffer): the code generator
// does not need to know which.
const OutputFunc = "dt_output"

// outputCall emits the call of dt_output for size bytes at off from the
// scratch pointer.
func outputCall(ctx, scratch asm.Register, off int32, size int32, wake bool) asm.Instructions {
	w := int32(0)
	if wake {
		w = 1
	}
	return asm.Instructions{
		asm.Mov.Reg(asm.R1, ctx),
		asm.Mov.Reg(asm.R2, scratch),
		asm.Mov.Reg(asm.R3, scratch),
		asm.Add.Imm(asm.R3, off),
		asm.Mov.Imm(asm.R4, size),
		asm.Mov.Imm(asm.R5, w),
		asm.Call.Label(OutputFunc),
	}
}

// The flags of bpf_ringbuf_output and the item of bpf_ringbuf_query.
const (
	bpfRBNoWakeup    = 1
	bpfRBForceWakeup = 2
	bpfRBAvailData   = 0
	// ringHdrSize is the kernel's header of a ring buffer record.
	ringHdrSize = 8
)

// skipIfActive emits a jump to label while the session is active (or its
// state cannot be read): the code it skips wakes the consumer, which a
// session that is ending needs at once.
func skipIfActive(scratch asm.Register, label string) asm.Instructions {
	return append(LookupZero(MapState, scratch),
		asm.JEq.Imm(asm.R0, 0, label),
		asm.LoadMem(asm.R1, asm.R0, StateActivity, asm.Word),
		asm.JEq.Imm(asm.R1, int32(ActivityActive), label),
	)
}

// outputFunc returns dt_output for the maps' buffers.
//
// For perf rings it is bpf_perf_event_output to the current CPU's ring,
// which wakes the reader only once the ring holds its watermark (the
// reader sets it, as the ring buffers' RingMark); the consumer reads the
// rings at every switchrate tick. Where the ring buffers force a wakeup
// (wake asked, or tracing no longer active), a 4-byte record also goes
// to the doorbell, a perf ring per CPU that wakes its reader at every
// record, and whose reader wakes the consumer.
//
// For BPF ring buffers, wakeups are batched, since a wakeup costs the
// traced thread more than the record: the record is written without one
// (BPF_RB_NO_WAKEUP), and the consumer reads the rings at every
// switchrate tick. It is woken at once (BPF_RB_FORCE_WAKEUP) by the
// record that takes the CPU's ring past RingMark bytes, so that a flood is
// read before it fills the ring: by that record only, since a wakeup
// costs the traced thread an interrupt, and the consumer, once woken,
// reads until the ring is empty (its epoll is level-triggered); when tracing is no longer active (exit()
// has run: the consumer should notice it now, not at its next tick); and
// when the caller asks (wake: key notices, which must be read while the
// process still runs). The CPU's ring is looked up in the array of rings
// with the CPU number, stored in the scratch word MstOut, as the key; the
// lookup is done again after bpf_ringbuf_query, the helper call having
// clobbered the map pointer, since R6-R9 hold what the output needs (the
// verifier inlines the lookup).
func (m *Maps) outputFunc() asm.Instructions {
	l := m.Layout
	if m.Rings == nil {
		const (
			ring = OutputFunc + "_bell"
			out  = OutputFunc + "_out"
		)
		insns := asm.Instructions{
			asm.Mov.Reg(asm.R6, asm.R1).WithSymbol(OutputFunc),
			asm.Mov.Reg(asm.R7, asm.R2),
			asm.Mov.Reg(asm.R8, asm.R5),
			asm.Mov.Reg(asm.R5, asm.R4),
			asm.Mov.Reg(asm.R4, asm.R3),
			asm.LoadMapPtr(asm.R2, 0).WithReference(MapBuffers),
			asm.LoadImm(asm.R3, bpfFCurrentCPU, asm.DWord),
			asm.FnPerfEventOutput.Call(),
			asm.Mov.Reg(asm.R9, asm.R0),
			asm.JNE.Imm(asm.R8, 0, ring),
		}
		insns = append(insns, skipIfActive(asm.R7, out)...)
		return append(insns,
			asm.Mov.Reg(asm.R1, asm.R6).WithSymbol(ring),
			asm.LoadMapPtr(asm.R2, 0).WithReference(MapDoorbell),
			asm.LoadImm(asm.R3, bpfFCurrentCPU, asm.DWord),
			asm.Mov.Reg(asm.R4, asm.R7),
			asm.Add.Imm(asm.R4, MstZero),
			asm.Mov.Imm(asm.R5, 4),
			asm.FnPerfEventOutput.Call(),
			asm.Mov.Reg(asm.R0, asm.R9).WithSymbol(out),
			asm.Return(),
		)
	}
	const (
		fail = OutputFunc + "_fail"
		send = OutputFunc + "_send"
		cpu  = OutputFunc + "_cpu"
	)
	lookupRing := asm.Instructions{
		asm.LoadMapPtr(asm.R1, 0).WithReference(MapBuffers),
		asm.Mov.Reg(asm.R2, asm.R6),
		asm.Add.Imm(asm.R2, MstOut),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, fail),
	}
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R6, asm.R2).WithSymbol(OutputFunc),
		asm.Mov.Reg(asm.R7, asm.R3),
		asm.Mov.Reg(asm.R8, asm.R4),
		asm.Mov.Imm(asm.R9, bpfRBNoWakeup),
		asm.JEq.Imm(asm.R5, 0, "dt_output_state"),
		asm.Mov.Imm(asm.R9, bpfRBForceWakeup),
	}
	state := skipIfActive(asm.R6, cpu)
	state[0] = state[0].WithSymbol("dt_output_state")
	insns = append(insns, state...)
	insns = append(insns,
		asm.Mov.Imm(asm.R9, bpfRBForceWakeup),
		asm.FnGetSmpProcessorId.Call().WithSymbol(cpu),
		asm.StoreMem(asm.R6, MstOut, asm.R0, asm.DWord),
	)
	insns = append(insns, lookupRing...)
	insns = append(insns,
		asm.JEq.Imm(asm.R9, bpfRBForceWakeup, send),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.Mov.Imm(asm.R2, bpfRBAvailData),
		asm.FnRingbufQuery.Call(),
		asm.JGT.Imm(asm.R0, int32(l.RingMark), "dt_output_again"),
		asm.Add.Reg(asm.R0, asm.R8),
		asm.Add.Imm(asm.R0, ringHdrSize),
		asm.JLE.Imm(asm.R0, int32(l.RingMark), "dt_output_again"),
		asm.Mov.Imm(asm.R9, bpfRBForceWakeup),
	)
	again := append(asm.Instructions(nil), lookupRing...)
	again[0] = again[0].WithSymbol("dt_output_again")
	insns = append(insns, again...)
	return append(insns,
		asm.Mov.Reg(asm.R1, asm.R0).WithSymbol(send),
		asm.Mov.Reg(asm.R2, asm.R7),
		asm.Mov.Reg(asm.R3, asm.R8),
		asm.Mov.Reg(asm.R4, asm.R9),
		asm.FnRingbufOutput.Call(),
		asm.Return(),
		asm.Mov.Imm(asm.R0, -1).WithSymbol(fail),
		asm.Return(),
	)
}

// definesFunc reports whether insns define the BPF function sym.
func definesFunc(insns asm.Instructions, sym string) bool {
	for _, ins := range insns {
		if ins.Symbol() == sym {
			return true
		}
	}
	return false
}

// ringSize is the size of a BPF ring buffer holding size bytes: a power
// of two number of pages, as the kernel wants it.
func ringSize(size int) int {
	page := os.Getpagesize()
	if size <= page {
		return page
	}
	return 1 << bits.Len(uint(size-1))
}

// newRings creates the array of per-CPU BPF ring buffers, each of the
// layout's BufSize rounded up to a power of two pages; unless manual, a
// size the kernel cannot allocate is halved until it can, down to what
// holds the largest record. It sets the layout's BufSize and RingMark
// to what it made.
func (m *Maps) newRings(manual, shared bool) error {
	l := m.Layout
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return err
	}
	size := ringSize(l.BufSize)
	if shared {
		size = ringSize(l.BufSize * ncpu)
	}
	if size > maxRing {
		if manual {
			return fmt.Errorf("create ring buffers of %d bytes: %w", size, unix.ENOMEM)
		}
		size = maxRing
	}
	for {
		err = m.makeRings(ncpu, size, shared)
		if err == nil {
			break
		}
		m.closeRings()
		if manual || !errors.Is(err, unix.ENOMEM) || size/2 < ringSize(l.RecordSize+8) || size/2 < os.Getpagesize() {
			return err
		}
		size /= 2
	}
	// The consumer is woken when a ring is half full, or half as full
	// as bufsize when that is less than a page (the smallest ring): a
	// program that asked for a small buffer gets its records read as
	// soon as it would have filled, and the fill policy, which the
	// consumer keeps, stops tracing then.
	l.RingMark = min(min(size, l.BufSize)/2, math.MaxInt32)
	l.BufSize = size
	return nil
}

// maxRing is the largest ring buffer: its size is a 32-bit power of two.
const maxRing = 1 << 31

func (m *Maps) makeRings(ncpu, size int, shared bool) error {
	inner := &ebpf.MapSpec{Name: "dt_ring", Type: ebpf.RingBuf, MaxEntries: uint32(size)}
	outer, err := ebpf.NewMap(&ebpf.MapSpec{Name: MapBuffers, Type: ebpf.ArrayOfMaps, KeySize: 4, ValueSize: 4,
		MaxEntries: uint32(ncpu), InnerMap: inner})
	if err != nil {
		return fmt.Errorf("create map %s: %w", MapBuffers, err)
	}
	m.Buffers = outer
	for cpu := range ncpu {
		var r *ebpf.Map
		if shared && cpu > 0 {
			r = m.Rings[0]
		} else {
			if r, err = ebpf.NewMap(inner); err != nil {
				return fmt.Errorf("create ring buffer of CPU %d: %w", cpu, err)
			}
			m.Rings = append(m.Rings, r)
		}
		if err := outer.Put(uint32(cpu), r); err != nil {
			return fmt.Errorf("set ring buffer of CPU %d: %w", cpu, err)
		}
	}
	return nil
}

func (m *Maps) closeRings() {
	for _, r := range m.Rings {
		r.Close()
	}
	m.Rings = nil
	if m.Buffers != nil {
		m.Buffers.Close()
		m.Buffers = nil
	}
}

// newBuffers creates the principal buffers cfg asks for: BPF ring
// buffers unless cfg asks for perf rings or the kernel lacks them (it
// has them since Linux 5.8).
func (m *Maps) newBuffers(cfg Config) error {
	if cfg.Buffers != BuffersPerf {
		err := m.newRings(cfg.ManualResize, cfg.Buffers == BuffersRingShared)
		if err == nil || cfg.Buffers != BuffersAuto || errors.Is(err, unix.ENOMEM) {
			return err
		}
	}
	m.Layout.RingMark = 0
	// MaxEntries 0: cilium/ebpf sizes it to the possible CPUs.
	mp, err := ebpf.NewMap(&ebpf.MapSpec{Name: MapBuffers, Type: ebpf.PerfEventArray})
	if err != nil {
		return fmt.Errorf("create map %s: %w", MapBuffers, err)
	}
	m.Buffers = mp
	if m.Doorbell, err = ebpf.NewMap(&ebpf.MapSpec{Name: MapDoorbell, Type: ebpf.PerfEventArray}); err != nil {
		return fmt.Errorf("create map %s: %w", MapDoorbell, err)
	}
	return nil
}
