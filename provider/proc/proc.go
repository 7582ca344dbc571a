package proc

import (
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable"
)

// New returns the proc provider.
func New() *stable.Provider { return stable.New("proc", "vmlinux", stable.Attrs, probes) }

// signal_generate results (include/trace/events/signal.h).
const (
	signalDelivered = 0
	signalIgnored   = 1
)

var (
	task   = "struct task_struct *"
	fork   = []stable.Source{{Group: "sched", Tracepoint: "sched_process_fork", Rewrite: stable.Move(1)}}
	sigGen = func(result int32) []stable.Source {
		return []stable.Source{{Group: "signal", Tracepoint: "signal_generate", Rewrite: stable.Seq(
			stable.Skip(4, asm.JNE, result), stable.Move(2, 0))}}
	}
)

// execSources fires on sys_enter (entry) or sys_exit of execve and
// execveat, after rest.
func execSources(entry bool, rest func(nr int32) stable.Step) []stable.Source {
	var srcs []stable.Source
	for _, nr := range []int32{unix.SYS_EXECVE, unix.SYS_EXECVEAT} {
		src := stable.Source{Group: "raw_syscalls", Tracepoint: "sys_exit"}
		nrArg := 2
		check := readSyscallNr(nrArg)
		if entry {
			src.Tracepoint, nrArg, check = "sys_enter", 1, nil
		}
		steps := []stable.Step{}
		if check != nil {
			steps = append(steps, check)
		}
		steps = append(steps, stable.Skip(nrArg, asm.JNE, nr), rest(nr))
		src.Rewrite = stable.Seq(steps...)
		srcs = append(srcs, src)
	}
	return srcs
}

// sigwaitSources fires on sys_exit of rt_sigtimedwait (which sigwait,
// sigwaitinfo and sigtimedwait call) when it returns a signal, as
// DTrace builds signal-clear on syscall::rt_sigtimedwait:return: args[0]
// is the signal taken.
func sigwaitSources() []stable.Source {
	return []stable.Source{{Group: "raw_syscalls", Tracepoint: "sys_exit", Rewrite: stable.Seq(
		stable.Read(2, 0, "pt_regs", "orig_ax", 8),
		stable.Skip(2, asm.JNE, unix.SYS_RT_SIGTIMEDWAIT),
		// An error or a timeout returns no signal.
		stable.Skip(1, asm.JSLE, 0),
		stable.Move(1), stable.Zero(1), stable.Zero(2))}}
}

// exitReason sets args[0] from the exit code in args[2] as DTrace does:
// 1 for a normal exit, 3 for a core dump, 2 for death by a signal.
func exitReason(b *bpfrt.Builder) {
	out := b.Label("proc_exit")
	b.Emit(
		asm.LoadMem(asm.R1, bpfrt.RegScratch, bpfrt.MstArg(2), asm.DWord),
		asm.Mov.Imm(asm.R0, 1),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.And.Imm(asm.R2, 0x7f),
		asm.JEq.Imm(asm.R2, 0, out),
		asm.Mov.Imm(asm.R0, 3),
		asm.And.Imm(asm.R1, 0x80),
		asm.JNE.Imm(asm.R1, 0, out),
		asm.Mov.Imm(asm.R0, 2),
	)
	b.Mark(out)
	b.Emit(asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(0), asm.R0, asm.DWord))
}

var probes = []stable.Probe{
	{Name: "create", Sources: fork, Args: []provider.Arg{stable.Arg(task, "psinfo_t *", 0)}},
	{Name: "exec", Sources: execSources(true, func(nr int32) stable.Step {
		arg := 0 // execve(filename, ...)
		if nr == unix.SYS_EXECVEAT {
			arg = 1 // execveat(dirfd, filename, ...)
		}
		return stable.Seq(readSyscallArg(0, arg), stable.Zero(1))
	}), Args: []provider.Arg{{Native: "string", Userland: true}}},
	{Name: "exec-failure", Sources: execSources(false, func(int32) stable.Step {
		return stable.Seq(stable.Skip(1, asm.JEq, 0), stable.Move(1), stable.Zero(1), stable.Zero(2))
	}), Args: []provider.Arg{stable.Arg("int", "", 0)}},
	{Name: "exec-success", Sources: execSources(false, func(int32) stable.Step {
		return stable.Seq(stable.Skip(1, asm.JNE, 0), stable.Zero(0), stable.Zero(1), stable.Zero(2))
	})},
	{Name: "exit", Sources: []stable.Source{{Group: "sched", Tracepoint: "sched_process_exit", Rewrite: stable.Seq(
		stable.Skip(1, asm.JEq, 0),
		stable.Read(2, 0, "task_struct", "exit_code", 4),
		stable.Custom(exitReason),
		stable.Zero(1), stable.Zero(2))}},
		Args: []provider.Arg{stable.Arg("int", "", 0)}},
	{Name: "lwp-create", Sources: fork, Args: []provider.Arg{stable.Arg(task, "lwpsinfo_t *", 0), stable.Arg(task, "psinfo_t *", 0)}},
	{Name: "lwp-exit", Sources: []stable.Source{{Group: "sched", Tracepoint: "sched_process_exit",
		Rewrite: stable.Seq(stable.Zero(0), stable.Zero(1))}}},
	{Name: "signal-clear", Sources: sigwaitSources(), Args: []provider.Arg{stable.Arg("int", "", 0)}},
	{Name: "signal-discard", Sources: sigGen(signalIgnored),
		Args: []provider.Arg{stable.Arg(task, "lwpsinfo_t *", 0), stable.Arg(task, "psinfo_t *", 0), stable.Arg("int", "", 1)}},
	{Name: "signal-handle", Sources: []stable.Source{{Group: "signal", Tracepoint: "signal_deliver",
		Rewrite: stable.Read(2, 2, "k_sigaction", "sa.sa_handler", 8)}},
		Args: []provider.Arg{stable.Arg("int", "", 0), stable.Arg("siginfo_t *", "", 1), stable.Arg("void (*)(void)", "", 2)}},
	{Name: "signal-send", Sources: sigGen(signalDelivered),
		Args: []provider.Arg{stable.Arg(task, "lwpsinfo_t *", 0), stable.Arg(task, "psinfo_t *", 0), stable.Arg("int", "", 1)}},
	{Name: "start", Sources: firstRun(true)},
	{Name: "lwp-start", Sources: firstRun(false)},
}

// pfKthread is the task flag of a kernel thread (PF_KTHREAD).
const pfKthread = 0x00200000

// firstRun fires where a new task first runs, in its own context: the
// entry of schedule_tail, which ret_from_fork calls for every new task.
// A process's first thread fires start, any other lwp-start; kernel
// threads fire neither. Both probes have no arguments.
func firstRun(process bool) []stable.Source {
	return []stable.Source{{Functions: []string{"schedule_tail"}, Rewrite: stable.Seq(
		stable.CurrentTask(0),
		stable.Read(0, 0, "task_struct", "flags", 4),
		stable.SkipMasked(0, pfKthread, asm.JNE, 0),
		func(b *bpfrt.Builder, skip string) error {
			// The thread id (low half) equals the process id (high
			// half) for a process's first thread.
			op := asm.JNE
			if !process {
				op = asm.JEq
			}
			b.Emit(
				asm.FnGetCurrentPidTgid.Call(),
				asm.Mov.Reg(asm.R1, asm.R0),
				asm.RSh.Imm(asm.R1, 32),
				asm.LSh.Imm(asm.R0, 32),
				asm.RSh.Imm(asm.R0, 32),
				op.Reg(asm.R0, asm.R1, skip))
			return nil
		},
		stable.Zero(0), stable.Zero(1), stable.Zero(2), stable.Zero(3), stable.Zero(4), stable.Zero(5))}}
}
