package usdtgen

import (
	"bytes"
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var demo = []Provider{{Name: "demo", Probes: []Probe{
	{Name: "start", Args: []Arg{{Type: "int", Size: 4, Signed: true}, {Type: "char *", Size: 8, Pointer: true}}},
	{Name: "work__done"},
}}}

func TestNames(t *testing.T) {
	for in, want := range map[string]string{"work__done": "WORK_DONE", "work-done": "WORK_DONE", "a.b": "A_B", "x9": "X9"} {
		if got := macroName(in); got != want {
			t.Errorf("macroName(%q) = %q, want %q", in, got, want)
		}
	}
	if got := funcName("work-done"); got != "work__done" {
		t.Errorf("funcName = %q", got)
	}
}

func TestHeader(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHeader(&b, "out/demo.h", demo); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"#ifndef\t_DEMO_H\n#define\t_DEMO_H\n",
		"#define\tDEMO_START(arg0, arg1) \\\n\t__dtrace_demo___start(arg0, arg1)\n",
		"__DTRACE_STAPSDT_NOTE(demo, start, __dtrace_demo___start_semaphore, \"-4@%[_a0] 8@%[_a1]\") \\\n\t    :: [_a0] \"nor\" ((int32_t)(arg0)), [_a1] \"nor\" ((uintptr_t)(arg1)))\n",
		"#define\t__dtraceenabled_demo___work__done() \\\n\t__builtin_expect(__dtrace_demo___work__done_semaphore != 0, 0)\n",
		"#else\n\n#define\tDEMO_START(arg0, arg1)\n#define\tDEMO_START_ENABLED() (0)\n",
		"#endif\t/* _DEMO_H */\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("header lacks %q:\n%s", want, b.String())
		}
	}
	bad := []Provider{{Name: "p", Probes: []Probe{{Name: "x", Args: []Arg{{Type: "double", Size: 0}}}}}}
	if err := WriteHeader(&b, "p.h", bad); err == nil || !strings.Contains(err.Error(), "argument #1 of type double") {
		t.Errorf("a double argument: %v", err)
	}
}

func TestObject(t *testing.T) {
	var b bytes.Buffer
	if err := WriteObject(&b, demo); err != nil {
		t.Fatal(err)
	}
	ef, err := elf.NewFile(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if ef.Type != elf.ET_REL || ef.Machine != objMachine {
		t.Errorf("type %v machine %v", ef.Type, ef.Machine)
	}
	s := ef.Section(".probes")
	if s == nil || s.Flags != elf.SHF_WRITE|elf.SHF_ALLOC || s.Type != elf.SHT_PROGBITS || s.Size != 4 {
		t.Fatalf(".probes %+v", s)
	}
	syms, err := ef.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sym := range syms {
		if elf.ST_BIND(sym.Info) == elf.STB_GLOBAL {
			if elf.ST_VISIBILITY(sym.Other) != elf.STV_HIDDEN || sym.Size != 2 || ef.Sections[sym.Section] != s {
				t.Errorf("symbol %+v", sym)
			}
			names = append(names, sym.Name)
		}
	}
	if got := strings.Join(names, " "); got != "__dtrace_demo___start_semaphore __dtrace_demo___work__done_semaphore" {
		t.Errorf("symbols %s", got)
	}
}

// TestCheckObjects compiles a probe site of the header: a declared probe
// passes, an undeclared one of the provider does not.
func TestCheckObjects(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Fatal("the test needs gcc:", err)
	}
	dir := t.TempDir()
	var h bytes.Buffer
	if err := WriteHeader(&h, "demo.h", demo); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "demo.h"), h.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "a.c")
	if err := os.WriteFile(src, []byte("#include \"demo.h\"\nvoid f(int x) { DEMO_START(x, \"s\"); DEMO_WORK_DONE(); }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	obj := filepath.Join(dir, "a.o")
	if out, err := exec.Command("gcc", "-c", "-o", obj, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	if err := CheckObjects([]string{obj}, demo); err != nil {
		t.Errorf("declared probes: %v", err)
	}
	if err := CheckObjects([]string{obj}, []Provider{{Name: "demo", Probes: demo[0].Probes[:1]}}); err == nil || !strings.Contains(err.Error(), "probe demo:work__done is not declared") {
		t.Errorf("an undeclared probe: %v", err)
	}
	if err := CheckObjects([]string{obj}, []Provider{{Name: "other"}}); err != ErrNoProbeSites {
		t.Errorf("no sites of the provider: %v", err)
	}
}
