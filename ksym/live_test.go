package ksym

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"
)

// TestLiveKallsyms checks the running kernel's table: known symbols
// resolve by name and back by address, and every sized text symbol of
// kallsyms is found at its address.
func TestLiveKallsyms(t *testing.T) {
	requireKallsyms(t)
	tb, err := Kernel()
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := Kernel(); again != tb {
		t.Error("Kernel loaded twice")
	}
	es, err := ParseKallsyms(mustOpen(t, "/proc/kallsyms"))
	if err != nil {
		t.Fatal(err)
	}
	// BPF programs (module [bpf]) come and go as other tests load them,
	// so only the others must all be in the table loaded earlier.
	others := 0
	for _, e := range es {
		if e.Module != "bpf" {
			others++
		}
	}
	if tb.Len() < others || tb.Len() < 1000 {
		t.Fatalf("%d symbols in the table, %d in kallsyms besides BPF programs", tb.Len(), others)
	}
	for _, name := range []string{"_stext", "do_sys_openat2", "schedule", "ksys_write", "vfs_read"} {
		syms := tb.Symbols(name)
		if len(syms) == 0 {
			t.Errorf("%s: not found", name)
			continue
		}
		s := syms[0]
		if s.Module != CoreName || s.Kind != Core || s.Addr == 0 {
			t.Errorf("%s: %+v", name, s)
		}
		if name == "_stext" {
			// An alias of the first function of the kernel text.
			continue
		}
		got, off, ok := tb.Lookup(s.Addr + s.Size/2)
		if !ok || got.Name != name || off != s.Size/2 || s.Size == 0 {
			t.Errorf("%s+%#x: %+v +%#x %v", name, s.Size/2, got, off, ok)
		}
		if f := tb.FormatAddr(s.Addr); f != "vmlinux`"+name {
			t.Errorf("%s: formatted %q", name, f)
		}
	}
	// A thunk followed by padding up to the next section is still named
	// at its address, where stack() finds return addresses into it.
	if ss := tb.Symbols("srso_alias_return_thunk"); len(ss) > 0 {
		if f := tb.FormatAddr(ss[0].Addr); f != "vmlinux`srso_alias_return_thunk" {
			t.Errorf("srso_alias_return_thunk: formatted %q", f)
		}
	}
	if got, want := tb.FormatAddr(tb.Symbols("_stext")[0].Addr-1), hexs(tb.Symbols("_stext")[0].Addr-1); got != want {
		t.Errorf("below the kernel: %q, want %q", got, want)
	}
	// Every text symbol with a size is found at its address, either as
	// itself or as an alias at the same address.
	n := 0
	for i := range tb.Len() {
		s := tb.At(i)
		if s.Size == 0 || typeClass(s.Type) != classText {
			continue
		}
		n++
		got, off, ok := tb.Lookup(s.Addr)
		if !ok || got.Addr != s.Addr || off != 0 {
			t.Fatalf("%s at %#x: %+v +%#x %v", s.Name, s.Addr, got, off, ok)
		}
	}
	if n < len(es)/2 {
		t.Errorf("only %d of %d symbols have a size", n, len(es))
	}
}

// TestLiveModules checks the running system's module list against
// /proc/modules and /sys/module as they are on this machine.
func TestLiveModules(t *testing.T) {
	requireKallsyms(t)
	tb, err := Kernel()
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]Module{}
	for _, m := range tb.Modules() {
		have[m.Name] = m
	}
	dirs, err := os.ReadDir("/sys/module")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		m, ok := have[d.Name()]
		if !ok {
			t.Errorf("/sys/module/%s is missing", d.Name())
			continue
		}
		_, err := os.Stat(filepath.Join("/sys/module", d.Name(), "coresize"))
		if loaded := err == nil; loaded != (m.Kind == Loadable) {
			t.Errorf("%s: kind %v, but coresize exists: %v", m.Name, m.Kind, loaded)
		}
	}
	proc, err := os.ReadFile("/proc/modules")
	switch {
	case errors.Is(err, os.ErrNotExist):
		// CONFIG_MODULES=n, as on the development machine: nothing is
		// loadable but the kernel's pseudo modules in kallsyms.
		for _, m := range tb.Modules() {
			if m.Kind == Loadable && m.Name != "bpf" && !strings.HasPrefix(m.Name, "__builtin__") {
				t.Errorf("loadable module %v without /proc/modules", m)
			}
		}
	case err != nil:
		t.Fatal(err)
	default:
		ms, err := ParseProcModules(strings.NewReader(string(proc)))
		if err != nil {
			t.Fatal(err)
		}
		for _, pm := range ms {
			m := have[pm.Name]
			if m.Kind != Loadable || m.Size != pm.Size {
				t.Errorf("%s: %v, /proc/modules says size %#x", pm.Name, m, pm.Size)
			}
		}
	}
	if len(dirs) == 0 {
		t.Fatal("empty /sys/module")
	}
}

// TestLiveStack captures a kernel stack with a real eBPF program on the
// getppid system call's tracepoint, triggered by this test, and checks
// that every frame of it resolves to a symbol.
func TestLiveStack(t *testing.T) {
	requireKallsyms(t)
	requireSyscallTracepoint(t, "sys_enter_getppid")

	stacks, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.StackTrace, KeySize: 4, ValueSize: 8 * 127, MaxEntries: 16})
	if err != nil {
		t.Fatal(err)
	}
	defer stacks.Close()
	result, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.Array, KeySize: 4, ValueSize: 8, MaxEntries: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer result.Close()

	// Only this thread's getppid: the machine is shared.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	tid := int64(unix.Gettid())
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:    ebpf.TracePoint,
		License: "GPL",
		Instructions: asm.Instructions{
			asm.Mov.Reg(asm.R6, asm.R1),
			asm.FnGetCurrentPidTgid.Call(),
			asm.And.Imm(asm.R0, 0x7fffffff), // the thread id
			asm.JNE.Imm(asm.R0, int32(tid), "out"),
			asm.Mov.Reg(asm.R1, asm.R6),
			asm.LoadMapPtr(asm.R2, stacks.FD()),
			asm.Mov.Imm(asm.R3, 0), // kernel stack
			asm.FnGetStackid.Call(),
			asm.StoreMem(asm.RFP, -16, asm.R0, asm.DWord),
			asm.StoreImm(asm.RFP, -4, 0, asm.Word),
			asm.LoadMapPtr(asm.R1, result.FD()),
			asm.Mov.Reg(asm.R2, asm.RFP),
			asm.Add.Imm(asm.R2, -4),
			asm.Mov.Reg(asm.R3, asm.RFP),
			asm.Add.Imm(asm.R3, -16),
			asm.Mov.Imm(asm.R4, 0),
			asm.FnMapUpdateElem.Call(),
			asm.Mov.Imm(asm.R0, 0).WithSymbol("out"),
			asm.Return(),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	l, err := link.Tracepoint("syscalls", "sys_enter_getppid", prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()

	// The result slot holds 0 until the program ran: stack ids start at 0
	// too, so the program's store of the id is told apart by first
	// marking the slot.
	if err := result.Put(uint32(0), int64(-1000)); err != nil {
		t.Fatal(err)
	}
	var id int64 = -1000
	for try := 0; try < 50 && id == -1000; try++ {
		unix.Getppid()
		if err := result.Lookup(uint32(0), &id); err != nil {
			t.Fatal(err)
		}
		if id == -1000 {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if id < 0 {
		t.Fatalf("no stack captured (bpf_get_stackid: %d)", id)
	}
	var frames [127]uint64
	if err := stacks.Lookup(uint32(id), &frames); err != nil {
		t.Fatal(err)
	}

	// The table is loaded after the program, so that it would be listed.
	tb, err := Load(SystemPaths())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, pc := range frames {
		if pc == 0 {
			break
		}
		s, _, ok := tb.Lookup(pc)
		if !ok {
			t.Errorf("frame %#x: in no symbol (%s)", pc, tb.FormatAddr(pc))
			continue
		}
		names = append(names, s.Name)
		t.Logf("%s", tb.FormatAddr(pc))
	}
	if len(names) < 2 {
		t.Fatalf("stack of %d frames: %q", len(names), names)
	}
	if !slices.Contains(names, "do_syscall_64") {
		t.Errorf("no do_syscall_64 in the stack %q", names)
	}
}

func mustOpen(t *testing.T, name string) *os.File {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// requireSyscallTracepoint makes tracefs available, mounting it (and
// unmounting it after the test) when it is not, and skips only when the
// kernel has no such system call tracepoint (CONFIG_FTRACE_SYSCALLS=n).
func requireSyscallTracepoint(t *testing.T, name string) {
	t.Helper()
	const tracefs = "/sys/kernel/tracing"
	if _, err := os.Stat(filepath.Join(tracefs, "events")); err != nil {
		if err := unix.Mount("nodev", tracefs, "tracefs", 0, ""); err != nil {
			t.Fatalf("mounting tracefs: %v", err)
		}
		t.Cleanup(func() {
			if err := unix.Unmount(tracefs, 0); err != nil {
				t.Logf("unmounting tracefs: %v", err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(tracefs, "events", "syscalls", name)); errors.Is(err, os.ErrNotExist) {
		t.Skipf("kernel without the syscalls:%s tracepoint (CONFIG_FTRACE_SYSCALLS=n)", name)
	} else if err != nil {
		t.Fatal(err)
	}
}

// TestLiveHiddenAddresses reads /proc/kallsyms as an unprivileged user,
// who sees every address as 0 unless the system lets them see addresses
// (kptr_restrict 0 with perf_event_paranoid <= 1): the parser must refuse
// it rather than build a bogus table.
func TestLiveHiddenAddresses(t *testing.T) {
	requireKallsyms(t)
	if os.Geteuid() != 0 {
		t.Skip("needs root to run a command as nobody")
	}
	cmd := exec.Command("cat", "/proc/kallsyms")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(out, []byte("0000000000000000 ")) {
		t.Skipf("unprivileged users see kernel addresses here (kptr_restrict=%s, perf_event_paranoid=%s)",
			readSysctl(t, "kptr_restrict"), readSysctl(t, "perf_event_paranoid"))
	}
	if _, err := ParseKallsyms(bytes.NewReader(out)); !errors.Is(err, ErrAddressesHidden) {
		t.Fatalf("err = %v, want ErrAddressesHidden", err)
	}
}

func readSysctl(t *testing.T, name string) string {
	b, err := os.ReadFile("/proc/sys/kernel/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}
