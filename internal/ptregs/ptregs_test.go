package ptregs

import "testing"

// The offsets must stay inside struct pt_regs' registers and on word
// boundaries: a BPF load at a wrong offset is refused or reads garbage.
func TestLayout(t *testing.T) {
	offs := map[string]int{"Ret": Ret, "FP": FP, "SP": SP, "PC": PC, "Mode": Mode}
	for i, o := range CallArgs {
		offs["CallArgs["+string(rune('0'+i))+"]"] = int(o)
	}
	for name, o := range offs {
		if o < 0 || o%8 != 0 || o >= 8*Words {
			t.Errorf("%s: offset %d is not a register of the %d in pt_regs (%s)", name, o, Words, Arch)
		}
	}
	if len(CallArgs) < 6 {
		t.Errorf("%d argument registers, want at least 6", len(CallArgs))
	}
	if ModeUser&^ModeMask != 0 {
		t.Errorf("ModeUser %#x has bits outside ModeMask %#x", ModeUser, ModeMask)
	}
}

// The syscall provider's offsets stay inside what its entry reads, on
// word boundaries, with the number after them all.
func TestSyscallLayout(t *testing.T) {
	for i, o := range SyscallArgs {
		if o < 0 || o%8 != 0 || int(o)+8 > SyscallRegsSize {
			t.Errorf("SyscallArgs[%d]: offset %d outside the %d bytes read (%s)", i, o, SyscallRegsSize, Arch)
		}
	}
	if SyscallNr < 0 || SyscallNr+SyscallNrSize > SyscallRegsSize || (SyscallNrSize != 4 && SyscallNrSize != 8) {
		t.Errorf("SyscallNr %d (%d bytes) outside the %d bytes read (%s)", SyscallNr, SyscallNrSize, SyscallRegsSize, Arch)
	}
}
