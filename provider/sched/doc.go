// Package sched owns the sched provider: DTrace's CPU scheduling probes
// (sched:vmlinux::NAME), built on raw tracepoints and, where none fires
// where DTrace's probe does, kernel functions.
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
// on-cpu, enqueue, dequeue and tick have no tracepoint that fires
// where DTrace's do: as DTrace does, they are built on kernel functions
// with kprobes, and are absent where the kernel has none:
//
//	on-cpu   ()                                       finish_task_switch entry
//	enqueue  (struct task_struct *, struct rq *, int)  enqueue_task_* entry
//	dequeue  (struct task_struct *, struct rq *)       dequeue_task_* entry
//	tick     (struct task_struct *)                    sched_tick (scheduler_tick) entry
//
// on-cpu fires in the context of the thread going on CPU, and no
// tracepoint fires there: sched_switch (raw or not) fires before the
// switch, in the outgoing thread's context; finish_task_switch is what
// the incoming thread runs first. enqueue's and dequeue's run queue is
// args[2], a cpuinfo_t *; enqueue's args[3] says the task goes to the
// head of the queue. change-pri and remain-cpu, which DTrace for Linux
// does not have either, are absent. sched_pi_setprio covers only priority inheritance, not the nice
// and policy changes change-pri also reports. wakeup fires where the kernel completes the wakeup,
// which may be another CPU's context than the waker's, as in DTrace.
package sched
