package bpfrt

import (
	"fmt"

	"github.com/cilium/ebpf/asm"
)

// The emitters below are the runtime operations code generation calls
// into. Register arguments named ctx and scratch must be callee-saved
// (R6-R9), because the emitted code calls helpers, which clobber R0-R5.

// ErrorFunc is the symbol of the fault subprogram.
const ErrorFunc = "dt_error"

// errorLeafFunc is the fault subprogram ERROR clauses call: it only emits
// the fault record, because an ERROR clause's fault must not run ERROR
// again (and the verifier forbids the recursion).
const errorLeafFunc = "dt_error_leaf"

// Output emits the staged record: it writes the header (the running EPID)
// at Layout.Stage and sends header and dataSize bytes of data (already at
// Stage+RecHeaderSize) to the principal buffer of the current CPU, through
// dt_output (ring.go). A full buffer counts a drop, which the consumer
// reports.
func (l *Layout) Output(ctx, scratch asm.Register, dataSize int) asm.Instructions {
	insns := asm.Instructions{
		asm.LoadMem(asm.R0, scratch, MstEPID, asm.Word),
		asm.StoreMem(scratch, int16(l.Stage), asm.R0, asm.Word),
		asm.StoreImm(scratch, int16(l.Stage+4), 0, asm.Word),
	}
	insns = append(insns, outputCall(ctx, scratch, int32(l.Stage), int32(RecHeaderSize+dataSize), false)...)
	return append(insns, countDrop(scratch)...)
}

// countDrop counts a failed output (R0 != 0) in the per-CPU machine
// state. The kernel counts perf ring losses too, but tells the reader
// only with the next record that fits, which may never come, and does not
// count ring buffer ones; the counter lets the consumer report drops when
// it looks.
func countDrop(scratch asm.Register) asm.Instructions {
	// A raw offset: the skipped block is fixed, and a label would make
	// every caller supply a unique one.
	return append(asm.Instructions{{OpCode: asm.JEq.Op(asm.ImmSource), Dst: asm.R0, Offset: 3}},
		Count(scratch, MstDrops)...)
}

// Count adds one to the u64 counter at off in the scratch value (a drop
// counter of the machine state), in three instructions; R1 is clobbered.
func Count(scratch asm.Register, off int16) asm.Instructions {
	return asm.Instructions{
		asm.LoadMem(asm.R1, scratch, off, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(scratch, off, asm.R1, asm.DWord),
	}
}

// bpfFCurrentCPU is BPF_F_CURRENT_CPU: output to this CPU's ring.
const bpfFCurrentCPU = 0xffffffff

// Exit emits D's exit(status): it records the status and sets the activity
// to draining, so no clause starts after this one until END. label must be
// unique in the program; it marks the end of the emitted code.
func (l *Layout) Exit(scratch, status asm.Register, label string) asm.Instructions {
	return append(LookupZero(MapState, scratch),
		asm.JEq.Imm(asm.R0, 0, label),
		asm.StoreMem(asm.R0, StateStatus, status, asm.Word),
		asm.StoreImm(asm.R0, StateExited, 1, asm.Word),
		asm.StoreImm(asm.R0, StateActivity, int64(ActivityDraining), asm.Word),
		asm.Mov.Imm(asm.R0, 0).WithSymbol(label),
	)
}

// LookupGlobals emits dst = pointer to the globals value, jumping to fail
// when the lookup fails (it cannot for an ARRAY, but the verifier needs
// the check). dst must not be R1-R5.
func (l *Layout) LookupGlobals(dst, scratch asm.Register, fail string) asm.Instructions {
	return LookupValue(MapGlobals, dst, scratch, fail)
}

// LookupValue emits dst = pointer to the value of the one-entry map m,
// jumping to fail when the lookup fails (it cannot for an ARRAY, but the
// verifier needs the check). dst must not be R1-R5.
func LookupValue(m string, dst, scratch asm.Register, fail string) asm.Instructions {
	return append(LookupZero(m, scratch), asm.JEq.Imm(asm.R0, 0, fail), asm.Mov.Reg(dst, asm.R0))
}

// lookupAt emits R0 = the lookup in map m of the key the program stored
// at [RFP-8], and a jump to fail when there is no such entry.
func lookupAt(m, fail string) asm.Instructions {
	return asm.Instructions{
		asm.LoadMapPtr(asm.R1, 0).WithReference(m),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -8),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, fail),
	}
}

// LookupZero emits R0 = the lookup of key 0 in map m (a pointer to the
// value, or NULL), the key read at MstZero from scratch.
func LookupZero(m string, scratch asm.Register) asm.Instructions {
	return asm.Instructions{
		asm.LoadMapPtr(asm.R1, 0).WithReference(m),
		asm.Mov.Reg(asm.R2, scratch),
		asm.Add.Imm(asm.R2, MstZero),
		asm.FnMapLookupElem.Call(),
	}
}

// Fault emits the call of the fault subprogram for a fault of kind at the
// address (or other value) in value, detected at BPF offset pc of the
// clause. The clause must return right after it: its record is abandoned.
// value must be R0 or R6-R9.
func (l *Layout) Fault(ctx, scratch asm.Register, kind FaultKind, value asm.Register, pc int32) asm.Instructions {
	return asm.Instructions{
		asm.Mov.Reg(asm.R4, value),
		asm.Mov.Reg(asm.R1, ctx),
		asm.Mov.Reg(asm.R2, scratch),
		asm.Mov.Imm(asm.R3, int32(kind)),
		asm.Mov.Imm(asm.R5, pc),
		asm.Call.Label(ErrorFunc),
	}
}

// callsTo reports whether insns call the BPF function sym.
func callsTo(insns asm.Instructions, sym string) bool {
	for _, ins := range insns {
		if ins.IsFunctionReference() && ins.Reference() == sym {
			return true
		}
	}
	return false
}

// renameCalls returns a copy of insns with calls of from turned into calls
// of to.
func renameCalls(insns asm.Instructions, from, to string) asm.Instructions {
	out := make(asm.Instructions, len(insns))
	copy(out, insns)
	for i, ins := range out {
		if ins.IsFunctionReference() && ins.Reference() == from {
			out[i] = ins.WithReference(to)
		}
	}
	return out
}

// label returns a fresh label for builder-emitted code.
func (b *Builder) label(what string) string {
	b.nlabel++
	return fmt.Sprintf("dt_%s_%d", what, b.nlabel)
}

// StoreImm64 emits *(u64 *)(dst + off) = imm, sign-extended. cilium/ebpf's
// asm.StoreImm refuses DWord, but the kernel accepts BPF_ST|BPF_DW.
func StoreImm64(dst asm.Register, off int16, imm int32) asm.Instruction {
	return asm.Instruction{OpCode: asm.StoreImmOp(asm.DWord), Dst: dst, Offset: off, Constant: int64(imm)}
}
