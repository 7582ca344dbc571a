package format

import (
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/conformance"
)

// printfs runs a sequence of printf() actions the way the consumer does.
type printfs struct {
	t   *testing.T
	p   *Printer
	out []byte
}

func (r *printfs) printf(format string, args ...Value) {
	r.t.Helper()
	convs, err := Parse(format)
	if err != nil {
		r.t.Fatalf("Parse(%q): %v", format, err)
	}
	if r.out, err = r.p.Append(r.out, convs, args, nil); err != nil {
		r.t.Fatalf("printf(%q): %v", format, err)
	}
}

// end adds the newline dtrace prints when the run ends.
func (r *printfs) end() string { return string(append(r.out, '\n')) }

func check(t *testing.T, name, got string) {
	t.Helper()
	if want := conformance.Recorded(t, name); got != want {
		t.Errorf("%s:\n got %q\nwant %q", name, got, want)
	}
}

func i32(v int64) Value { return Int(v, 4) }
func i64(v int64) Value { return Int(v, 8) }

func TestConformancePrintf(t *testing.T) {
	quiet := &Printer{Quiet: true, StackIndent: DefaultStackIndent, Location: time.UTC}
	cases := map[string]func(r *printfs){
		"tst.printf-ints": func(r *printfs) {
			r.printf("[%d] [%i] [%u] [%x] [%X] [%o]\n", i32(42), i32(-42), i32(42), i32(255), i32(255), i32(8))
			r.printf("[%5d] [%-5d] [%05d] [%+d] [% d]\n", i32(42), i32(42), i32(42), i32(42), i32(42))
			r.printf("[%d] [%u]\n", i32(-1), i32(-1))
			r.printf("[%lld] [%llx] [%#x] [%#o]\n", i64(1<<40), i64(0xdeadbeefcafe), i32(255), i32(8))
			r.printf("[%c%c%c]\n", Int('a', 1), Int('b', 1), i32(99))
			r.printf("[%.3d] [%8.3d] [%-8.3d]\n", i32(7), i32(7), i32(7))
			r.printf("[%*d] [%-*d]\n", i32(6), i32(12), i32(6), i32(12))
			r.printf("100%%\n")
		},
		"tst.printf-strings": func(r *printfs) {
			s := String("hello")
			r.printf("[%s] [%10s] [%-10s] [%.3s] [%10.2s]\n", s, s, s, s, s)
			r.printf("[%s]\n", String(""))
			r.printf("[%s][%s]\n", String("a"), String("b"))
		},
		"tst.printf-p": func(r *printfs) {
			r.printf("%p %p\n", Uint(0, 8), Uint(0xffff, 8))
		},
		"tst.printf-Y": func(r *printfs) {
			r.printf("%Y\n", i64(1700000000000000000))
			r.printf("%Y\n", i64(0))
		},
		"tst.printf-conv-mismatch": func(r *printfs) {
			r.printf("%s|%d\n", String("a"), i32(1))
		},
		"tst.strings": func(r *printfs) {
			r.printf("%d %d\n", Uint(5, 8), Uint(0, 8))
			r.printf("[%s]\n", String("foobar"))
			r.printf("[%s] [%s] [%s]\n", String("world"), String("hello"), String("llo"))
			r.printf("[%s] [%s]\n", String("el"), String(""))
			r.printf("%d %d %d\n", i32(2), i32(3), i32(-1))
			r.printf("%d\n", i32(6))
			r.printf("[%s] [%s]\n", String("llo"), String("lo"))
			r.printf("[%s]\n", String("o world"))
			r.printf("[%s] [%s] [%s]\n", String("12345"), String("-7"), String("0"))
			r.printf("[%s] [%s] [%s]\n", String("libc.so"), String("lib"), String("file"))
			r.printf("[%s] [%s] [%s]\n", String("/usr/lib"), String("/"), String("."))
			r.printf("[%s]\n", String("/a/c/d/e"))
			r.printf("%d %d %d\n", i32(1), i32(1), i32(1))
		},
		"tst.htons": func(r *printfs) {
			r.printf("%x %x %x\n", Uint(0x3412, 2), Uint(0x78563412, 4), Uint(0x0807060504030201, 8))
			r.printf("%x %x\n", Uint(0x1234, 2), Uint(0x12345678, 4))
		},
		"tst.inet": func(r *printfs) {
			r.printf("%s\n", String(InetNtoa([4]byte{127, 0, 0, 1})))
		},
		"tst.inet6": func(r *printfs) {
			a := [16]byte{0xfe, 0x80, 15: 1}
			r.printf("%s\n", String(InetNtoa6(a)))
			r.printf("%s\n", String(InetNtop(AFInet6, a[:])))
		},
		"tst.tracemem": func(r *printfs) {
			r.out = AppendRawBytes(r.out, []byte("abcdefghijklmnop\x04\x03\x02\x01"))
			r.printf("\n")
		},
	}
	for name, run := range cases {
		t.Run(name, func(t *testing.T) {
			r := &printfs{t: t, p: quiet}
			run(r)
			check(t, name, r.end())
		})
	}
}

func TestConformanceTrace(t *testing.T) {
	p := NewPrinter()
	t.Run("tst.default-output", func(t *testing.T) {
		out := AppendProbeHeader(nil, false, false)
		out = AppendProbeLine(out, 0, 1, "", "BEGIN")
		out = p.AppendTrace(out, i32(42))
		out = p.AppendTrace(out, String("str"))
		out = p.AppendProbeEnd(out)
		check(t, "tst.default-output", string(append(out, '\n')))
	})
	t.Run("tst.trace-struct", func(t *testing.T) {
		out := AppendProbeHeader(nil, false, false)
		out = AppendProbeLine(out, 1, 1, "", "BEGIN")
		out = p.AppendTrace(out, Bytes([]byte{2, 1, 0, 0, 3, 0, 0, 0}))
		out = p.AppendProbeEnd(out)
		check(t, "tst.trace-struct", string(append(out, '\n')))
	})
	t.Run("tst.flowindent-nested", func(t *testing.T) {
		var f Flow
		out := AppendProbeHeader(nil, true, false)
		out = f.AppendLine(out, FlowProbe{CPU: 0, EPID: 1, ProbeID: 1, Provider: "dtrace", Name: "BEGIN"})
		out = p.AppendTrace(out, i32(1))
		out = p.AppendProbeEnd(out)
		out = f.AppendLine(out, FlowProbe{CPU: 0, EPID: 2, ProbeID: 3, Provider: "dtrace", Name: "END"})
		out = p.AppendTrace(out, i32(2))
		out = p.AppendProbeEnd(out)
		check(t, "tst.flowindent-nested", string(append(out, '\n')))
	})
}
