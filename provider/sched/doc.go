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
// fentry are usable. on-cpu in particular fires in the context of the
// thread going on CPU, and no tracepoint fires there: sched_switch (raw
// or not) fires before the switch, in the outgoing thread's context, and
// what runs after it in the incoming thread's (finish_task_switch) has
// none. sched_pi_setprio covers only priority inheritance, not the nice
// and policy changes change-pri also reports. wakeup fires where the kernel completes the wakeup,
// which may be another CPU's context than the waker's, as in DTrace.
package sched
