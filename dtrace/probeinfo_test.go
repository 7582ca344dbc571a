package dtrace

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/internal/feature"
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

// TestAbsentProbe: a description naming a probe that only kprobes could
// build says so on a kernel without them, tagged D_PDESC_ZERO as the
// plain "does not match" is; a glob, or -Z, keeps DTrace's behaviour.
func TestAbsentProbe(t *testing.T) {
	testutil.RequireRoot(t)
	if feature.Kprobes.Check() == nil {
		t.Skip("this kernel has kprobes: sched:::on-cpu exists")
	}
	for _, tc := range []struct {
		src   string
		zdefs bool
		want  string
	}{
		{"sched:::on-cpu {}", false, "probe description sched:::on-cpu does not match any probes: sched:::on-cpu needs kprobes, which this kernel lacks"},
		{"io:::wait-start {}", false, "probe description io:::wait-start does not match any probes: io:::wait-start needs kprobes, which this kernel lacks"},
		{"sched:::on-* {}", false, "probe description sched:::on-* does not match any probes"},
		{"sched:::on-cpu {}", true, ""},
	} {
		h := Open()
		if tc.zdefs {
			if err := h.Options().Set("zdefs", ""); err != nil {
				t.Fatal(err)
			}
		}
		_, err := h.CompileString(tc.src, SpecName, nil)
		got := ""
		if err != nil {
			got = err.Error()
			var de *diag.Error
			if !errors.As(err, &de) || de.Tag != diag.D_PDESC_ZERO {
				t.Errorf("%s: %v is not tagged D_PDESC_ZERO", tc.src, err)
			}
		}
		if got != tc.want {
			t.Errorf("%s (zdefs %v):\n got %q\nwant %q", tc.src, tc.zdefs, got, tc.want)
		}
	}
	as, err := Open().Absentees(nil)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, a := range as {
		found = found || a.Desc == provider.Desc{Provider: "sched", Module: "vmlinux", Name: "on-cpu"}
	}
	if !found {
		t.Errorf("-lv's absent probes %v lack sched:vmlinux::on-cpu", as)
	}
}
