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
		if got := uprobeRefusesAMD64(c.code); got != c.want {
			t.Errorf("% x: %v, want %v", c.code, got, c.want)
		}
	}
}

// TestUprobeRefusesARM64 checks arm64's exclusive loads and stores
// against instructions uprobes step or simulate.
func TestUprobeRefusesARM64(t *testing.T) {
	for _, c := range []struct {
		code []byte
		want bool
	}{
		{[]byte{0x01, 0x7c, 0x5f, 0xc8}, true},  // ldxr x1, [x0]
		{[]byte{0x02, 0x7c, 0x01, 0xc8}, true},  // stxr w1, x2, [x0]
		{[]byte{0x01, 0xfc, 0x5f, 0x88}, true},  // ldaxr w1, [x0]
		{[]byte{0xfd, 0x7b, 0xbf, 0xa9}, false}, // stp x29, x30, [sp, #-16]!
		{[]byte{0x40, 0x05, 0x80, 0x52}, false}, // mov w0, #42
		{[]byte{0xc0, 0x03, 0x5f, 0xd6}, false}, // ret
		{[]byte{0x01, 0xfc, 0xdf, 0xc8}, false}, // ldar x1, [x0]
		{[]byte{0x01}, false},
	} {
		if got := uprobeRefusesARM64(c.code); got != c.want {
			t.Errorf("% x: %v, want %v", c.code, got, c.want)
		}
	}
}
