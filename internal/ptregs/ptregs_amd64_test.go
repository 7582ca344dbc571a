package ptregs

import (
	"testing"

	"github.com/godtrace/godtrace/uelf"
)

// TestAgreesWithUelf: uelf numbers the registers of USDT operands by their
// pt_regs slot; its offsets and these are one layout.
func TestAgreesWithUelf(t *testing.T) {
	for _, c := range []struct {
		name string
		got  int
		reg  uelf.Reg
	}{
		{"CallArgs[0]", int(CallArgs[0]), uelf.RegRDI}, {"CallArgs[3]", int(CallArgs[3]), uelf.RegRCX},
		{"SyscallArgs[3]", int(SyscallArgs[3]), uelf.RegR10}, {"SyscallNr", SyscallNr, uelf.RegOrigRAX},
		{"Ret", Ret, uelf.RegRAX}, {"FP", FP, uelf.RegRBP}, {"SP", SP, uelf.RegRSP}, {"PC", PC, uelf.RegRIP},
		{"Mode", Mode, uelf.RegCS}, {"Words", Words * 8, uelf.RegSS + 1},
	} {
		if want := c.reg.PtRegsOffset(); c.got != want {
			t.Errorf("%s = %d, uelf has %d", c.name, c.got, want)
		}
	}
}
