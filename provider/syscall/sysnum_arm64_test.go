package syscall

import "testing"

// arm64 has the kernel's generic table: no open, stat or fork, which
// the table must not borrow from x86-64.
func TestSysnum(t *testing.T) {
	for name, nr := range map[string]uint32{"read": 63, "write": 64, "openat": 56, "getpriority": 141, "clone": 220, "execve": 221} {
		if got, ok := sysnum[name]; !ok || got != nr {
			t.Errorf("sysnum[%s] = %d, %v; want %d", name, got, ok, nr)
		}
	}
	for _, name := range []string{"open", "stat", "fork", "select"} {
		if nr, ok := sysnum[name]; ok {
			t.Errorf("sysnum[%s] = %d on arm64, which has no such call", name, nr)
		}
	}
	if argRegs[0] != 272 || nrOff != 280 || nrSize.Sizeof() != 4 {
		t.Errorf("argRegs[0] %d nrOff %d: want orig_x0 at 272, syscallno (4 bytes) at 280", argRegs[0], nrOff)
	}
}
