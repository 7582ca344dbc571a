package bpfrt

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/cilium/ebpf/asm"
	"github.com/godtrace/godtrace/internal/bpfinsn"
)

// Speculations. The speculation map (ARRAY[1], mmapped) holds one u64
// state per speculative buffer, then two failure counters:
//
//	[state u64 x NSpec][unavail u64][busy u64]
//
// A state goes SpecFree -> SpecActive (speculation(), a compare-and-
// exchange from free) -> SpecDone (commit() or discard()) -> SpecFree
// (the consumer, once it has processed the commit or discard record). The
// BPF side buffers nothing: a speculative record goes to the principal
// buffer with the speculation id in the header's second word, and
// commit() and discard() output a control record [EPIDSpec][id | flag],
// so the consumer holds the tagged records of each id until it sees what
// to do with them. Records of one CPU arrive in order, which is all this
// needs while a speculation stays on one CPU.
const (
	SpecFree   = 0
	SpecActive = 1
	SpecDone   = 2
)

// EPIDSpec is the EPID of speculation control records. Real EPIDs are
// small, so the top value cannot collide with one.
const EPIDSpec = 0xffffffff

// SpecDiscard is set in a control record's id word for discard(); it is
// clear for commit().
const SpecDiscard = 1 << 31

// MapSpec is the speculation map's name.
const MapSpec = "dt_spec"

// MstSpec is where a control record is staged in the machine state.
const MstSpec = 112

// specValueSize is the speculation map's value size for n buffers.
func specValueSize(n int) int { return 8 * (n + 2) }

// Speculation emits R0 = speculation(): the id (1..NSpec) of a buffer
// taken from free, or 0 after counting why none could be taken: busy when
// some buffer is committed or discarded but not yet released by the
// consumer, unavailable otherwise. label must be unique in the program.
func (l *Layout) Speculation(scratch asm.Register, label string) asm.Instructions {
	done, fail := label+"_done", label+"_fail"
	insns := append(LookupZero(MapSpec, scratch),
		asm.Mov.Reg(asm.R1, asm.R0),
		asm.Mov.Imm(asm.R0, 0),
		asm.JEq.Imm(asm.R1, 0, done),
		asm.Mov.Imm(asm.R2, SpecActive),
	)
	n := l.Config.NSpec
	for i := range n {
		// CMPXCHG compares R0 with the word and returns the old value in
		// R0: 0 means this buffer was free and is now ours.
		insns = append(insns,
			asm.Mov.Imm(asm.R0, SpecFree),
			bpfinsn.CmpXchg(asm.R1, asm.R2, int16(8*i)),
			asm.JNE.Imm(asm.R0, SpecFree, fmt.Sprintf("%s_%d", label, i)),
			asm.Mov.Imm(asm.R0, int32(i+1)),
			asm.Ja.Label(done),
			asm.Mov.Imm(asm.R3, 0).WithSymbol(fmt.Sprintf("%s_%d", label, i)),
		)
	}
	insns = append(insns, asm.Mov.Imm(asm.R3, int32(8*n)).WithSymbol(fail))
	for i := range n {
		insns = append(insns,
			asm.LoadMem(asm.R0, asm.R1, int16(8*i), asm.DWord),
			asm.JNE.Imm(asm.R0, SpecDone, fmt.Sprintf("%s_b%d", label, i)),
			asm.Mov.Imm(asm.R3, int32(8*(n+1))),
			asm.Mov.Imm(asm.R0, 0).WithSymbol(fmt.Sprintf("%s_b%d", label, i)),
		)
	}
	return append(insns,
		asm.Add.Reg(asm.R1, asm.R3),
		asm.Mov.Imm(asm.R2, 1),
		asm.StoreXAdd(asm.R1, asm.R2, asm.DWord),
		asm.Mov.Imm(asm.R0, 0),
		// The success path jumps here with the id in R0.
		asm.Mov.Reg(asm.R0, asm.R0).WithSymbol(done),
	)
}

// SpecEnd emits commit(id) (discard false) or discard(id) for the id in
// the callee-saved register id: a valid id's buffer is marked done and
// the control record output, so the consumer prints or drops what it
// holds for it. Any other id does nothing. label must be unique.
func (l *Layout) SpecEnd(ctx, scratch, id asm.Register, discard bool, label string) asm.Instructions {
	flag := int32(0)
	if discard {
		flag = math.MinInt32 // SpecDiscard, sign-extended by the ALU
	}
	return append(asm.Instructions{
		asm.JEq.Imm(id, 0, label),
		asm.JGT.Imm(id, int32(l.Config.NSpec), label),
		asm.LoadMapPtr(asm.R1, 0).WithReference(MapSpec),
		asm.Mov.Reg(asm.R2, scratch),
		asm.Add.Imm(asm.R2, MstZero),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, label),
		asm.Mov.Reg(asm.R1, id),
		asm.Sub.Imm(asm.R1, 1),
		asm.LSh.Imm(asm.R1, 3),
		asm.Add.Reg(asm.R0, asm.R1),
		StoreImm64(asm.R0, 0, SpecDone),
		asm.StoreImm(scratch, MstSpec, -1, asm.Word), // EPIDSpec
		asm.Mov.Reg(asm.R1, id),
		asm.Or.Imm(asm.R1, flag),
		asm.StoreMem(scratch, MstSpec+4, asm.R1, asm.Word),
	}, append(append(outputCall(ctx, scratch, MstSpec, RecHeaderSize, false), countDrop(scratch)...),
		asm.Mov.Imm(asm.R0, 0).WithSymbol(label))...)
}

// OutputSpec is Output for a clause that called speculate(): the header's
// second word already holds the speculation id (stored at Stage+4 by
// speculate()), and an id of 0 outputs nothing. label must be unique.
func (l *Layout) OutputSpec(ctx, scratch asm.Register, dataSize int, label string) asm.Instructions {
	return append(asm.Instructions{
		asm.LoadMem(asm.R0, scratch, int16(l.Stage+4), asm.Word),
		asm.JEq.Imm(asm.R0, 0, label),
		asm.LoadMem(asm.R0, scratch, MstEPID, asm.Word),
		asm.StoreMem(scratch, int16(l.Stage), asm.R0, asm.Word),
	}, append(append(outputCall(ctx, scratch, int32(l.Stage), int32(RecHeaderSize+dataSize), false), countDrop(scratch)...),
		asm.Mov.Imm(asm.R0, 0).WithSymbol(label))...)
}

// SpecFailures are the failed speculation() calls counted so far.
type SpecFailures struct {
	// Unavail: every buffer was active.
	Unavail uint64
	// Busy: some buffer was committed or discarded but not yet released.
	Busy uint64
}

// SpecFailures reads the failure counters of the speculation map.
func (m *Maps) SpecFailures() (SpecFailures, error) {
	n := m.Layout.Config.NSpec
	var v [16]byte
	if _, err := m.spec.ReadAt(v[:], int64(8*n)); err != nil {
		return SpecFailures{}, fmt.Errorf("read speculation failures: %w", err)
	}
	ne := binary.NativeEndian
	return SpecFailures{Unavail: ne.Uint64(v[:]), Busy: ne.Uint64(v[8:])}, nil
}

// ReleaseSpec makes speculative buffer id free again, once the consumer
// has processed its commit or discard.
func (m *Maps) ReleaseSpec(id uint32) error {
	if id < 1 || int(id) > m.Layout.Config.NSpec {
		return fmt.Errorf("release of speculation %d out of 1..%d", id, m.Layout.Config.NSpec)
	}
	var v [8]byte
	if _, err := m.spec.WriteAt(v[:], int64(8*(id-1))); err != nil {
		return fmt.Errorf("release speculation %d: %w", id, err)
	}
	return nil
}

// RecordSpec returns the second word of a record's header: the
// speculation id of a speculative record, 0 for others.
func RecordSpec(rec []byte) (uint32, error) {
	if len(rec) < RecHeaderSize {
		return 0, fmt.Errorf("record of %d bytes is shorter than its header", len(rec))
	}
	return binary.NativeEndian.Uint32(rec[4:]), nil
}
