package rawtp_test

import (
	"os/exec"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/rawtp"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{rawtp.New()}) }

// TestListVerbose: -lv of rawtp:sched::sched_process_fork, typed from
// BTF's btf_trace_sched_process_fork.
func TestListVerbose(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	stabletest.CheckListVerbose(t, table(), "rawtp:sched::sched_process_fork", stabletest.WantVerbose("rawtp", "sched", "", "sched_process_fork", "ISA", "struct task_struct *", "struct task_struct *"))
	ps, err := table().Match(provider.ParseDesc("rawtp:syscalls::"))
	if err != nil || len(ps) != 0 {
		t.Errorf("rawtp:syscalls:: matched %d probes, %v; want none", len(ps), err)
	}
}

// TestExec: rawtp:sched::sched_process_exec fires in the child this test
// starts, with args[1] (old_pid) its pid.
func TestExec(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	var pid int
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "rawtp:sched::sched_process_exec", NArgs: 3}}, func() {
		c := exec.Command("/bin/true")
		if err := c.Run(); err != nil {
			t.Error(err)
		}
		pid = c.Process.Pid
	})
	got := stabletest.Of(fs, "rawtp:sched::sched_process_exec", pid)
	if len(got) != 1 {
		t.Fatalf("%d firings in child %d, want 1", len(got), pid)
	}
	if a := got[0].Args; a[0] < 0xffff000000000000 || a[1] != uint64(pid) || a[2] < 0xffff000000000000 {
		t.Errorf("args %#x; want task, old pid %d, bprm", a, pid)
	}
}
