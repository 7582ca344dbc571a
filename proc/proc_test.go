package proc

import (
	"bufio"
	"bytes"
	"debug/elf"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/waitfd"
	"golang.org/x/sys/unix"
)

var (
	buildOnce sync.Once
	targetBin string
	buildErr  error
)

// target builds testdata/target.c once (a PIE, as gcc on Debian makes).
func target(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "proctest")
		if err != nil {
			buildErr = err
			return
		}
		targetBin = filepath.Join(dir, "target")
		out, err := exec.Command("gcc", "-O0", "-g", "-o", targetBin, "testdata/target.c").CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("building the target: %v", buildErr)
	}
	return targetBin
}

// asCreator, set in the environment, makes the test binary create and
// continue a child, print its pid and wait to be killed (see
// TestCreatedDiesWithCreator).
const asCreator = "GODTRACE_PROC_TEST_CREATOR"

func TestMain(m *testing.M) {
	if os.Getenv(asCreator) != "" {
		p, err := Create([]string{"sleep", "60"}, nil, nil)
		if err != nil {
			os.Exit(1)
		}
		if err := p.Continue(); err != nil {
			os.Exit(1)
		}
		// The tracer thread has detached: the child must survive that.
		time.Sleep(200 * time.Millisecond)
		fmt.Println(p.Pid())
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	code := m.Run()
	if targetBin != "" {
		os.RemoveAll(filepath.Dir(targetBin))
	}
	os.Exit(code)
}

func regs(t *testing.T, p *Process) unix.PtraceRegs {
	t.Helper()
	var r unix.PtraceRegs
	if err := p.tr.do(func() error { return unix.PtraceGetRegs(p.pid, &r) }); err != nil {
		t.Fatal(err)
	}
	return r
}

func mapped(t *testing.T, pid int, base string) bool {
	t.Helper()
	maps, err := ReadMaps(pid)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range maps {
		if filepath.Base(m.Path) == base {
			return true
		}
	}
	return false
}

func waitDone(t *testing.T, p *Process) waitfd.Status {
	t.Helper()
	select {
	case <-p.Done():
	case <-time.After(10 * time.Second):
		t.Fatalf("exit of pid %d not detected", p.Pid())
	}
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	return p.ExitStatus()
}

func TestCreateStopsBeforeFirstInstruction(t *testing.T) {
	bin := target(t)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	p, err := Create([]string{bin, "world", "3"}, nil, &CreateOptions{Stdout: w})
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()

	if st, err := State(p.Pid()); err != nil || st != 't' {
		t.Fatalf("state = %q, %v; want t (tracing stop)", st, err)
	}
	if name, err := Execname(p.Pid()); err != nil || name != "target" {
		t.Fatalf("execname = %q, %v", name, err)
	}
	if exe, err := ExePath(p.Pid()); err != nil || exe != bin {
		t.Fatalf("exe = %q, %v; want %q", exe, err, bin)
	}
	// The first instruction is the dynamic linker's entry point, and
	// libc is not mapped yet.
	aux, err := ReadAuxv(p.Pid())
	if err != nil {
		t.Fatal(err)
	}
	ldso, err := elf.Open("/proc/" + strconv.Itoa(p.Pid()) + "/root" + interpreter(t, bin))
	if err != nil {
		t.Fatal(err)
	}
	ldso.Close()
	if pc := regsPC(ptr(regs(t, p))); pc != aux[AtBase]+ldso.Entry {
		t.Fatalf("pc = %#x, want ld.so entry %#x", pc, aux[AtBase]+ldso.Entry)
	}
	if mapped(t, p.Pid(), "libc.so.6") {
		t.Fatal("libc mapped at the exec stop")
	}
	if err := r.SetReadDeadline(time.Now().Add(100 * time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	if n, _ := r.Read(make([]byte, 64)); n != 0 {
		t.Fatal("the stopped process wrote output")
	}

	if err := p.Continue(); err != nil {
		t.Fatal(err)
	}
	if err := r.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
		t.Fatal(err)
	}
	out := make([]byte, 64)
	n, err := r.Read(out)
	if err != nil || string(out[:n]) != "hello world\n" {
		t.Fatalf("output = %q, %v", out[:n], err)
	}
	st := waitDone(t, p)
	if st.Code != waitfd.CLDExited || st.Value != 3 {
		t.Fatalf("status = %+v, want exit 3", st)
	}
	if got, want := ExitMessage(st), "pid "+strconv.Itoa(p.Pid())+" exited with status 3"; got != want {
		t.Errorf("ExitMessage = %q, want %q", got, want)
	}
}

func TestEvalTime(t *testing.T) {
	bin := target(t)
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	var mainSym, ctorSym uint64
	for _, s := range syms {
		switch s.Name {
		case "main":
			mainSym = s.Value
		case "ctor_ran":
			ctorSym = s.Value
		}
	}
	for _, tc := range []struct {
		at       EvalTime
		atMain   bool // else at the entry point
		ctorDone bool
	}{
		{EvalPreinit, false, false},
		{EvalPostinit, true, true},
		{EvalMain, true, true},
	} {
		t.Run(tc.at.String(), func(t *testing.T) {
			null, _ := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
			defer null.Close()
			p, err := Create([]string{bin}, nil, &CreateOptions{EvalTime: tc.at, Stdout: null})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			aux, err := ReadAuxv(p.Pid())
			if err != nil {
				t.Fatal(err)
			}
			bias := aux[AtEntry] - f.Entry
			want := aux[AtEntry]
			if tc.atMain {
				want = bias + mainSym
			}
			if pc := regsPC(ptr(regs(t, p))); pc != want {
				t.Fatalf("pc = %#x, want %#x", pc, want)
			}
			if !mapped(t, p.Pid(), "libc.so.6") {
				t.Fatal("libc not mapped")
			}
			var flag [4]byte
			if err := p.tr.do(func() error {
				_, err := unix.PtracePeekData(p.Pid(), uintptr(bias+ctorSym), flag[:])
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if got := flag[0] == 1; got != tc.ctorDone {
				t.Fatalf("constructor ran = %v, want %v", got, tc.ctorDone)
			}
			// The breakpoint is gone: the program runs to its normal end.
			if err := p.Continue(); err != nil {
				t.Fatal(err)
			}
			if st := waitDone(t, p); st.Code != waitfd.CLDExited || st.Value != 0 {
				t.Fatalf("status = %+v", st)
			}
		})
	}
}

// TestExitBeforeMain: a process that exits in a constructor never reaches
// the main breakpoint; Create reports it instead of waiting forever.
func TestExitBeforeMain(t *testing.T) {
	bin := target(t)
	_, err := Create([]string{bin}, append(os.Environ(), "TARGET_EXIT_IN_CTOR=1"), &CreateOptions{EvalTime: EvalMain})
	if !errors.Is(err, ErrExited) || !strings.Contains(err.Error(), "exited with status 9") {
		t.Fatalf("Create = %v, want an exit with status 9 before main", err)
	}
}

func TestCreateKilledBySignal(t *testing.T) {
	p, err := Create([]string{"sh", "-c", "kill -KILL $$"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if err := p.Continue(); err != nil {
		t.Fatal(err)
	}
	st := waitDone(t, p)
	if got, want := ExitMessage(st), "pid "+strconv.Itoa(p.Pid())+" terminated by SIGKILL"; got != want {
		t.Fatalf("ExitMessage = %q, want %q", got, want)
	}
}

func TestCloseKillsStoppedChild(t *testing.T) {
	p, err := Create([]string{"sleep", "30"}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	if st := p.ExitStatus(); st.Signal() != syscall.SIGKILL {
		t.Fatalf("status after Close = %+v", st)
	}
	if err := syscall.Kill(p.Pid(), 0); !errors.Is(err, syscall.ESRCH) {
		t.Fatalf("pid %d still there after Close: %v", p.Pid(), err)
	}
}

func TestCreateMissingCommand(t *testing.T) {
	if _, err := Create([]string{"/nonexistent/cmd"}, nil, nil); err == nil {
		t.Fatal("Create of a missing command succeeded")
	}
	if _, err := Create(nil, nil, nil); err == nil {
		t.Fatal("Create of an empty command succeeded")
	}
}

func TestGrab(t *testing.T) {
	cmd := exec.Command("sleep", "0.3")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p, err := Grab(cmd.Process.Pid, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if p.Stopped() {
		t.Fatal("Grab without Stop stopped the process")
	}
	if st, _ := State(p.Pid()); st == 't' || st == 'T' {
		t.Fatalf("state %q after Grab without Stop", st)
	}
	st := waitDone(t, p)
	if got, want := ExitMessage(st), "pid "+strconv.Itoa(p.Pid())+" has exited"; got != want {
		t.Fatalf("ExitMessage = %q, want %q", got, want)
	}
}

func TestGrabStop(t *testing.T) {
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	p, err := Grab(cmd.Process.Pid, &GrabOptions{Stop: true})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if st, err := State(p.Pid()); err != nil || st != 't' {
		t.Fatalf("state = %q, %v; want t", st, err)
	}
	if err := p.Continue(); err != nil {
		t.Fatal(err)
	}
	if st, err := State(p.Pid()); err != nil || (st != 'S' && st != 'R') {
		t.Fatalf("state after Continue = %q, %v; want S or R", st, err)
	}
	if err := p.Kill(); err != nil {
		t.Fatal(err)
	}
	if st := waitDone(t, p); st.Signal() != syscall.SIGKILL {
		t.Fatalf("status = %+v", st)
	}
}

func TestGrabMissing(t *testing.T) {
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	if _, err := Grab(cmd.Process.Pid, nil); !errors.Is(err, unix.ESRCH) {
		t.Fatalf("Grab of an exited pid = %v, want ESRCH", err)
	}
}

func TestParseMaps(t *testing.T) {
	b, err := os.ReadFile("testdata/maps.txt")
	if err != nil {
		t.Fatal(err)
	}
	maps, err := ParseMaps(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if len(maps) != 10 {
		t.Fatalf("%d mappings, want 10", len(maps))
	}
	libc := maps[4]
	want := Mapping{Start: 0x7f1c2a022000, End: 0x7f1c2a19a000, Perm: PermRead | PermExec, Offset: 0x22000,
		Major: 0xfd, Minor: 0, Inode: 2490, Path: "/usr/lib/x86_64-linux-gnu/libc.so.6"}
	if libc != want {
		t.Fatalf("libc text = %+v\nwant %+v", libc, want)
	}
	if off := libc.FileOffset(0x7f1c2a022010); off != 0x22010 {
		t.Errorf("FileOffset = %#x", off)
	}
	if m := maps[5]; m.Path != "/memfd:jit code" || !m.Deleted || m.Perm.String() != "rw-s" {
		t.Errorf("memfd = %+v", m)
	}
	if m := maps[6]; m.Path != "" || m.Perm != 0 || m.IsFile() {
		t.Errorf("anonymous = %+v", m)
	}
	if m := maps[2]; m.Path != "[heap]" || m.IsFile() {
		t.Errorf("heap = %+v", m)
	}
	if m := maps[9]; m.Start != 0xffffffffff600000 || m.Perm.String() != "--xp" {
		t.Errorf("vsyscall = %+v", m)
	}
	for _, bad := range []string{
		"zz-1 r--p 0 0:0 0",
		"2-1 r--p 0 0:0 0",
		"1-2 r-- 0 0:0 0",
		"1-2 rxwp 0 0:0 0",
		"1-2 r--p 0 00 0",
		"1-2 r--p 0 0:0 -1",
	} {
		if _, err := ParseMaps(strings.NewReader(bad)); err == nil {
			t.Errorf("ParseMaps(%q) succeeded", bad)
		}
	}
}

func TestReadMapsSelf(t *testing.T) {
	maps, err := ReadMaps(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	exe, err := ExePath(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	// The address of a function of ours must fall in an executable
	// mapping of our executable.
	pc := uint64(reflect.ValueOf(TestReadMapsSelf).Pointer())
	for _, m := range maps {
		if pc >= m.Start && pc < m.End {
			if m.Path != exe || m.Perm&PermExec == 0 {
				t.Fatalf("pc %#x in %+v, want executable %s", pc, m, exe)
			}
			return
		}
	}
	t.Fatalf("pc %#x in no mapping", pc)
}

func TestParseAuxv(t *testing.T) {
	var b []byte
	for _, v := range []uint64{AtPagesz, 4096, AtEntry, 0x401000, 0, 0} {
		b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24), byte(v>>32), byte(v>>40), byte(v>>48), byte(v>>56))
	}
	aux, err := ParseAuxv(bytes.NewReader(b))
	if err != nil || aux[AtEntry] != 0x401000 || aux[AtPagesz] != 4096 || len(aux) != 2 {
		t.Fatalf("aux = %v, %v", aux, err)
	}
	if _, err := ParseAuxv(bytes.NewReader(b[:12])); err == nil {
		t.Fatal("truncated auxv parsed")
	}
}

func TestParseEvalTime(t *testing.T) {
	for _, s := range []string{"exec", "preinit", "postinit", "main"} {
		e, err := ParseEvalTime(s)
		if err != nil || e.String() != s {
			t.Errorf("ParseEvalTime(%q) = %v, %v", s, e, err)
		}
	}
	if _, err := ParseEvalTime("start"); err == nil {
		t.Error("ParseEvalTime(start) succeeded")
	}
}

func FuzzParseMaps(f *testing.F) {
	if b, err := os.ReadFile("testdata/maps.txt"); err == nil {
		f.Add(string(b))
	}
	f.Add("1-2 r-xp 0 08:01 5 /a b (deleted)\n")
	f.Fuzz(func(t *testing.T, s string) {
		maps, err := ParseMaps(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, m := range maps {
			if m.End < m.Start {
				t.Fatalf("end before start: %+v", m)
			}
		}
	})
}

// BenchmarkCreate measures starting a command stopped at exec, letting
// it run and noticing its exit.
func BenchmarkCreate(b *testing.B) {
	for i := 0; i < b.N; i++ {
		p, err := Create([]string{"/bin/true"}, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := p.Continue(); err != nil {
			b.Fatal(err)
		}
		<-p.Done()
		p.Close()
	}
}

func TestWatchMaps(t *testing.T) {
	// Stopped at exec, the process has not mapped libc yet: the watch
	// reports it, and still has it once the process is gone.
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	p, err := Create([]string{target(t)}, nil, &CreateOptions{Stdout: null})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	if mapped(t, p.Pid(), "libc.so.6") {
		t.Fatal("libc mapped at the exec stop")
	}
	w, err := WatchMaps(p.Pid())
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := p.Continue(); err != nil {
		t.Fatal(err)
	}
	waitDone(t, p)
	if _, err := ReadMaps(p.Pid()); err == nil {
		t.Fatal("the maps of an exited process are readable")
	}
	events, lost := w.Read()
	if lost {
		t.Error("records lost")
	}
	var libc *Mapping
	for _, ev := range events {
		if !ev.Exec && filepath.Base(ev.Mapping.Path) == "libc.so.6" {
			libc = &ev.Mapping
		}
	}
	if libc == nil {
		t.Fatalf("no libc mapping in %+v", events)
	}
	st, err := os.Stat(libc.Path)
	if err != nil {
		t.Fatal(err)
	}
	if libc.Perm&PermExec == 0 || libc.End <= libc.Start || libc.Inode != st.Sys().(*syscall.Stat_t).Ino || libc.Offset == 0 {
		t.Errorf("libc mapping %+v", *libc)
	}
	if more, _ := w.Read(); len(more) != 0 {
		t.Errorf("a second Read returned %+v", more)
	}
}

// TestWatchSystemMaps: the system-wide watch reports a process it was
// not told about, its libc mapping and its exit, under its pid.
func TestWatchSystemMaps(t *testing.T) {
	testutil.RequireRoot(t)
	w, err := WatchSystemMaps()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cmd := exec.Command(target(t))
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	pid := cmd.Process.Pid
	var libc, exit bool
	for deadline := time.Now().Add(5 * time.Second); !(libc && exit) && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		events, _ := w.Read()
		for _, ev := range events {
			if ev.Pid != pid {
				continue
			}
			switch {
			case ev.Exit:
				exit = true
			case !ev.Exec && filepath.Base(ev.Mapping.Path) == "libc.so.6" && ev.Mapping.Perm&PermExec != 0:
				libc = true
			}
		}
	}
	if !libc || !exit {
		t.Errorf("pid %d: libc mapping reported %v, exit reported %v", pid, libc, exit)
	}
}

// TestCreatedDiesWithCreator: a created process runs on after Continue,
// and dies when the process that created it is killed, as a dtrace -c
// command dies with dtrace.
func TestCreatedDiesWithCreator(t *testing.T) {
	creator := exec.Command(os.Args[0])
	creator.Env = append(os.Environ(), asCreator+"=1")
	out, err := creator.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := creator.Start(); err != nil {
		t.Fatal(err)
	}
	defer creator.Wait()
	defer creator.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	pid, _ := strconv.Atoi(strings.TrimSpace(line))
	if err != nil || pid <= 0 {
		t.Fatalf("no pid from the creator: %q, %v", line, err)
	}
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("pid %d died after Continue: %v", pid, err)
	}
	creator.Process.Kill()
	creator.Wait()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		// Killed and reparented, the child is reaped by init; a
		// zombie left to a subreaper counts as dead too.
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil || strings.Contains(string(b), ") Z ") {
			return
		}
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("pid %d outlived the process that created it", pid)
		}
	}
}

func ptr[T any](v T) *T { return &v }

// interpreter returns the program interpreter (PT_INTERP) of bin.
func interpreter(t *testing.T, bin string) string {
	t.Helper()
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			b, err := io.ReadAll(p.Open())
			if err != nil {
				t.Fatal(err)
			}
			return strings.TrimRight(string(b), "\x00")
		}
	}
	t.Fatalf("%s has no program interpreter", bin)
	return ""
}
