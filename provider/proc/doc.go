// Package proc owns the proc provider: DTrace's process and thread life
// cycle probes (proc:vmlinux::NAME), built on raw tracepoints.
//
// The native arguments each probe leaves in args[], in the order the
// checker's translators expect (args[i] is made from native Mapping):
//
//	create, lwp-create  (child: struct task_struct *)   sched_process_fork
//	exec                (filename: user char *, typed "string" as DTrace
//	                    does, and marked Userland: code generation
//	                    copies it from the process's memory)
//	                                                    sys_enter of execve/execveat
//	exec-success        ()                              sys_exit of execve/execveat returning 0
//	exec-failure        (errno: int, negative)          sys_exit of execve/execveat returning non-0
//	exit                (reason: int, 1 exited, 2 killed, 3 dumped core)
//	                                                    sched_process_exit of the last thread
//	lwp-exit            ()                              sched_process_exit
//	signal-send         (target: struct task_struct *, sig: int)
//	                                                    signal_generate, delivered
//	signal-discard      (target: struct task_struct *, sig: int)
//	                                                    signal_generate, ignored
//	signal-handle       (sig: int, info: siginfo_t *, handler: void (*)(void))
//	                                                    signal_deliver
//	signal-clear        (sig: int)                      sys_exit of rt_sigtimedwait
//	                                                    returning a signal
//
// exit needs sched_process_exit's group_dead argument (kernels since
// 6.16); on older kernels it never fires. start and lwp-start have no
// tracepoint: as DTrace does, they are built on the kernel function
// schedule_tail, which a new task runs first, with a kprobe, and are
// absent where the kernel has no kprobes. signal-clear (a pending
// signal taken by sigwait and its kin, which all call rt_sigtimedwait)
// fires where that system call returns one, as in DTrace.
// The execve register offsets come from BTF's struct pt_regs, whose
// members are each architecture's (di, si, orig_ax on x86-64; orig_x0,
// regs[1], syscallno on arm64): regs_amd64.go and regs_arm64.go.
package proc
