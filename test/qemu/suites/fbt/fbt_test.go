//go:build qemu

package fbt

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"
)

// The function every openat(2) goes through on the kernels we boot.
const openFunc = "do_sys_openat2"

// counter is a one-slot array map and a program of the given kind that adds one to it on every
// hit.
func counter(t *testing.T, typ ebpf.ProgramType, at ebpf.AttachType, attachTo string) (*ebpf.Map, *ebpf.Program) {
	t.Helper()
	m, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Array, KeySize: 4, ValueSize: 8, MaxEntries: 1})
	if err != nil {
		t.Fatalf("create counter map: %v", err)
	}
	t.Cleanup(func() { m.Close() })
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:       typ,
		AttachType: at,
		AttachTo:   attachTo,
		License:    "GPL",
		Instructions: asm.Instructions{
			asm.StoreImm(asm.RFP, -4, 0, asm.Word),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -4),
			asm.LoadMapPtr(asm.R1, m.FD()),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, "out"),
			asm.Mov.Imm(asm.R1, 1),
			asm.StoreXAdd(asm.R0, asm.R1, asm.DWord),
			asm.Mov.Imm(asm.R0, 0).WithSymbol("out"),
			asm.Return(),
		},
	})
	if err != nil {
		t.Fatalf("load %v program: %v", typ, err)
	}
	t.Cleanup(func() { prog.Close() })
	return m, prog
}

// opens is how many times trigger opens a file.
const opens = 5

// trigger opens a file opens times and returns how far the counter moved meanwhile.
func trigger(t *testing.T, m *ebpf.Map) uint64 {
	t.Helper()
	before := read(t, m)
	for range opens {
		f, err := os.Open("/proc/self/stat")
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return read(t, m) - before
}

func read(t *testing.T, m *ebpf.Map) uint64 {
	t.Helper()
	var v uint64
	if err := m.Lookup(uint32(0), &v); err != nil {
		t.Fatalf("read counter: %v", err)
	}
	return v
}

// attached fails the test when attaching failed, or skips it when cilium/ebpf's feature probe
// found that this kernel lacks the kind of link (kprobe.multi needs CONFIG_FPROBE, which
// Debian's 6.1 kernel lacks: KERNEL_PKG=linux-image-amd64).
func attached(t *testing.T, l link.Link, err error, what string) {
	t.Helper()
	if errors.Is(err, ebpf.ErrNotSupported) {
		t.Skipf("this kernel cannot %s: %v", what, err)
	}
	if err != nil {
		t.Fatalf("attach %s: %v", what, err)
	}
	t.Cleanup(func() { l.Close() })
}

func TestKprobe(t *testing.T) {
	m, prog := counter(t, ebpf.Kprobe, ebpf.AttachNone, "")
	l, err := link.Kprobe(openFunc, prog, nil)
	attached(t, l, err, "kprobe "+openFunc)
	if n := trigger(t, m); n < opens {
		t.Fatalf("kprobe on %s counted %d hits for %d opens", openFunc, n, opens)
	}
}

// TestKprobeMulti attaches one program to every traceable function matching a glob, as fbt
// does for a probe description with a wildcard; the kernel takes a list of names, so the glob
// is matched against tracefs's list of traceable functions.
func TestKprobeMulti(t *testing.T) {
	const glob = "do_sys_open*"
	syms, err := traceable(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(syms) == 0 {
		t.Fatalf("no traceable function matches %s", glob)
	}
	t.Logf("%s matches %v", glob, syms)
	m, prog := counter(t, ebpf.Kprobe, ebpf.AttachTraceKprobeMulti, "")
	l, err := link.KprobeMulti(prog, link.KprobeMultiOptions{Symbols: syms})
	attached(t, l, err, fmt.Sprintf("kprobe.multi on %d functions", len(syms)))
	if n := trigger(t, m); n < opens {
		t.Fatalf("kprobe.multi on %v counted %d hits for %d opens", syms, n, opens)
	}
}

func TestFentry(t *testing.T) {
	m, prog := counter(t, ebpf.Tracing, ebpf.AttachTraceFEntry, openFunc)
	l, err := link.AttachTracing(link.TracingOptions{Program: prog})
	attached(t, l, err, "fentry "+openFunc)
	if n := trigger(t, m); n < opens {
		t.Fatalf("fentry on %s counted %d hits for %d opens", openFunc, n, opens)
	}
}

// traceable lists the functions in tracefs's available_filter_functions that match glob, once
// each (the list names a static function once per copy).
func traceable(glob string) ([]string, error) {
	f, err := os.Open("/sys/kernel/tracing/available_filter_functions")
	if err != nil {
		return nil, fmt.Errorf("list traceable functions: %w", err)
	}
	defer f.Close()
	seen := map[string]bool{}
	var syms []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// Lines are "name" or "name [module]".
		name, _, _ := strings.Cut(sc.Text(), " ")
		if ok, _ := path.Match(glob, name); ok && !seen[name] {
			seen[name] = true
			syms = append(syms, name)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read traceable functions: %w", err)
	}
	return syms, nil
}

// Where test/qemu/run puts the static dtrace binary, or why it could not build one.
const (
	dtraceBin     = "/bin/dtrace"
	dtraceMissing = "/dtrace.missing"
)

var versionRE = regexp.MustCompile(`^dtrace: [A-Za-z]+ D [0-9]+\.[0-9]+\n$`)

func TestDtraceVersion(t *testing.T) {
	if why, err := os.ReadFile(dtraceMissing); err == nil {
		t.Skipf("no dtrace binary in the VM: %s", strings.TrimSpace(string(why)))
	}
	out, err := exec.Command(dtraceBin, "-V").CombinedOutput()
	if err != nil {
		t.Fatalf("%s -V: %v: %s", dtraceBin, err, out)
	}
	if !versionRE.Match(out) {
		t.Fatalf("%s -V printed %q, want a line like %q", dtraceBin, out, "dtrace: Oracle D 2.0")
	}
}
