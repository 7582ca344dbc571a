package sched

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable"
)

// New returns the sched provider.
func New() *stable.Provider { return stable.New("sched", "vmlinux", stable.Attrs, probes) }

const task = "struct task_struct *"

// switchTo fires on sched_switch (preempt, prev, next, prev_state) after
// rewrite.
func switchTo(rewrite stable.Step) []stable.Source {
	return []stable.Source{{Group: "sched", Tracepoint: "sched_switch", Rewrite: rewrite}}
}

// noArgs clears the sched_switch arguments of a probe that has none.
var noArgs = stable.Seq(stable.Zero(0), stable.Zero(1), stable.Zero(2), stable.Zero(3))

var taskArgs = []provider.Arg{stable.Arg(task, "lwpsinfo_t *", 0), stable.Arg(task, "psinfo_t *", 0)}

// onRunQueue fires on the entry of the scheduling classes' functions
// that put a task on (or take it off) a run queue, (rq, p, flags), as
// DTrace does. The native arguments become the task, the run queue
// (args[2], a cpuinfo_t *) and, for enqueue, whether the task goes to
// the head of the queue (ENQUEUE_HEAD, args[3]).
func onRunQueue(pattern string, head bool) []stable.Source {
	rewrite := []stable.Step{stable.Move(1, 0, 2)}
	if head {
		rewrite = append(rewrite, stable.Custom(func(b *bpfrt.Builder) {
			b.Emit(
				asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(2), asm.DWord),
				asm.RSh.Imm(asm.R0, 4),
				asm.And.Imm(asm.R0, 1),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(2), asm.R0, asm.DWord))
		}))
	} else {
		rewrite = append(rewrite, stable.Zero(2))
	}
	rewrite = append(rewrite, stable.Zero(3), stable.Zero(4), stable.Zero(5))
	return []stable.Source{{Functions: []string{pattern}, Rewrite: stable.Seq(rewrite...)}}
}

var queueArgs = []provider.Arg{stable.Arg(task, "lwpsinfo_t *", 0), stable.Arg(task, "psinfo_t *", 0), stable.Arg("struct rq *", "cpuinfo_t *", 1)}

var probes = []stable.Probe{
	{Name: "dequeue", Sources: onRunQueue("dequeue_task_*", false), Args: queueArgs},
	{Name: "enqueue", Sources: onRunQueue("enqueue_task_*", true), Args: append(queueArgs[:3:3], stable.Arg("int", "", 2))},
	{Name: "off-cpu", Sources: switchTo(stable.Seq(stable.Move(2), stable.Zero(1), stable.Zero(2), stable.Zero(3))), Args: taskArgs},
	{Name: "preempt", Sources: switchTo(stable.Seq(stable.Skip(0, asm.JEq, 0), noArgs))},
	// A thread sleeps when it leaves the CPU unpreempted and not
	// runnable (prev_state TASK_RUNNING is 0).
	{Name: "sleep", Sources: switchTo(stable.Seq(stable.Skip(0, asm.JNE, 0), stable.Skip(3, asm.JEq, 0), noArgs))},
	// DTrace fires surrender in do_sched_yield, which only
	// sched_yield(2) calls: its syscall entry is the same moment.
	{Name: "surrender", Sources: []stable.Source{{Group: "raw_syscalls", Tracepoint: "sys_enter", Rewrite: stable.Seq(
		stable.Skip(1, asm.JNE, unix.SYS_SCHED_YIELD), stable.CurrentTask(0), stable.Zero(1))}}, Args: taskArgs},
	// on-cpu fires in the thread coming on CPU, which the scheduler's
	// finish_task_switch runs in first (under a compiler-made name on
	// most builds).
	{Name: "on-cpu", Sources: []stable.Source{{Functions: []string{"finish_task_switch", "finish_task_switch.*"}, Rewrite: noFuncArgs}}},
	{Name: "wakeup", Sources: []stable.Source{{Group: "sched", Tracepoint: "sched_wakeup"}}, Args: taskArgs},
	// tick fires on each CPU's scheduler tick, in the thread it
	// interrupts (scheduler_tick before Linux 6.10).
	{Name: "tick", Sources: []stable.Source{{Functions: []string{"sched_tick", "scheduler_tick"}, Rewrite: stable.Seq(stable.CurrentTask(0), stable.Zero(1), stable.Zero(2), stable.Zero(3), stable.Zero(4), stable.Zero(5))}}, Args: taskArgs},
}

// noFuncArgs clears the register arguments of a function probe that has
// none.
var noFuncArgs = stable.Seq(stable.Zero(0), stable.Zero(1), stable.Zero(2), stable.Zero(3), stable.Zero(4), stable.Zero(5))
