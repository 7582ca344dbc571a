// Package sched owns the sched provider: DTrace's CPU scheduling probes
// (sched:vmlinux::NAME), built on raw tracepoints.
//
// The native arguments each probe leaves in args[], in the order the
// checker's translators expect:
//
//	off-cpu  (next: struct task_struct *)   sched_switch; curthread is leaving
//	preempt  ()                             sched_switch of a preempted thread
//	sleep    ()                             sched_switch of a thread going to sleep
//	surrender (curthread: struct task_struct *) sys_enter of sched_yield
//	wakeup   (woken: struct task_struct *)  sched_wakeup
//
// on-cpu, enqueue, dequeue, tick and change-pri have no
// tracepoint that fires where DTrace's do (DTrace builds them on fbt
// probes), and remain-cpu none at all: they are absent until kprobes or
// fentry are usable. wakeup fires where the kernel completes the wakeup,
// which may be another CPU's context than the waker's, as in DTrace.
package sched
