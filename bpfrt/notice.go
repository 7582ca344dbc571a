package bpfrt

import "github.com/cilium/ebpf/asm"

// EPIDKeyNotice is the EPID of key notices: when an aggregation whose keys
// hold user addresses (ustack(), usym()...) gets a new tuple, the clause
// sends the tuple's map key to the consumer as [EPIDKeyNotice][aggregation
// id][key fields], so that the consumer reads the process's mappings
// while the process still runs; by the time the aggregation prints, it
// may have exited. Real EPIDs are small, and EPIDSpec is the top value.
const EPIDKeyNotice = 0xfffffffe

// KeyNotice emits the output of the key notice of aggregation aggID,
// whose map key of keySize bytes is staged at keyOff from the scratch
// pointer: the key's header [aggid u32][cpu u32] becomes the record
// header [EPIDKeyNotice][aggid] for the time of the output. A notice that
// does not fit in the buffer is not counted as a drop: it only warms the
// consumer's symbol cache.
func (l *Layout) KeyNotice(ctx, scratch asm.Register, keyOff int16, keySize int, aggID uint32) asm.Instructions {
	insns := asm.Instructions{
		asm.StoreImm(scratch, keyOff, int64(int32(-2)), asm.Word), // EPIDKeyNotice
		asm.StoreImm(scratch, keyOff+4, int64(aggID), asm.Word),
	}
	// The consumer is woken at once: it must read the mappings while
	// the process still runs.
	insns = append(insns, outputCall(ctx, scratch, int32(keyOff), int32(keySize), true)...)
	return append(insns,
		asm.FnGetSmpProcessorId.Call(),
		asm.LSh.Imm(asm.R0, 32),
		asm.Or.Imm(asm.R0, int32(aggID)),
		asm.StoreMem(scratch, keyOff, asm.R0, asm.DWord),
	)
}
