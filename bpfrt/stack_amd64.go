package bpfrt

import "github.com/cilium/ebpf/asm"

// callTarget decodes the 8 code bytes before a return address, read to
// ksCode: R1 becomes the displacement of an x86-64 direct call (e8 rel32,
// ending at the return address) from the return address; anything else
// jumps to no.
func callTarget(no string) asm.Instructions {
	return asm.Instructions{
		asm.LoadMem(asm.R1, asm.RFP, ksCode+3, asm.Byte),
		asm.JNE.Imm(asm.R1, 0xe8, no),
		asm.LoadMem(asm.R1, asm.RFP, ksCode+4, asm.Word),
		asm.LSh.Imm(asm.R1, 32),
		asm.ArSh.Imm(asm.R1, 32),
	}
}
