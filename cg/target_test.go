package cg

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/agg"
	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/parser"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/feature"
)

// compileFor compiles src for target and returns its listing.
func compileFor(t *testing.T, src string, target Target) (string, error) {
	t.Helper()
	p, err := compileTarget(t, src, target)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := p.WriteAsm(&b); err != nil {
		t.Fatal(err)
	}
	return b.String(), nil
}

// TestTargetISA: the ISA is the target's, not the running kernel's. For
// v4, signed division is an sdiv and a sign extension a movs8 (movsx);
// for v3, neither appears, shifts doing the sign extension. The same
// target gives the same code every time.
func TestTargetISA(t *testing.T) {
	const src = `BEGIN { x = (int)-7; y = (char)x; trace(x / 2); trace(y); }`
	v4only := regexp.MustCompile(`(?m)^\d{4} \d{5}: [0-9a-f ]+(sdiv|movs8) `)
	shift := regexp.MustCompile(`(?m)^\d{4} \d{5}: [0-9a-f ]+arsh `)
	for _, tc := range []struct {
		v4    bool
		count int // of the v4 instructions sdiv and movs8
	}{{false, 0}, {true, 4}} {
		t.Run(fmt.Sprintf("v4=%v", tc.v4), func(t *testing.T) {
			first, err := compileFor(t, src, Target{V4: tc.v4})
			if err != nil {
				t.Fatal(err)
			}
			if n := len(v4only.FindAllString(first, -1)); n != tc.count {
				t.Errorf("%d sdiv/movs8 instructions, want %d:\n%s", n, tc.count, first)
			}
			if hasShift := shift.MatchString(first); hasShift == tc.v4 {
				t.Errorf("arithmetic shifts: %v, want %v:\n%s", hasShift, !tc.v4, first)
			}
			again, err := compileFor(t, src, Target{V4: tc.v4})
			if err != nil {
				t.Fatal(err)
			}
			if again != first {
				t.Errorf("compiled twice for one target, two listings:\n%s\n----\n%s", first, again)
			}
		})
	}
}

// TestTargetWriteUser: copyoutstr() compiles when the target lets BPF write
// user memory, and is refused when it does not, saying why: the kernel
// lacks the feature (feature.ErrNotSupported), code generation lacks
// nothing (not ErrNotSupported).
func TestTargetWriteUser(t *testing.T) {
	const src = `BEGIN { copyoutstr("ab", arg0, 3); }`
	if _, err := compileFor(t, src, Target{V4: true}); err != nil {
		t.Fatalf("with user memory writable: %v", err)
	}
	refused := fmt.Errorf("bpf_probe_write_user helper: %w", feature.ErrNotSupported)
	_, err := compileFor(t, src, Target{V4: true, WriteUser: refused})
	if errors.Is(err, ErrNotSupported) || !errors.Is(err, feature.ErrNotSupported) ||
		err.Error() != "line 1: copyoutstr(): this kernel does not let BPF programs write user memory (it may be in lockdown)" {
		t.Errorf("with user memory read-only: %v, want copyoutstr()'s refusal matching feature.ErrNotSupported only", err)
	}
}

// TestFormatsFromChecker: code generation takes the formats the checker
// parsed (check.Info.Formats) and parses none again: the same
// conversions, and an internal error for a format the checker never saw.
func TestFormatsFromChecker(t *testing.T) {
	prog, err := parser.ParseFile("test.d", []byte(`BEGIN { printf("%d %s\n", 1, "a"); }`), nil)
	if err != nil {
		t.Fatal(err)
	}
	info, err := check.Check(prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(info.Formats) != 1 {
		t.Fatalf("checker parsed %d formats, want 1", len(info.Formats))
	}
	var checked []format.Conv
	for _, convs := range info.Formats {
		checked = convs
	}
	p, err := Compile(prog, info, dtraceProbes{}, nil, testTarget)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Formats) != 1 || fmt.Sprint(p.Formats[0].Convs) != fmt.Sprint(checked) {
		t.Errorf("program formats %v, want the checker's %v", p.Formats, checked)
	}
	clear(info.Formats)
	if _, err := Compile(prog, info, dtraceProbes{}, nil, testTarget); err == nil || !strings.Contains(err.Error(), "was not checked") {
		t.Errorf("format the checker did not parse: %v, want an internal error", err)
	}
}

// TestAggParamsFromChecker: lquantize() and llquantize() are laid out with
// the parameters the checker fixed (check.Var.Params), not worked out again.
func TestAggParamsFromChecker(t *testing.T) {
	prog, err := parser.ParseFile("test.d", []byte(`BEGIN { @l = lquantize(1, -10, 10, 5); @ll = llquantize(1, 10, 0, 3, 10); }`), nil)
	if err != nil {
		t.Fatal(err)
	}
	info, err := check.Check(prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Compile(prog, info, dtraceProbes{}, nil, testTarget)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]agg.Params{
		"l":  {Base: -10, Step: 5, Levels: 4},
		"ll": {Factor: 10, LowMag: 0, HighMag: 3, Steps: 10},
	}
	if len(p.Aggs) != len(want) {
		t.Fatalf("%d aggregations, want %d", len(p.Aggs), len(want))
	}
	for _, a := range p.Aggs {
		if a.Params != want[a.Name] {
			t.Errorf("@%s: params %+v, want %+v", a.Name, a.Params, want[a.Name])
		}
	}
	for _, v := range info.Vars {
		v.Params = nil
	}
	if _, err := Compile(prog, info, dtraceProbes{}, nil, testTarget); err == nil || !strings.Contains(err.Error(), "not checked") {
		t.Errorf("parameters the checker did not fix: %v, want an internal error", err)
	}
}

// TestTooComplex: an expression that keeps more values pending than the
// BPF stack holds is refused as a limit, saying so, not as a construct
// code generation lacks.
func TestTooComplex(t *testing.T) {
	src := "arg0"
	for i := range 40 {
		src = fmt.Sprintf("%d + (%s)", i, src)
	}
	_, err := compile(t, "BEGIN { trace("+src+"); }")
	if err == nil || errors.Is(err, ErrNotSupported) || !strings.Contains(err.Error(), "expression too complex: it keeps more than the 28 values pending") {
		t.Errorf("%v, want the limit", err)
	}
}

// TestKernelVar: a kernel variable the checker types (from BTF, which
// describes per-CPU variables) cannot be read on a kernel that gives no
// address for its variables, which the error says with DTrace's tag and
// words, wherever the program reads it: never "not supported yet".
func TestKernelVar(t *testing.T) {
	k := ctype.NewScope(ctype.KernelModule)
	rq := &ctype.Type{Kind: ctype.Struct, Name: "rq", Size: 8}
	rq.SetMembers([]ctype.Member{{Name: "nr_running", Type: ctype.UIntType}})
	k.DefineVar("cpu_number", ctype.IntType)
	k.DefineVar("runqueues", rq)
	u := ctype.NewUniverse(nil, ctype.NewC(), ctype.NewD(256), k)
	noData := func() error { return errors.New("no data symbols") }
	for _, src := range []string{"trace(`cpu_number)", "trace(vmlinux`cpu_number + 1)", "x = &`cpu_number", "trace(`runqueues.nr_running)", "trace(&`runqueues.nr_running)", "@[`cpu_number] = count()"} {
		prog, err := parser.ParseFile("k.d", []byte("BEGIN { "+src+"; }"), nil)
		if err != nil {
			t.Fatal(err)
		}
		info, err := check.Check(prog, &check.Config{Types: u})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		name := "vmlinux`cpu_number"
		if strings.Contains(src, "runqueues") {
			name = "vmlinux`runqueues"
		}
		for _, kd := range []func() error{nil, noData} {
			_, err := Compile(prog, info, dtraceProbes{}, nil, Target{V4: true, KernelData: kd})
			var e *Error
			if !errors.As(err, &e) || e.Tag != diag.D_UNKNOWN || errors.Is(err, ErrNotSupported) ||
				e.Err.Error() != "cg failed for symbol "+name+": this kernel gives no address for its data symbols" {
				t.Errorf("%s: %v, want DTrace's D_UNKNOWN saying the kernel gives no address", src, err)
			}
		}
	}
}

// TestKernelLacks: d_path() on a kernel whose types have no struct mount
// is refused saying so, not as a construct code generation lacks.
func TestKernelLacks(t *testing.T) {
	k := ctype.NewScope(ctype.KernelModule)
	dentry := &ctype.Type{Kind: ctype.Struct, Name: "dentry", Size: 16}
	vfsmount := &ctype.Type{Kind: ctype.Struct, Name: "vfsmount", Size: 8}
	vfsmount.SetMembers([]ctype.Member{{Name: "mnt_root", Type: ctype.NewPointer(dentry)}})
	qstr := &ctype.Type{Kind: ctype.Struct, Name: "qstr", Size: 16}
	qstr.SetMembers([]ctype.Member{{Name: "len", Type: ctype.UIntType}, {Name: "name", Type: ctype.NewPointer(ctype.CharType), Offset: 64}})
	dentry.SetMembers([]ctype.Member{{Name: "d_parent", Type: ctype.NewPointer(dentry)}, {Name: "d_name", Type: qstr, Offset: 64}})
	path := &ctype.Type{Kind: ctype.Struct, Name: "path", Size: 16}
	path.SetMembers([]ctype.Member{{Name: "mnt", Type: ctype.NewPointer(vfsmount)}, {Name: "dentry", Type: ctype.NewPointer(dentry), Offset: 64}})
	k.Define("struct path", path)
	u := ctype.NewUniverse(nil, ctype.NewC(), ctype.NewD(256), k)
	prog, err := parser.ParseFile("k.d", []byte("BEGIN { trace(d_path((struct path *)arg0)); }"), nil)
	if err != nil {
		t.Fatal(err)
	}
	info, err := check.Check(prog, &check.Config{Types: u})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Compile(prog, info, dtraceProbes{}, nil, testTarget)
	if err == nil || errors.Is(err, ErrNotSupported) || err.Error() != "line 1: d_path(): this kernel's types have no struct mount" {
		t.Errorf("%v, want the refusal naming struct mount", err)
	}
}
