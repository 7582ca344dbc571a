package uprobe

import "errors"

// errStepInsn is why a site is left out without asking the kernel.
var errStepInsn = errors.New("uprobes cannot take its instruction (lock prefix or VEX/EVEX encoding)")

// uprobeRefuses says whether x86-64 uprobes refuse the instruction that
// code starts with, as the kernel's instruction check does: one with a
// lock or an es/cs/ss/ds segment prefix, or a VEX or EVEX encoding.
// Asking the kernel costs a failed uprobe_multi link, which registers
// and then unregisters every uprobe before the refused one; this spares
// that for the sites it knows. It errs only towards "not refused": the
// kernel still decides the rest.
func uprobeRefuses(code []byte) bool {
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
