package usdt

import (
	"fmt"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/uprobe"
	"github.com/godtrace/godtrace/uelf"
)

// Plan puts every enabled USDT probe in one uprobe unit; each probe's
// trampoline block fetches its own arguments.
func (*Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	var sites []uprobe.Site
	for _, e := range enabled {
		pr, ok := e.Probe.Data.(*probe)
		if !ok {
			return nil, fmt.Errorf("probe %s is not a USDT probe", e.Probe.Desc)
		}
		if pr.site.ArgsErr != nil {
			return nil, fmt.Errorf("probe %s: arguments %q: %w", e.Probe.Desc, pr.site.ArgString, pr.site.ArgsErr)
		}
		sites = append(sites, uprobe.Site{
			Enabled: e, Path: pr.path, Offset: pr.site.Offset, PID: pr.pid,
			RefCtr: pr.site.SemaphoreOffset, Args: fetchArgs(pr.site),
		})
	}
	if len(sites) == 0 {
		return nil, nil
	}
	return []provider.Unit{uprobe.NewUnit("dt_usdt", sites)}, nil
}

// regIP is the pt_regs offset of the instruction pointer, which at a
// uprobe is the probe's address.
var regIP = int16(uelf.RegPC.PtRegsOffset())

// fetchArgs returns the emitter of the code that computes the probe's
// arguments into arg0..: registers from the pt_regs in the context,
// memory operands read with bpf_probe_read_user, constants as immediates,
// each truncated to its size and sign- or zero-extended. The arguments
// past those the note gives are 0.
func fetchArgs(s uelf.Probe) func(b *bpfrt.Builder) error {
	return func(b *bpfrt.Builder) error {
		if len(s.Args) > bpfrt.NumArgs {
			return fmt.Errorf("%d arguments: at most %d are supported", len(s.Args), bpfrt.NumArgs)
		}
		for i, a := range s.Args {
			dst := bpfrt.MstArg(i)
			switch a.Kind {
			case uelf.ArgReg:
				b.Emit(asm.LoadMem(asm.R1, bpfrt.RegCtx, int16(a.Reg.PtRegsOffset()), asm.DWord))
				if a.RegHigh {
					b.Emit(asm.RSh.Imm(asm.R1, 8))
				}
				b.Emit(extend(asm.R1, a)...)
				b.Emit(asm.StoreMem(bpfrt.RegScratch, dst, asm.R1, asm.DWord))
			case uelf.ArgConst:
				// Compilers write a small constant sign-extended
				// whatever its type: 200 as an unsigned char is
				// "1@$-56".
				b.Emit(
					asm.LoadImm(asm.R1, truncate(a.Const, a), asm.DWord),
					asm.StoreMem(bpfrt.RegScratch, dst, asm.R1, asm.DWord))
			case uelf.ArgMem:
				b.Emit(address(s, a)...)
				// The read fills the low bytes (little-endian) of the
				// zeroed slot, and zeroes it all when it faults.
				b.Emit(
					bpfrt.StoreImm64(bpfrt.RegScratch, dst, 0),
					asm.Mov.Reg(asm.R1, bpfrt.RegScratch),
					asm.Add.Imm(asm.R1, int32(dst)),
					asm.Mov.Imm(asm.R2, int32(a.Size)),
					asm.FnProbeReadUser.Call())
				if a.Signed && a.Size < 8 {
					b.Emit(asm.LoadMem(asm.R1, bpfrt.RegScratch, dst, asm.DWord))
					b.Emit(extend(asm.R1, a)...)
					b.Emit(asm.StoreMem(bpfrt.RegScratch, dst, asm.R1, asm.DWord))
				}
			default:
				return fmt.Errorf("argument %d (%s): unknown kind", i, a)
			}
		}
		for i := len(s.Args); i < bpfrt.NumArgs; i++ {
			b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
		}
		return nil
	}
}

// address emits R3 = the address of a memory operand, as uelf.Arg.Address
// computes it. A symbol's run-time address is its ELF address plus the
// module's load bias, and the bias is the probe's run-time address (the
// uprobe's ip) minus its ELF address, so the code serves every process
// mapping the file, wherever it is loaded.
func address(s uelf.Probe, a uelf.Arg) asm.Instructions {
	var insns asm.Instructions
	if a.Symbol != "" {
		insns = append(insns,
			asm.LoadMem(asm.R3, bpfrt.RegCtx, regIP, asm.DWord),
			asm.LoadImm(asm.R1, int64(a.SymbolValue+uint64(a.Offset)-s.PC), asm.DWord),
			asm.Add.Reg(asm.R3, asm.R1))
	} else {
		insns = append(insns, asm.LoadImm(asm.R3, a.Offset, asm.DWord))
	}
	if a.Base != uelf.RegNone && !(a.Base == uelf.RegPC && a.Symbol != "") {
		insns = append(insns,
			asm.LoadMem(asm.R1, bpfrt.RegCtx, int16(a.Base.PtRegsOffset()), asm.DWord),
			asm.Add.Reg(asm.R3, asm.R1))
	}
	if a.Index != uelf.RegNone {
		insns = append(insns,
			asm.LoadMem(asm.R1, bpfrt.RegCtx, int16(a.Index.PtRegsOffset()), asm.DWord),
			asm.Mul.Imm(asm.R1, int32(a.Scale)),
			asm.Add.Reg(asm.R3, asm.R1))
	}
	return insns
}

// truncate is extend for a constant.
func truncate(v int64, a uelf.Arg) int64 {
	if a.Size >= 8 {
		return v
	}
	shift := uint(64 - 8*a.Size)
	if a.Signed {
		return v << shift >> shift
	}
	return int64(uint64(v) << shift >> shift)
}

// extend truncates r to the argument's size, extending its sign when the
// size was written negative.
func extend(r asm.Register, a uelf.Arg) asm.Instructions {
	if a.Size >= 8 {
		return nil
	}
	shift := int32(64 - 8*a.Size)
	if a.Signed {
		return asm.Instructions{asm.LSh.Imm(r, shift), asm.ArSh.Imm(r, shift)}
	}
	return asm.Instructions{asm.LSh.Imm(r, shift), asm.RSh.Imm(r, shift)}
}
