package check

import (
	"errors"
	"testing"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/parser"
)

// tableProbes is a ProbeInfo over a fixed table of full probe names.
type tableProbes map[string]*Match

func (tp tableProbes) Probe(d *ast.ProbeDesc) (*Match, error) {
	if d.Provider == "broken" {
		return nil, errors.New("cannot list probes")
	}
	return tp[d.String()], nil
}

var testProbes = tableProbes{
	":::BEGIN":             {},
	"proc:::create":        {Args: []ProbeArg{{Native: "struct task_struct *", Translated: "psinfo_t *"}}},
	"proc:::exec":          {Args: []ProbeArg{{Native: "string"}}},
	"test:::xlate-missing": {Args: []ProbeArg{{Native: "int", Translated: "psinfo_t *"}}},
	"test:::bad-native":    {Args: []ProbeArg{{Native: "struct no_such_struct *", Translated: "psinfo_t *"}}},
	"test:::bad-xlated":    {Args: []ProbeArg{{Native: "int", Translated: "no_such_t"}}},
	"test:::compat":        {Args: []ProbeArg{{Native: "int", Translated: "long"}}},
	"ip:::send": {Args: []ProbeArg{
		{Native: "struct sk_buff *", Translated: "pktinfo_t *"},
		{Native: "struct sock *", Translated: "csinfo_t *"},
		{Native: "void_ip_t *", Translated: "ipinfo_t *"},
		{Native: "struct net_device *", Translated: "ifinfo_t *"},
		{Native: "struct iphdr *", Translated: "ipv4info_t *"},
		{Native: "struct ipv6hdr *", Translated: "ipv6info_t *"},
	}},
	"udp:::send": {Args: []ProbeArg{
		{Native: "struct udp_sock *", Translated: "udpsinfo_t *"},
		{Native: "struct udphdr *", Translated: "udpinfo_t *"},
	}},
	"test:::many":  {Args: Int64Args(3), Unstable: true},
	"test:::size":  {Args: []ProbeArg{{Native: "size_t"}, {Native: "char *"}}},
	"test:::size2": {Args: []ProbeArg{{Native: "size_t"}, {Native: "int"}}},
	"test:::mapped": {Args: []ProbeArg{
		{Native: "struct task_struct *", Translated: "psinfo_t *"},
		{Native: "int", Mapping: 2},
	}},
	"test:::unmapped": {Args: []ProbeArg{
		{Native: "struct task_struct *", Translated: "psinfo_t *"},
		{Native: "int", Mapping: 1},
	}},
}

func checkProbes(t *testing.T, u *ctype.Universe, src string) (*Info, error) {
	t.Helper()
	prog, err := parser.ParseFile("t.d", []byte(src), &parser.Config{IsType: IsType(u)})
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	return Check(prog, &Config{Types: u, Probes: testProbes})
}

// TestArgsTranslated checks that args[] of a translated argument has the
// translated type and records the library translator that makes it.
func TestArgsTranslated(t *testing.T) {
	u := kernelTypes(t)
	info, err := checkProbes(t, u, "proc:::create { trace(args[0]->pr_pid); }")
	if err != nil {
		t.Fatal(err)
	}
	ci := info.Clauses[0]
	if got := ci.Args[0].String(); got != "psinfo_t *" {
		t.Errorf("args[0] is %s, want psinfo_t *", got)
	}
	if got := ci.Natives[0].String(); got != "struct task_struct *" {
		t.Errorf("native is %s, want struct task_struct *", got)
	}
	x := ci.Xlators[0]
	if x == nil || x.In.String() != "struct task_struct *" || x.Out.String() != "psinfo_t" {
		t.Errorf("translator %+v, want psinfo_t < struct task_struct * >", x)
	}
}

// TestArgsIP checks the ip and udp providers' arguments, translated
// through the library's ip.d and udp.d.
func TestArgsIP(t *testing.T) {
	u := kernelTypes(t)
	info, err := checkProbes(t, u, "ip:::send { trace(args[0]->pkt_addr); trace(args[1]->cs_cid); "+
		"trace(args[2]->ip_saddr); trace(args[3]->if_name); trace(args[4]->ipv4_protostr); trace(args[5]->ipv6_daddr); }")
	if err != nil {
		t.Fatal(err)
	}
	ci := info.Clauses[0]
	for i, want := range []string{"pktinfo_t", "csinfo_t", "ipinfo_t", "ifinfo_t", "ipv4info_t", "ipv6info_t"} {
		if x := ci.Xlators[i]; x == nil || x.Out.String() != want {
			t.Errorf("args[%d] translator %v, want one to %s", i, x, want)
		}
	}
	if _, err := checkProbes(t, u, "udp:::send { trace(args[0]->udps_raddr); trace(args[1]->udp_dport); }"); err != nil {
		t.Error(err)
	}
}

// TestArgsNative checks untranslated and compatible arguments: no
// translator, the provider's type.
func TestArgsNative(t *testing.T) {
	u := kernelTypes(t)
	for src, want := range map[string]string{
		"proc:::exec { trace(args[0]); }":     "string",
		"test:::compat { trace(args[0]); }":   "long",
		"test:::size { trace(args[0] + 1); }": "size_t",
	} {
		info, err := checkProbes(t, u, src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		ci := info.Clauses[0]
		if got := ci.Args[0].String(); got != want || ci.Xlators[0] != nil {
			t.Errorf("%s: args[0] is %s (translator %v), want %s untranslated", src, got, ci.Xlators[0], want)
		}
	}
}

// TestArgsErrors checks DTrace's errors for args[] that cannot be typed.
func TestArgsErrors(t *testing.T) {
	u := kernelTypes(t)
	tests := []errCase{
		{"test:::xlate-missing { trace(args[0]); }", diag.D_ARGS_XLATOR, "translator for args[0] from int to psinfo_t * is not defined"},
		{"test:::bad-native { trace(args[0]); }", diag.D_ARGS_TYPE, "failed to resolve native type for args[0]"},
		{"test:::bad-xlated { trace(args[0]); }", diag.D_ARGS_TYPE, "failed to resolve translated type for args[0]"},
		{"test:::many { trace(args[0]); }", diag.D_ARGS_MULTI, "args[ ] may not be referenced because probe description test:::many matches an unstable set of probes"},
		{"test:::size { trace(args[2]); }", diag.D_ARGS_IDX, "index 2 is out of range for test:::size args[ ]"},
		{"test:::size, proc:::exec { trace(args[1]); }", diag.D_ARGS_IDX, "index 1 is out of range for proc:::exec args[ ]"},
		{"test:::size, test:::size2 { trace(args[1]); }", diag.D_ARGS_TYPE, "args[1] is char * for probe description test:::size but int for test:::size2: one clause needs the same argument types for all its probe descriptions"},
		{"test:::mapped, test:::unmapped { trace(args[1]); }", diag.D_ARGS_TYPE, "args[1] is made from native argument 2 (int) for probe description test:::mapped but from 1 (int) for test:::unmapped: one clause needs the same arguments for all its probe descriptions"},
		{"nosuch:::probe {}", diag.D_PDESC_ZERO, "probe description nosuch:::probe does not match any probes"},
		{"broken:::probe {}", diag.D_PDESC_INVAL, "cannot list probes"},
	}
	for _, tt := range tests {
		_, err := checkProbes(t, u, tt.src)
		wantError(t, tt.src, err, tt.tag, tt.msg)
	}
}

// TestArgsAgree checks that descriptions agreeing on the arguments used
// share one clause, even when they differ in arguments it does not use.
func TestArgsAgree(t *testing.T) {
	u := kernelTypes(t)
	info, err := checkProbes(t, u, "test:::size, test:::size2 { trace(args[0]); }")
	if err != nil {
		t.Fatal(err)
	}
	if ci := info.Clauses[0]; ci.Args[0].String() != "size_t" || ci.Args[1] != nil {
		t.Errorf("args are %v, want [size_t <nil>]", ci.Args)
	}
	// The natives args[] are made from are recorded, for every argument.
	info, err = checkProbes(t, u, "test:::mapped, test:::unmapped { trace(args[0]->pr_pid); }")
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Clauses[0].Mappings; len(got) != 2 || got[0] != 0 || got[1] != 2 {
		t.Errorf("mappings %v, want [0 2]", got)
	}
}

// TestDestructive checks that Info says when the program needs -w.
func TestDestructive(t *testing.T) {
	u := kernelTypes(t)
	for src, want := range map[string]bool{
		"BEGIN { trace(1); }":                   false,
		"BEGIN { system(\"true\"); }":           true,
		"BEGIN { copyout(0, 0, 1); }":           true,
		"BEGIN { if (pid == 1) { raise(9); } }": true,
		"BEGIN { chill(1); trace(1); }":         true,
	} {
		info, err := checkProbes(t, u, src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if info.Destructive != want {
			t.Errorf("%s: Destructive %v, want %v", src, info.Destructive, want)
		}
	}
}

// TestSymbolWithoutType checks DTrace's error for a kernel symbol the
// types do not describe, that unknown names stay unknown, and that a
// symbol of a module the kernel lacks is "Module is no longer loaded".
func TestSymbolWithoutType(t *testing.T) {
	u := kernelTypes(t)
	syms := func(mod, name string) (string, bool) {
		return "vmlinux", name == "jiffies" && (mod == "" || mod == "vmlinux")
	}
	// The kernel has ext4 but not gfs2.
	mods := func(name string) bool { return name == "vmlinux" || name == "ext4" }
	for src, want := range map[string]string{
		"BEGIN { trace(`jiffies); }":        "[D_SYM_NOTYPES] line 1: no symbolic type information is available for vmlinux`jiffies: No type information available for symbol",
		"BEGIN { trace(vmlinux`jiffies); }": "[D_SYM_NOTYPES] line 1: no symbolic type information is available for vmlinux`jiffies: No type information available for symbol",
		"BEGIN { trace(`nosuch); }":         "[D_IDENT_UNDEF] line 1: failed to resolve `nosuch: Unknown variable name",
		"BEGIN { trace(jiffies); }":         "[D_IDENT_UNDEF] line 1: failed to resolve jiffies: Unknown variable name",
		"BEGIN { trace(gfs2`x); }":          "[D_IDENT_UNDEF] line 1: failed to resolve gfs2`x: Module is no longer loaded",
		"BEGIN { trace(ext4`x); }":          "[D_IDENT_UNDEF] line 1: failed to resolve ext4`x: Unknown variable name",
	} {
		prog, err := parser.ParseFile("t.d", []byte(src), &parser.Config{IsType: IsType(u)})
		if err != nil {
			t.Fatal(err)
		}
		_, err = Check(prog, &Config{Types: u, Symbol: syms, Module: mods})
		var list diag.List
		if !errors.As(err, &list) {
			t.Errorf("%s: passed, want %s", src, want)
			continue
		}
		if got := list[0].Format(true); got != want {
			t.Errorf("%s:\n got %s\nwant %s", src, got, want)
		}
	}
}
