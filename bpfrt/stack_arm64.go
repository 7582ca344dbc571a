package bpfrt

import "github.com/cilium/ebpf/asm"

// callTarget decodes the 8 code bytes before a return address, read to
// ksCode: R1 becomes the target of an arm64 bl (the word before the
// return address; imm26 in words from the instruction) less the return
// address; anything else jumps to no.
func callTarget(no string) asm.Instructions {
	return asm.Instructions{
		asm.LoadMem(asm.R1, asm.RFP, ksCode+4, asm.Word),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.RSh.Imm(asm.R2, 26),
		asm.JNE.Imm(asm.R2, 0x25, no),
		asm.LSh.Imm(asm.R1, 38),
		asm.ArSh.Imm(asm.R1, 36),
		asm.Sub.Imm(asm.R1, 4),
	}
}
