package uelf

import (
	"bufio"
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ulikunitz/xz"

	"github.com/godtrace/godtrace/proc"
)

// startSym runs testdata/sym.c and returns its pid and the addresses it
// prints of leaf and malloc. The process lives until the test ends.
func startSym(t *testing.T, bin string) (pid int, leaf, malloc uint64) {
	t.Helper()
	cmd := exec.Command(bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { stdin.Close(); cmd.Wait() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	var seven int
	if _, err := fmt.Sscanf(line, "0x%x 0x%x %d", &leaf, &malloc, &seven); err != nil || seven != 7 {
		t.Fatalf("sym printed %q: %v", line, err)
	}
	return cmd.Process.Pid, leaf, malloc
}

// symProcess runs bin as startSym does, and reads the process's
// symbols with NewProcess.
func symProcess(t *testing.T, bin string) (p *Process, pid int, leaf, malloc uint64) {
	t.Helper()
	pid, leaf, malloc = startSym(t, bin)
	p, err := NewProcess(pid)
	if err != nil {
		t.Fatal(err)
	}
	return p, pid, leaf, malloc
}

func TestSymbolizePIE(t *testing.T) {
	bin := build(t, "sym.c", "-O2", "-fPIE", "-pie")
	p, _, leaf, malloc := symProcess(t, bin)
	base := filepath.Base(bin)
	for _, c := range []struct {
		addr uint64
		want string
	}{
		{leaf, base + "`leaf"},
		{leaf + 3, base + "`leaf+0x3"},
		{malloc, "libc.so.6`malloc"},
		{malloc + 0x1a, "libc.so.6`malloc+0x1a"},
		{0x10, "0x10"},
	} {
		if got := p.Lookup(c.addr).String(); got != c.want {
			t.Errorf("Lookup(%#x) = %q, want %q", c.addr, got, c.want)
		}
	}
	// The ELF header of the executable: mapped, but in no symbol.
	var exeStart uint64
	var isMain bool
	for _, m := range p.Modules() {
		if m.Name == base {
			exeStart, isMain = m.Mappings[0].Start, m.IsMain
		}
	}
	if !isMain {
		t.Fatalf("modules %+v: no main executable", p.Modules())
	}
	if got, want := p.Lookup(exeStart).String(), fmt.Sprintf("%s`0x%x", base, exeStart); got != want {
		t.Errorf("Lookup(exe start) = %q, want %q", got, want)
	}
	// The file offset a uprobe would use is where the live address maps.
	f, err := Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	off, size, err := f.FuncOffset("leaf")
	if err != nil || size == 0 {
		t.Fatalf("FuncOffset(leaf) = %#x, %d, %v", off, size, err)
	}
	for _, m := range p.Modules() {
		if !m.IsMain {
			continue
		}
		for _, mm := range m.Mappings {
			if leaf >= mm.Start && leaf < mm.End && mm.FileOffset(leaf) != off {
				t.Errorf("leaf at file offset %#x in the process, FuncOffset says %#x", mm.FileOffset(leaf), off)
			}
		}
	}
	if f.Type != elf.ET_DYN {
		t.Errorf("PIE has type %v", f.Type)
	}
}

func TestSymbolizeNonPIE(t *testing.T) {
	bin := build(t, "sym.c", "-O2", "-fno-pie", "-no-pie")
	p, _, leaf, _ := symProcess(t, bin)
	if got, want := p.Lookup(leaf+1).Format(true), filepath.Base(bin)+"`leaf+0x1"; got != want {
		t.Errorf("Lookup = %q, want %q", got, want)
	}
}

// TestDebugFile strips a binary and finds its symbols again in a separate
// debug file, by build ID and by .gnu_debuglink.
func TestDebugFile(t *testing.T) {
	bin := build(t, "sym.c", "-O2", "-g")
	dir := t.TempDir()
	stripped := filepath.Join(dir, "stripped")
	dbg := filepath.Join(dir, "sym.debug")
	run := func(args ...string) {
		if out, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	run("objcopy", "--only-keep-debug", bin, dbg)
	run("objcopy", "--strip-all", "--add-gnu-debuglink="+dbg, bin, stripped)

	// Next to the file, by debuglink.
	f, err := Open(stripped)
	if err != nil {
		t.Fatal(err)
	}
	if f.DebugLink != "sym.debug" || f.DebugFile != dbg {
		t.Fatalf("debuglink %q, debug file %q", f.DebugLink, f.DebugFile)
	}
	if _, ok := f.Func("leaf"); !ok {
		t.Fatal("leaf not found through the debug link")
	}

	// Under the debug root, by build ID.
	saved := debugRoot
	debugRoot = filepath.Join(dir, "root")
	defer func() { debugRoot = saved }()
	if len(f.BuildID) < 4 {
		t.Fatalf("build ID %q", f.BuildID)
	}
	byID := filepath.Join(debugRoot, ".build-id", f.BuildID[:2], f.BuildID[2:]+".debug")
	if err := os.MkdirAll(filepath.Dir(byID), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dbg, byID); err != nil {
		t.Fatal(err)
	}
	f, err = Open(stripped)
	if err != nil {
		t.Fatal(err)
	}
	if f.DebugFile != byID {
		t.Fatalf("debug file %q, want %q", f.DebugFile, byID)
	}
	if _, ok := f.Func("leaf"); !ok {
		t.Fatal("leaf not found through the build ID")
	}
	// Without any debug file only .dynsym is left, and leaf is static.
	os.Remove(byID)
	if f, err = Open(stripped); err != nil {
		t.Fatal(err)
	}
	if _, ok := f.Func("leaf"); ok || f.DebugFile != "" {
		t.Fatal("leaf found without a debug file")
	}
	if _, ok := f.Func("main"); ok {
		t.Fatal("main found in a stripped executable")
	}
	if f.HasMiniDebugInfo {
		t.Fatal("MiniDebugInfo reported without .gnu_debugdata")
	}
	// A .gnu_debugdata section that is not xz is noticed and ignored.
	blob := filepath.Join(dir, "blob.xz")
	if err := os.WriteFile(blob, []byte("\xfd7zXZ\x00"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad")
	run("objcopy", "--add-section", ".gnu_debugdata="+blob, stripped, bad)
	if f, err = Open(bad); err != nil {
		t.Fatal(err)
	}
	if !f.HasMiniDebugInfo || f.MiniDebugInfo {
		t.Fatalf(".gnu_debugdata of garbage: noticed %v, used %v", f.HasMiniDebugInfo, f.MiniDebugInfo)
	}
}

// TestMiniDebugInfo builds a stripped binary with a .gnu_debugdata section
// the way Fedora does (an xz-compressed ELF with the .symtab entries of
// the functions that .dynsym lacks) and symbolizes it running.
func TestMiniDebugInfo(t *testing.T) {
	bin := build(t, "sym.c", "-O2", "-g")
	dir := t.TempDir()
	run := func(args ...string) {
		if out, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	dbg, syms := filepath.Join(dir, "debug"), filepath.Join(dir, "mini.elf")
	run("objcopy", "--only-keep-debug", bin, dbg)
	run("objcopy", "-S", "--remove-section", ".comment", "--keep-symbol=leaf", "--keep-symbol=main", dbg, syms)
	elfData, err := os.ReadFile(syms)
	if err != nil {
		t.Fatal(err)
	}
	var xzData bytes.Buffer
	w, err := xz.NewWriter(&xzData)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(elfData); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	blob := filepath.Join(dir, "mini.xz")
	if err := os.WriteFile(blob, xzData.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	mini := filepath.Join(dir, "mini")
	run("objcopy", "--strip-all", "--add-section", ".gnu_debugdata="+blob, bin, mini)
	f, err := Open(mini)
	if err != nil {
		t.Fatal(err)
	}
	if !f.HasMiniDebugInfo || !f.MiniDebugInfo || f.DebugFile != "" {
		t.Fatalf("MiniDebugInfo noticed %v, used %v, debug file %q", f.HasMiniDebugInfo, f.MiniDebugInfo, f.DebugFile)
	}
	if _, ok := f.Func("leaf"); !ok {
		t.Fatal("leaf not found in the MiniDebugInfo")
	}
	p, _, leaf, _ := symProcess(t, mini)
	if got := p.Lookup(leaf + 1).String(); got != "mini`leaf+0x1" {
		t.Errorf("Lookup(leaf+1) = %q", got)
	}
}

// libcPath is the C library the tests and benchmarks read.
const libcPath = "/lib/x86_64-linux-gnu/libc.so.6"

// openLibc opens libcPath and returns it with its malloc.
func openLibc(tb testing.TB) (*File, Symbol, bool) {
	tb.Helper()
	f, err := Open(libcPath)
	if err != nil {
		tb.Fatal(err)
	}
	m, ok := f.Func("malloc")
	return f, m, ok
}

func TestLibc(t *testing.T) {
	f, m, ok := openLibc(t)
	if !ok || m.Size == 0 {
		t.Fatalf("malloc = %+v, %v", m, ok)
	}
	if s, ok := f.Lookup(m.Value + 1); !ok || s.Name != "malloc" {
		t.Fatalf("Lookup(malloc+1) = %+v, %v", s, ok)
	}
	funcs, err := f.Funcs("mall*")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range funcs {
		names = append(names, s.Name)
	}
	if !strings.Contains(" "+strings.Join(names, " ")+" ", " malloc ") {
		t.Fatalf("Funcs(mall*) = %v", names)
	}
	if _, err := f.Funcs("[x"); err == nil {
		t.Fatal("bad pattern accepted")
	}
	if _, _, err := f.FuncOffset("no_such_function"); err == nil {
		t.Fatal("FuncOffset of a missing function succeeded")
	}
}

func TestMatchModule(t *testing.T) {
	const libc = "/usr/lib/x86_64-linux-gnu/libc.so.6"
	for _, c := range []struct {
		pattern, path string
		main, want    bool
	}{
		{"libc.so.6", libc, false, true},
		{"libc.so", libc, false, true},
		{"libc", libc, false, true},
		{"libc*", libc, false, true},
		{libc, libc, false, true},
		{"a.out", libc, false, false},
		{"a.out", "/usr/bin/date", true, true},
		{"date", "/usr/bin/date", true, true},
		{"libm", libc, false, false},
		{"lib", libc, false, false},
	} {
		if got := MatchModule(c.pattern, c.path, c.main); got != c.want {
			t.Errorf("MatchModule(%q, %q, %v) = %v", c.pattern, c.path, c.main, got)
		}
	}
}

func TestFrameFormat(t *testing.T) {
	for _, c := range []struct {
		f    Frame
		want string
	}{
		{Frame{Addr: 0x7f0000001000, Module: "libc.so.6", Symbol: "malloc", Offset: 0x1a}, "libc.so.6`malloc+0x1a"},
		{Frame{Addr: 0x7f0000001000, Module: "libc.so.6", Symbol: "malloc"}, "libc.so.6`malloc"},
		{Frame{Addr: 0x7f0000001000, Module: "libc.so.6"}, "libc.so.6`0x7f0000001000"},
		{Frame{Addr: 0x7f0000001000}, "0x7f0000001000"},
	} {
		if got := c.f.String(); got != c.want {
			t.Errorf("%+v = %q, want %q", c.f, got, c.want)
		}
	}
	f := Frame{Module: "a", Symbol: "_ZN2ns3fooEv", Offset: 4}
	if got := f.Format(true); got != "a`ns::foo()+0x4" {
		t.Errorf("demangled frame = %q", got)
	}
}

func BenchmarkLookup(b *testing.B) {
	f, m, _ := openLibc(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.Lookup(m.Value + uint64(i%64))
	}
}

func BenchmarkOpenLibc(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Open(libcPath); err != nil {
			b.Fatal(err)
		}
	}
}

func TestProcessAfterExit(t *testing.T) {
	p, pid, _, malloc := symProcess(t, build(t, "sym.c", "-O2"))
	libc := *findMapping(p.maps, malloc)
	// Killed, a zombie until the test ends, then gone: the mappings read
	// while the process ran still serve.
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	for {
		st, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil || strings.Contains(string(st), ") Z ") {
			break
		}
		time.Sleep(time.Millisecond)
	}
	if fr := p.Lookup(malloc); fr.String() != "libc.so.6`malloc" || fr.Base != libc.Start {
		t.Fatalf("after the exit: %+v", fr)
	}
	// A watch's exec drops them; its new mappings are used.
	p.Apply([]proc.MapEvent{{Exec: true}})
	if fr := p.Lookup(malloc); fr.Module != "" {
		t.Fatalf("after an exec: %+v", fr)
	}
	p.Apply([]proc.MapEvent{{Mapping: libc}})
	if fr := p.Lookup(malloc); fr.String() != "libc.so.6`malloc" {
		t.Fatalf("after a new mapping: %+v", fr)
	}
}
