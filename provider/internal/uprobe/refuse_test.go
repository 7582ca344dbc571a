package uprobe

import "testing"

func TestParsePID(t *testing.T) {
	for in, want := range map[string]int{"pid1": 1, "pid1234": 1234, "pid": 0, "pid01": 0, "pid12x": 0, "pid*": 0, "usdt12": 0} {
		got, ok := ParsePID("pid", in)
		if ok != (want != 0) || got != want {
			t.Errorf("ParsePID(%q) = %d, %v", in, got, ok)
		}
	}
}

// TestUprobeRefuses checks the instructions known to be refused by x86
// uprobes against some they take.
func TestUprobeRefuses(t *testing.T) {
	for _, c := range []struct {
		code []byte
		want bool
	}{
		{[]byte{0xf0, 0x0f, 0xba, 0xaf}, true},        // lock btsl
		{[]byte{0xc5, 0xf9, 0x6e, 0xc6}, true},        // vmovd (VEX)
		{[]byte{0x62, 0xb1, 0xfe, 0x28}, true},        // EVEX
		{[]byte{0x66, 0xf0, 0x0f, 0xb1}, true},        // data16 lock cmpxchg
		{[]byte{0xf3, 0x0f, 0x1e, 0xfa}, false},       // endbr64
		{[]byte{0x55}, false},                         // push %rbp
		{[]byte{0x48, 0x89, 0xe5}, false},             // mov %rsp,%rbp
		{[]byte{0x64, 0x48, 0x8b, 0x04, 0x25}, false}, // mov %fs:...,%rax
		{nil, false},
	} {
		if got := uprobeRefuses(c.code); got != c.want {
			t.Errorf("% x: %v, want %v", c.code, got, c.want)
		}
	}
}
