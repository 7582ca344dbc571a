package sdt_test

import (
	"os/exec"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/sdt"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{sdt.New()}) }

// TestGetppid: sdt:syscalls::sys_enter_getppid fires once per getppid of
// this thread, with the syscall number in args[0] (__syscall_nr).
func TestGetppid(t *testing.T) {
	testutil.RequireRoot(t)
	const n = 17
	var tid int
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "sdt:syscalls::sys_enter_getppid", NArgs: 1}}, stabletest.OnThread(&tid, func() {
		for range n {
			unix.Syscall(unix.SYS_GETPPID, 0, 0, 0)
		}
	}))
	got := 0
	for _, f := range fs {
		if f.TID == uint32(tid) {
			got++
			if f.Args[0] != unix.SYS_GETPPID {
				t.Errorf("args[0] %d, want %d", f.Args[0], unix.SYS_GETPPID)
			}
		}
	}
	if got != n {
		t.Errorf("fired %d times in the thread, want %d", got, n)
	}
}

// TestExecArgs: sdt:sched::sched_process_exec gives the new pid as a
// signed scalar and the filename (__data_loc) as a pointer into the
// record; the test checks the pid against the child it started.
func TestExecArgs(t *testing.T) {
	testutil.RequireRoot(t)
	var pid int
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "sdt:sched::sched_process_exec", NArgs: 3}}, func() {
		pid = runChild(t)
	})
	got := stabletest.Of(fs, "sdt:sched::sched_process_exec", pid)
	if len(got) != 1 {
		t.Fatalf("%d firings in child %d, want 1 (all: %v)", len(got), pid, fs)
	}
	if a := got[0].Args; a[1] != uint64(pid) || a[2] != uint64(pid) || a[0] < 0xffff000000000000 {
		t.Errorf("args %#x; want a kernel address, then pid %d twice", a, pid)
	}
}

// runChild runs /bin/true to completion and returns its pid.
func runChild(t testing.TB) int {
	c := exec.Command("/bin/true")
	if err := c.Run(); err != nil {
		t.Error(err)
		return -1
	}
	return c.Process.Pid
}

// TestListVerbose: -lv of an sdt probe, typed from its format.
func TestListVerbose(t *testing.T) {
	testutil.RequireRoot(t)
	stabletest.CheckListVerbose(t, table(), "sdt:sched::sched_process_exec", stabletest.WantVerbose("sdt", "sched", "", "sched_process_exec", "ISA", "char *", "pid_t", "pid_t"))
}
