package dtrace

import (
	"fmt"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/testutil"

	"github.com/godtrace/godtrace/provider"
)

// TestProbeArgsTypeCheck compiles a use of every typed argument of every
// probe of the providers whose argument types the D library covers: each
// must resolve, translated ones through the library's translators.
func TestProbeArgsTypeCheck(t *testing.T) {
	testutil.RequireRoot(t)
	h := Open()
	checked := 0
	for _, prov := range []string{"syscall", "proc", "sched", "io", "ip", "tcp", "udp", "sdt", "rawtp"} {
		probes, err := h.table().Match(provider.Desc{Provider: prov})
		if err != nil {
			t.Fatalf("%s: %v", prov, err)
		}
		if len(probes) == 0 {
			t.Errorf("provider %s has no probes", prov)
		}
		for _, p := range probes {
			info, err := p.Provider.Info(p)
			if err != nil {
				t.Errorf("%s: %v", p.Desc, err)
				continue
			}
			var b strings.Builder
			fmt.Fprintf(&b, "%s {", p.Desc)
			for i, a := range info.Args {
				// "void __seg_gs *" (percpu tracepoints) names a GCC
				// address space that the sdt provider passes on from
				// the tracepoint's format file: its to fix, not D's.
				if a.Type() != "void" && !strings.Contains(a.Native, "__seg_") {
					fmt.Fprintf(&b, " this->a%d = args[%d];", i, i)
				}
			}
			b.WriteString(" }")
			if _, err := h.CompileString(b.String(), SpecName, nil); err != nil {
				t.Errorf("%s: %v", b.String(), err)
			}
			checked++
		}
	}
	t.Logf("%d probes checked", checked)
}

// TestProbeInfoTypes checks the types args[] gets from real providers.
func TestProbeInfoTypes(t *testing.T) {
	testutil.RequireRoot(t)
	for _, tc := range []struct{ src, want string }{
		{"syscall::read:entry { x = args[2]; x = (char)1; }", ""},
		{"syscall::read:entry { trace(args[2]->x); }", "operator -> must be applied to a pointer"},
		{"proc:::create { x = args[0]->pr_pid; x = (char *)0; }", `operands have incompatible types: "pid_t" = "char *"`},
		{"proc:::exec { trace(args[0] * 2); }", "operator * requires operands of arithmetic type"},
		{"io:::start { trace(args[2]->fi_name); }", ""},
		{"nosuchprovider:::nosuchprobe {}", "probe description nosuchprovider:::nosuchprobe does not match any probes"},
	} {
		h := Open()
		_, err := h.CompileString(tc.src, SpecName, nil)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.src, got, tc.want)
		}
	}
}

// TestZdefs checks that -Z lets a description match nothing.
func TestZdefs(t *testing.T) {
	h := Open()
	if err := h.Options().Set("zdefs", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := h.CompileString("nosuchprovider:::nosuchprobe { trace(arg0); }", SpecName, nil); err != nil {
		t.Error(err)
	}
}
