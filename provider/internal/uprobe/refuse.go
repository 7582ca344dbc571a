package uprobe

import "errors"

// errStepInsn is why a site is left out without asking the kernel.
// uprobeRefuses is refuse_amd64.go's or refuse_arm64.go's.
var errStepInsn = errors.New("uprobes cannot take its instruction (" + refusedWhat + ")")

// uprobeRefuses says whether x86-64 uprobes refuse the instruction that
// code starts with, as the kernel's instruction check does: one with a
// lock or an es/cs/ss/ds segment prefix, or a VEX or EVEX encoding.
// Asking the kernel costs a failed uprobe_multi link, which registers
// and then unregisters every uprobe before the refused one; this spares
// that for the sites it knows. It errs only towards "not refused": the
// kernel still decides the rest.
func uprobeRefusesAMD64(code []byte) bool {
	for _, b := range code {
		switch {
		case b == 0xf0, b == 0x26, b == 0x2e, b == 0x36, b == 0x3e:
			return true
		case b == 0x66, b == 0x67, b == 0xf2, b == 0xf3, b == 0x64, b == 0x65, b >= 0x40 && b <= 0x4f:
			// Another prefix, or REX: the opcode follows.
		case b == 0xc4, b == 0xc5, b == 0x62:
			return true
		default:
			return false
		}
	}
	return false
}

// uprobeRefusesARM64 says whether arm64 uprobes refuse the instruction
// code starts with, as the kernel's decoder does for the ones it can
// neither step out of line nor simulate: an exclusive load or store
// (ldxr, stxr and their kin: stepping one elsewhere breaks the exclusive
// monitor). It errs only towards "not refused", as on x86-64.
func uprobeRefusesARM64(code []byte) bool {
	if len(code) < 4 {
		return false
	}
	insn := uint32(code[0]) | uint32(code[1])<<8 | uint32(code[2])<<16 | uint32(code[3])<<24
	return insn&0x3f800000 == 0x08000000 // load/store exclusive, o2 clear (o2 set: ldar, stlr, cas)
}
