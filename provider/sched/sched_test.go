package sched_test

import (
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
	"github.com/godtrace/godtrace/provider/sched"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{sched.New()}) }

// TestSleepWakeup: a thread that sleeps and yields n times goes off-cpu,
// to sleep and surrenders at least n times, and is woken (wakeup's
// args[0] is its task) at least n times.
func TestSleepWakeup(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	const n = 10
	var tid int
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "sched:::", NArgs: 2}}, stabletest.OnThread(&tid, func() {
		for range n {
			unix.Nanosleep(&unix.Timespec{Nsec: int64(2 * time.Millisecond)}, nil)
			unix.Syscall(unix.SYS_SCHED_YIELD, 0, 0, 0)
		}
	}))
	count := map[string]int{}
	var task uint64
	for _, f := range fs {
		if f.TID == uint32(tid) {
			count[f.Probe]++
			task = f.Task
			if f.Probe == "sched:vmlinux::surrender" && f.Args[0] != f.Task {
				t.Errorf("surrender args[0] %#x, want the yielding task %#x", f.Args[0], f.Task)
			}
			if f.Probe == "sched:vmlinux::off-cpu" && (f.Args[0] == 0 || f.Args[0] == f.Task) {
				t.Errorf("off-cpu args[0] %#x: want the next task, not the leaving one %#x", f.Args[0], f.Task)
			}
		}
	}
	for _, f := range fs {
		if f.Probe == "sched:vmlinux::wakeup" && task != 0 && f.Args[0] == task {
			count["woken"]++
		}
	}
	for _, p := range []string{"sched:vmlinux::off-cpu", "sched:vmlinux::sleep", "sched:vmlinux::surrender", "woken"} {
		if count[p] < n {
			t.Errorf("%s: %d times for the sleeping thread, want at least %d (%v)", p, count[p], n, count)
		}
	}
}

// TestListVerbose: -lv sched:::off-cpu.
func TestListVerbose(t *testing.T) {
	testutil.RequireRoot(t)
	stabletest.CheckListVerbose(t, table(), "sched:::off-cpu", stabletest.WantVerbose("sched", "vmlinux", "", "off-cpu", "ISA", "lwpsinfo_t *", "psinfo_t *"))
}

// TestOnRunQueue: the probes built on kernel functions with kprobes. A
// thread that sleeps n times is dequeued when it sleeps, enqueued when
// woken (args[0] its task, args[1] a run queue, args[2] 0 or 1), and
// comes on CPU again each time, on-cpu firing in its own context; the
// scheduler tick fires in the thread it interrupts (args[0] the task).
func TestOnRunQueue(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint, feature.Kprobes)
	const n = 10
	var tid int
	fs := stabletest.Run(t, table(), []stabletest.Clause{
		{Desc: "sched:::on-cpu", NArgs: 1}, {Desc: "sched:::enqueue", NArgs: 3},
		{Desc: "sched:::dequeue", NArgs: 3}, {Desc: "sched:::tick", NArgs: 1},
	}, stabletest.OnThread(&tid, func() {
		for range n {
			unix.Nanosleep(&unix.Timespec{Nsec: int64(2 * time.Millisecond)}, nil)
		}
		var spinner int
		stabletest.Spin(50*time.Millisecond, &spinner)()
	}))
	var task uint64
	for _, f := range fs {
		if f.TID == uint32(tid) {
			task = f.Task
		}
	}
	count := map[string]int{}
	for _, f := range fs {
		switch f.Probe {
		case "sched:vmlinux::on-cpu":
			if f.TID == uint32(tid) {
				count["on-cpu"]++
			}
		case "sched:vmlinux::enqueue", "sched:vmlinux::dequeue":
			if f.Args[0] != task {
				continue
			}
			count[f.Probe]++
			if f.Args[1] < 1<<63 || f.Args[2] > 1 {
				t.Errorf("%s: args %#x, want the task, a run queue and 0 or 1", f.Probe, f.Args)
			}
		case "sched:vmlinux::tick":
			count["tick"]++
			if f.Args[0] != f.Task {
				t.Errorf("tick args[0] %#x, want the interrupted task %#x", f.Args[0], f.Task)
			}
		}
	}
	for _, p := range []string{"on-cpu", "sched:vmlinux::enqueue", "sched:vmlinux::dequeue"} {
		if count[p] < n {
			t.Errorf("%s: %d times for the sleeping thread, want at least %d (%v)", p, count[p], n, count)
		}
	}
	if count["tick"] == 0 {
		t.Errorf("tick never fired (%v)", count)
	}
}
