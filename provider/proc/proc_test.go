package proc_test

import (
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/proc"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{proc.New()}) }

func isKernelPtr(v uint64) bool { return v >= 0xffff000000000000 }

// signalled starts argv, sends it sig after d and waits for it to end;
// it returns its pid, 0 when it could not start.
func signalled(t *testing.T, d time.Duration, sig unix.Signal, argv ...string) int {
	c := exec.Command(argv[0], argv[1:]...)
	if err := c.Start(); err != nil {
		t.Error(err)
		return 0
	}
	time.Sleep(d)
	c.Process.Signal(sig)
	c.Wait()
	return c.Process.Pid
}

// TestLifeCycle enables every proc probe around a workload of a child
// that exits, one that fails to exec, one killed by SIGTERM, a signal
// this process handles and one a child ignores, and checks each probe's
// task and native arguments (args[] of a stable probe are its natives,
// which the translators map).
func TestLifeCycle(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	noexec := filepath.Join(t.TempDir(), "noexec")
	if err := os.WriteFile(noexec, []byte("#!/bin/sh\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var truePid, sleepPid, ignPid int
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, unix.SIGUSR1)
	defer signal.Stop(sigs)
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "proc:::", NArgs: 3}}, func() {
		c := exec.Command("/bin/true")
		if err := c.Run(); err != nil {
			t.Error(err)
			return
		}
		truePid = c.Process.Pid
		if err := exec.Command(noexec).Run(); err == nil {
			t.Error("a file without execute permission ran")
		}
		if sleepPid = signalled(t, 20*time.Millisecond, unix.SIGTERM, "/bin/sleep", "10"); sleepPid == 0 {
			return
		}
		unix.Kill(os.Getpid(), unix.SIGUSR1)
		<-sigs
		ignPid = signalled(t, 200*time.Millisecond, unix.SIGUSR2, "/bin/sh", "-c", `trap "" USR2; sleep 0.5`)
	})
	one := func(probe string, pid int) stabletest.Firing {
		t.Helper()
		got := stabletest.Of(fs, "proc:vmlinux::"+probe, pid)
		if len(got) != 1 {
			t.Errorf("%s fired %d times in %d, want once", probe, len(got), pid)
			return stabletest.Firing{Args: make([]uint64, 3)}
		}
		return got[0]
	}
	if f := one("exec", truePid); !(f.Args[0] > 0 && f.Args[0] < 1<<47) {
		t.Errorf("exec args[0] %#x, want a user address", f.Args[0])
	}
	one("exec-success", truePid)
	if f := one("exit", truePid); f.Args[0] != 1 {
		t.Errorf("exit of /bin/true: reason %d, want 1", f.Args[0])
	}
	if f := one("exit", sleepPid); f.Args[0] != 2 {
		t.Errorf("exit of killed sleep: reason %d, want 2", f.Args[0])
	}
	if got := stabletest.Of(fs, "proc:vmlinux::lwp-exit", truePid); len(got) == 0 {
		t.Error("no lwp-exit in /bin/true")
	}
	eacces := ^uint64(unix.EACCES) + 1
	failed := false
	for _, f := range stabletest.Of(fs, "proc:vmlinux::exec-failure", 0) {
		failed = failed || f.Args[0] == eacces
	}
	if !failed {
		t.Error("no exec-failure with -EACCES")
	}
	created := stabletest.Of(fs, "proc:vmlinux::create", os.Getpid())
	if len(created) < 3 || !isKernelPtr(created[0].Args[0]) {
		t.Errorf("create in this process: %v, want 3 or more with a task", created)
	}
	sent := false
	for _, f := range stabletest.Of(fs, "proc:vmlinux::signal-send", os.Getpid()) {
		sent = sent || (f.Args[1] == uint64(unix.SIGTERM) && isKernelPtr(f.Args[0]))
	}
	if !sent {
		t.Error("no signal-send of SIGTERM from this process")
	}
	handled := false
	for _, f := range stabletest.Of(fs, "proc:vmlinux::signal-handle", os.Getpid()) {
		handled = handled || (f.Args[0] == uint64(unix.SIGUSR1) && f.Args[2] != 0)
	}
	if !handled {
		t.Error("no signal-handle of SIGUSR1 with a handler in this process")
	}
	discarded := false
	for _, f := range stabletest.Of(fs, "proc:vmlinux::signal-discard", os.Getpid()) {
		discarded = discarded || f.Args[1] == uint64(unix.SIGUSR2)
	}
	if !discarded {
		t.Errorf("no signal-discard of SIGUSR2 to %d", ignPid)
	}
}

// TestListVerbose: -lv proc:::signal-send shows native args translated.
func TestListVerbose(t *testing.T) {
	testutil.RequireRoot(t)
	stabletest.CheckListVerbose(t, table(), "proc:::signal-send", stabletest.WantVerbose("proc", "vmlinux", "", "signal-send", "ISA", "lwpsinfo_t *", "psinfo_t *", "int"))
	ps, err := table().Match(provider.ParseDesc("proc:::"))
	if err != nil || len(ps) != 11 { // start and lwp-start need kprobes
		t.Errorf("proc::: matched %d probes, %v; want 11", len(ps), err)
	}
}

// TestStart: a process the test starts (this test binary, running no
// test) fires start once, in its first thread, and lwp-start in the
// threads the Go runtime starts in it; the probes are built on
// schedule_tail with kprobes.
func TestStart(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint, feature.Kprobes)
	var child int
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "proc:::start", NArgs: 1}, {Desc: "proc:::lwp-start", NArgs: 1}}, func() {
		c := exec.Command(os.Args[0], "-test.run=^$")
		if err := c.Run(); err != nil {
			t.Error(err)
			return
		}
		child = c.Process.Pid
	})
	if got := stabletest.Of(fs, "proc:vmlinux::start", child); len(got) != 1 || got[0].TID != uint32(child) {
		t.Errorf("start fired %+v in %d, want once in its first thread", got, child)
	}
	lwps := stabletest.Of(fs, "proc:vmlinux::lwp-start", child)
	if len(lwps) == 0 {
		t.Errorf("lwp-start never fired in %d", child)
	}
	for _, f := range lwps {
		if f.TID == uint32(child) {
			t.Errorf("lwp-start fired in the first thread of %d", child)
		}
	}
}
