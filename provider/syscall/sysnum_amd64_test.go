package syscall

import "testing"

func TestSysnum(t *testing.T) {
	for name, nr := range map[string]uint32{"read": 0, "write": 1, "openat": 257, "getpriority": 140} {
		if got, ok := sysnum[name]; !ok || got != nr {
			t.Errorf("sysnum[%s] = %d, %v; want %d", name, got, ok, nr)
		}
	}
	if argRegs[3] != 56 {
		t.Errorf("the fourth syscall argument is at %d, want r10's 56", argRegs[3])
	}
}
