package format

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// fakeSym knows one kernel module with two functions, and one user object.
type fakeSym struct{}

func (fakeSym) Kernel(addr uint64) (Symbol, bool) {
	switch {
	case addr >= 0x1000 && addr < 0x1100:
		return Symbol{Module: "vmlinux", Name: "do_sys_open", Addr: 0x1000}, true
	case addr >= 0x1100 && addr < 0x1200:
		return Symbol{Module: "vmlinux", Name: "ksys_read", Addr: 0x1100}, true
	case addr >= 0x2000 && addr < 0x3000:
		return Symbol{Module: "ext4"}, true
	}
	return Symbol{}, false
}

func (fakeSym) User(pid int, addr uint64) (Symbol, bool) {
	if pid == 42 && addr >= 0x400000 && addr < 0x401000 {
		return Symbol{Module: "bash", Name: "main", Addr: 0x400000, Base: 0x3ff000}, true
	}
	if pid == 42 && addr >= 0x500000 && addr < 0x501000 {
		return Symbol{Module: "libx.so", Base: 0x500000}, true
	}
	return Symbol{}, false
}

func sprintf(t *testing.T, p *Printer, format string, args ...Value) string {
	t.Helper()
	convs, err := Parse(format)
	if err != nil {
		t.Fatalf("Parse(%q): %v", format, err)
	}
	out, err := p.Append(nil, convs, args, nil)
	if err != nil {
		t.Fatalf("printf(%q): %v", format, err)
	}
	return string(out)
}

func TestPrintfConversions(t *testing.T) {
	p := &Printer{Sym: fakeSym{}, Location: time.UTC, StackIndent: DefaultStackIndent}
	cases := []struct {
		format string
		args   []Value
		want   string
	}{
		{"%d %d %d", []Value{Int(-1, 1), Int(-1, 2), Uint(0xffffffff, 4)}, "-1 -1 4294967295"},
		{"%u %x %o", []Value{Int(-1, 1), Int(-1, 2), Int(-1, 4)}, "255 ffff 37777777777"},
		{"%d %u", []Value{Int(math.MinInt64, 8), Int(math.MinInt64, 8)}, "-9223372036854775808 9223372036854775808"},
		{"%i|%X|%#X|%#o|%#x", []Value{Int(math.MaxInt64, 8), Uint(0xabc, 4), Uint(0xabc, 4), Uint(0, 4), Uint(0, 4)}, "9223372036854775807|ABC|0XABC|0|0"},
		{"%hd %hu %ld %lu %lld %llu", []Value{Int(-2, 2), Uint(65535, 2), Int(-3, 8), Uint(3, 8), Int(-4, 8), Uint(math.MaxUint64, 8)}, "-2 65535 -3 3 -4 18446744073709551615"},
		{"[%-05d] [%0-5d]", []Value{Int(7, 4), Int(7, 4)}, "[00007] [7    ]"},
		{"[%*d] [%.*d] [%*.*d]", []Value{Int(-6, 4), Int(1, 4), Int(3, 4), Int(2, 4), Int(5, 4), Int(0, 4), Int(9, 4)}, "[1     ] [002] [    9]"},
		{"[%?p]", []Value{Uint(0xffffffff81000000, 8)}, "[ffffffff81000000]"},
		{"[%c] [%3c] [%-3c]", []Value{Int('A', 1), Int('b', 4), Int('c', 2)}, "[A] [  b] [c  ]"},
		{"%s|%.2s|%5s", []Value{Bytes([]byte("abc\x00def")), String("hello"), String("toolong")}, "abc|he|toolong"},
		{"%S", []Value{String("a\tb\n\"q\"\\\x01\x7f")}, `a\tb\n\"q\"\\\001\177`},
		{"%C%C", []Value{Int('\n', 1), Int('z', 1)}, `\nz`},
		{"%e %E %f %g %G", []Value{Float(1234.5), Float(0.000012), Float(-2.5), Float(1e-5), Float(1e20)}, "1.234500e+03 1.200000E-05 -2.500000 1e-05 1E+20"},
		{"%f %g", []Value{Float(math.Inf(1)), Float(math.NaN())}, "inf nan"},
		{"%Y|%T", []Value{Int(1700000000123456789, 8), Int(1700000000000000000, 8)}, "2023 Nov 14 22:13:20|Tue, 14 Nov 2023 22:13:20 UTC"},
		{"%Y", []Value{Int(1704067199*1e9, 8)}, "2023 Dec 31 23:59:59"},
		{"%20Y|", []Value{Int(0, 8)}, "1970 Jan  1 00:00:00|"},
		{"%a %a %a %a", []Value{Uint(0x1000, 8), Uint(0x1010, 8), Uint(0x2010, 8), Uint(0x9, 8)}, "vmlinux`do_sys_open vmlinux`do_sys_open+0x10 ext4`0x2010 0x9"},
		{"%A|%-30A|", []Value{{Kind: KindInt, Bits: 0x400010, Size: 8, Pid: 42}, {Kind: KindInt, Bits: 0x400000, Size: 8, Pid: 7}}, "bash`main+0x10|0x400000                      |"},
		{"%k", []Value{{Kind: KindStack, Frames: []uint64{0x1108, 0x1000, 0x77, 0, 0x1001}}}, "\nvmlinux`ksys_read+0x8\nvmlinux`do_sys_open\n0x77\n"},
		{"%-4k|", []Value{{Kind: KindStack, Frames: []uint64{0x1000}}}, "\n    vmlinux`do_sys_open\n|"},
		{"%ls", []Value{Bytes([]byte{'h', 0, 0, 0, 'i', 0, 0, 0, 0xe9, 0, 0, 0, 0, 0, 0, 0, 'x', 0, 0, 0})}, "hi?"},
	}
	for _, c := range cases {
		if got := sprintf(t, p, c.format, c.args...); got != c.want {
			t.Errorf("printf(%q) = %q, want %q", c.format, got, c.want)
		}
	}
}

func TestUserAddresses(t *testing.T) {
	usym := Value{Kind: KindUSym, Bits: 0x400100, Pid: 42}
	uaddr := Value{Kind: KindUAddr, Bits: 0x400100, Pid: 42}
	umod := Value{Kind: KindUMod, Bits: 0x400100, Pid: 42}
	nosym := Value{Kind: KindUAddr, Bits: 0x500010, Pid: 42}
	gone := Value{Kind: KindUAddr, Bits: 0x400100, Pid: 43}
	stack := Value{Kind: KindUStack, Pid: 42, Frames: []uint64{0x400100, 0x500010, 0x9, 0}}
	truncated := Value{Kind: KindUStack, Pid: 42, Frames: []uint64{0x400100, 0x7f0010, FrameTruncated, 0}}
	for _, c := range []struct {
		noresolve bool
		v         Value
		want      string
	}{
		{false, usym, "bash`main"},
		{false, uaddr, "bash`main+0x100"},
		{false, umod, "bash"},
		{false, nosym, "libx.so`0x500010"},
		{false, gone, "0x400100"},
		{false, stack, "\n  bash`main+0x100\n  libx.so`0x500010\n  0x9\n"},
		{false, truncated, "\n  bash`main+0x100\n  0x7f0010\n  [truncated]\n"},
		{true, truncated, "\n  bash:0x1100\n  0x7f0010\n  [truncated]\n"},
		// noresolve: offsets in the mapping; usym() is taken back to the
		// symbol's start first.
		{true, usym, "bash:0x1000"},
		{true, uaddr, "bash:0x1100"},
		{true, umod, "bash"},
		{true, nosym, "libx.so:0x10"},
		{true, gone, "0x400100"},
		{true, stack, "\n  bash:0x1100\n  libx.so:0x10\n  0x9\n"},
	} {
		p := &Printer{Sym: fakeSym{}, StackIndent: 2, NoResolve: c.noresolve}
		want := c.want
		if c.v.Kind != KindUStack {
			want = fmt.Sprintf("  %-50s", c.want)
		}
		if got := string(p.AppendTrace(nil, c.v)); got != want {
			t.Errorf("noresolve=%v: trace(%+v) = %q, want %q", c.noresolve, c.v, got, want)
		}
	}
	// %a and %A print user addresses alike.
	p := &Printer{Sym: fakeSym{}}
	if got := sprintf(t, p, "%a %A %A", uaddr, usym, umod); got != "bash`main+0x100 bash`main+0x100 bash`main+0x100" {
		t.Errorf("%%a %%A of user addresses = %q", got)
	}
}

func TestPrintfErrors(t *testing.T) {
	p := NewPrinter()
	for _, c := range []struct {
		format string
		args   []Value
	}{
		{"%d %d", []Value{Int(1, 4)}},
		{"%d", []Value{String("x")}},
		{"%s", []Value{Int(1, 4)}},
		{"%*d", []Value{String("w"), Int(1, 4)}},
		{"%@d", nil},
		{"%k", []Value{Int(1, 8)}},
	} {
		convs, err := Parse(c.format)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Append(nil, convs, c.args, nil); !errors.Is(err, ErrMismatch) {
			t.Errorf("printf(%q, %v): error %v, want ErrMismatch", c.format, c.args, err)
		}
	}
}

func TestPrintfAggConversions(t *testing.T) {
	convs, err := Parse("%s %@d %@x %@d %@d\n")
	if err != nil {
		t.Fatal(err)
	}
	// Beyond the last aggregation, %@ repeats its value.
	out, err := NewPrinter().Append(nil, convs, []Value{String("k")}, []Value{Int(-5, 8), Uint(255, 8)})
	if err != nil {
		t.Fatal(err)
	}
	if want := "k -5 ff 255 255\n"; string(out) != want {
		t.Errorf("got %q, want %q", out, want)
	}
}

func TestTrace(t *testing.T) {
	loud := &Printer{Sym: fakeSym{}, StackIndent: 4}
	quiet := &Printer{Quiet: true}
	cases := []struct {
		v           Value
		loud, quiet string
	}{
		{Int(-1, 8), "                  -1", "-1"},
		{Uint(math.MaxUint64, 8), " 18446744073709551615", "18446744073709551615"},
		{Int(-1, 4), "         -1", "-1"},
		{Uint(42, 4), "         42", "42"},
		{Int(-1, 2), "    -1", "-1"},
		{Uint(65535, 2), " 65535", "65535"},
		{Int(-1, 1), "  -1", "-1"},
		{Uint(200, 1), " 200", "200"},
		{String("x"), "  x                                ", "x"},
		{String(strings.Repeat("y", 40)), "  " + strings.Repeat("y", 40), strings.Repeat("y", 40)},
		{Value{Kind: KindSym, Bits: 0x1010}, "  vmlinux`do_sys_open                               ", "  0x1010                                            "},
		{Value{Kind: KindMod, Bits: 0x2010}, "  ext4                                              ", "  0x2010                                            "},
		{Value{Kind: KindUSym, Bits: 0x400100, Pid: 42}, "  bash`main                                         ", "  0x400100                                          "},
		{Value{Kind: KindStack, Frames: []uint64{0x1000, 0}}, "\n    vmlinux`do_sys_open\n", "\n0x1000\n"},
	}
	for _, c := range cases {
		if got := string(loud.AppendTrace(nil, c.v)); got != c.loud {
			t.Errorf("trace(%+v) = %q, want %q", c.v, got, c.loud)
		}
		if got := string(quiet.AppendTrace(nil, c.v)); got != c.quiet {
			t.Errorf("quiet trace(%+v) = %q, want %q", c.v, got, c.quiet)
		}
	}
	raw := &Printer{RawBytes: true}
	want := "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n         0: 2a 00 00 00                                      *...\n"
	if got := string(raw.AppendTrace(nil, Int(42, 4))); got != want {
		t.Errorf("rawbytes trace = %q, want %q", got, want)
	}
}

func TestAppendBytes(t *testing.T) {
	cases := []struct {
		b     []byte
		quiet bool
		want  string
	}{
		{[]byte("abc\x00\x00\x00"), false, "  abc" + strings.Repeat(" ", 47)},
		{[]byte("abc\x00\x00\x00"), true, "abc"},
		{[]byte("abc"), true, "  abc" + strings.Repeat(" ", 47)},
		{[]byte("ab\tc\x00"), false, "  ab\tc" + strings.Repeat(" ", 46)},
		{[]byte("ab\x00c"), false, rawString([]byte("ab\x00c"))},
		{[]byte("\x00\x00"), false, rawString([]byte("\x00\x00"))},
		{nil, false, ""},
	}
	for _, c := range cases {
		if got := string(AppendBytes(nil, c.b, 50, c.quiet, false)); got != c.want {
			t.Errorf("AppendBytes(%q, quiet=%v) = %q, want %q", c.b, c.quiet, got, c.want)
		}
	}
}

func rawString(b []byte) string { return string(AppendRawBytes(nil, b)) }

func TestRawBytesRows(t *testing.T) {
	b := make([]byte, 33)
	for i := range b {
		b[i] = byte('A' + i)
	}
	got := string(AppendRawBytes(nil, b))
	want := "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n" +
		"         0: 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f 50  ABCDEFGHIJKLMNOP\n" +
		"        10: 51 52 53 54 55 56 57 58 59 5a 5b 5c 5d 5e 5f 60  QRSTUVWXYZ[\\]^_`\n" +
		"        20: 61                                               a\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestFlowIndent(t *testing.T) {
	var f Flow
	p := NewPrinter()
	var out []byte
	for _, pr := range []FlowProbe{
		{CPU: 1, EPID: 1, ProbeID: 10, Provider: "fbt", Function: "vfs_read", Name: "entry"},
		{CPU: 1, EPID: 2, ProbeID: 10, Provider: "fbt", Function: "vfs_read", Name: "entry"},
		{CPU: 1, EPID: 3, ProbeID: 20, Provider: "syscall", Function: "read", Name: "entry"},
		{CPU: 1, EPID: 4, ProbeID: 30, Provider: "sdt", Function: "f", Name: "gentry"},
		{CPU: 1, EPID: 5, ProbeID: 21, Provider: "syscall", Function: "read", Name: "return"},
		{CPU: 1, EPID: 6, ProbeID: 11, Provider: "fbt", Function: "vfs_read", Name: "return"},
		{CPU: 1, EPID: 6, ProbeID: 11, Provider: "fbt", Function: "vfs_read", Name: "return"},
	} {
		out = f.AppendLine(out, pr)
		out = p.AppendProbeEnd(out)
	}
	var want string
	for _, l := range []string{" -> vfs_read", "  | vfs_read:entry", "   => read", "    | f:gentry", "   <= read", " <- vfs_read", " <- vfs_read"} {
		want += fmt.Sprintf("%3d %-41s \n", 1, l)
	}
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
}

func TestProbeLine(t *testing.T) {
	got := string(AppendProbeLine(nil, 12, 123456, "do_sys_openat2", "entry"))
	if want := fmt.Sprintf("%3d %6d %32s ", 12, 123456, "do_sys_openat2:entry"); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestProbeLineNoIDs: without the CPU and ID columns (dtrace's testing
// mode), the header and lines keep the widths of the columns that remain.
func TestProbeLineNoIDs(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{string(AppendProbeHeader(nil, false, false)), fmt.Sprintf("%3s %6s %32s\n", "CPU", "ID", "FUNCTION:NAME")},
		{string(AppendProbeHeader(nil, true, false)), fmt.Sprintf("%3s %-41s\n", "CPU", "FUNCTION")},
		{string(AppendProbeHeader(nil, false, true)), fmt.Sprintf("%32s\n", "FUNCTION:NAME")},
		{string(AppendProbeHeader(nil, true, true)), fmt.Sprintf("%-41s\n", "FUNCTION")},
		{string(AppendProbeName(nil, "", "BEGIN")), fmt.Sprintf("%32s ", ":BEGIN")},
		{string((&Flow{NoCPU: true}).AppendLine(nil, FlowProbe{Provider: "syscall", Function: "read", Name: "entry"})), fmt.Sprintf("%-41s ", " => read")},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestInet(t *testing.T) {
	cases := map[[16]byte]string{
		{}:                              "::",
		{15: 1}:                         "::1",
		{0x20, 0x01, 0x0d, 0xb8, 15: 1}: "2001:db8::1",
		{0x20, 0x01, 0x0d, 0xb8, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1}: "2001:db8:1::1:0:1",
		{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 10, 0, 0, 1}:      "10.0.0.1",
		{12: 127, 15: 1}: "127.0.0.1",
		{15: 1}:          "::1",
		{13: 1}:          "0.1.0.0",
		{0x20, 0x01, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1}:                   "2001:0:0:1::1",
		{0x12, 0x34, 0, 0, 0x56, 0x78, 0, 0, 0x9a, 0xbc, 0, 0, 0xde, 0xf0, 0, 0}: "1234:0:5678:0:9abc:0:def0:0",
		{0xfe, 0x80, 8: 0x02, 0x11, 0x22, 0xff, 0xfe, 0x33, 0x44, 0x55}:          "fe80::211:22ff:fe33:4455",
	}
	for a, want := range cases {
		if got := InetNtoa6(a); got != want {
			t.Errorf("InetNtoa6(% x) = %q, want %q", a, got, want)
		}
	}
	for a, want := range map[[16]byte]string{
		{10: 0xff, 11: 0xff, 12: 10, 15: 1}: "::ffff:10.0.0.1",
		{12: 127, 15: 1}:                    "::127.0.0.1",
		{}:                                  "::",
	} {
		if got := InetNtop(AFInet6, a[:]); got != want {
			t.Errorf("InetNtop(AF_INET6, % x) = %q, want %q", a, got, want)
		}
	}
	if got := InetNtop(AFInet, []byte{192, 168, 1, 254}); got != "192.168.1.254" {
		t.Errorf("InetNtop(AF_INET) = %q", got)
	}
	if got := InetNtop(99, []byte{1, 2, 3, 4}); got != "" {
		t.Errorf("InetNtop(99) = %q", got)
	}
}

func TestValueIntegers(t *testing.T) {
	cases := []struct {
		b        []byte
		signed   bool
		i64, s64 int64
		u64      uint64
	}{
		{[]byte{0xff}, true, -1, -1, 0xff},
		{[]byte{0xff}, false, 0xff, -1, 0xff},
		{[]byte{0xfe, 0xff}, true, -2, -2, 0xfffe},
		{[]byte{0, 0, 0, 0x80}, false, 0x80000000, math.MinInt32, 0x80000000},
		{[]byte{1, 0, 0, 0, 0, 0, 0, 0x80}, true, math.MinInt64 + 1, math.MinInt64 + 1, 1<<63 + 1},
	}
	for _, c := range cases {
		v := IntFromBytes(c.b, c.signed)
		if v.Kind != KindInt || v.Size != len(c.b) || v.Int64() != c.i64 || v.SInt64() != c.s64 || v.Uint64() != c.u64 {
			t.Errorf("IntFromBytes(% x, %v) = %+v: Int64 %d SInt64 %d Uint64 %d", c.b, c.signed, v, v.Int64(), v.SInt64(), v.Uint64())
		}
	}
	if v := IntFromBytes([]byte{1, 2, 3}, false); v.Kind != KindBytes {
		t.Errorf("3-byte integer decoded as %+v", v)
	}
	if v := Int(-1, 2); v.Bits != 0xffff || v.Int64() != -1 {
		t.Errorf("Int(-1, 2) = %+v", v)
	}
}
