// Package pid owns the pid provider: probes on the functions and
// instructions of a running process, pid<PID>:<module>:<function>:<name>,
// placed with uprobes filtered to that process through the uprobe unit of
// provider/internal/uprobe (one program dispatching on the attach
// cookie), which provider/usdt shares.
//
// # Probes
//
// They exist on demand: a description whose provider is pid<PID> makes
// the probes it names in that process's mapped ELF files. Names are entry,
// return, and the hex offset of an instruction in the function (0, 4,
// 1a...); a glob or empty name makes every instruction probe it matches,
// decoding the function's x86-64 code from its start as fasttrap did. The
// module is the file's basename, matched also as "a.out" for the
// executable, by full path, and cut at ".so" (libc.so, libc). A function
// of "-" names an absolute address: pid123:-:-:401000 (the probe's module
// becomes the file's name). Libraries are found only once mapped: a
// process created stopped at exec has only the executable and the dynamic
// linker (see proc's evaltime).
//
// A function with several names (aliases at one address and size: mmap
// and mmap64, memcpy and memcpy@@GLIBC_2.14) is probed once by a pattern,
// under the first of its names that matches in libproc's order, and
// versioned (@) and compiler-made (foo.cold) names and functions of size
// 0 are passed over, as DTrace's dt_pid.c does (uelf.File.ProbeFuncs). A
// name given exactly is probed under the name libproc gives its address,
// as dt_pid.c renames it: pid$target::mmap64:entry is the probe
// pid<PID>:libc.so.6:mmap:entry, whose probefunc is "mmap", and which
// that description, naming an alias exactly, matches.
//
// The provider's name is "pid", which no pid<PID> description matches as
// a pattern: Claims tells the table which provider fields the provider
// serves, and Matches matches a description against its probes with the
// module aliases above, which a literal field comparison would miss.
//
// # Copies from user memory
//
// copyin() and copyinstr() at a pid probe fail, as in DTrace, when the
// memory is not mapped yet (a string in a page the process has not
// touched). A system call's entry retries them at its return
// (provider/syscall); a uprobe has no such later event. A sleepable
// uprobe program could fault the page in (bpf_copy_from_user), but not
// here as things are: every program of a session shares one per-CPU
// scratch value (machine state, this->, the record being staged), which
// the programs that run on the CPU while the sleepable one sleeps would
// overwrite; and a sleepable program may not use a program array (the
// tail calls of long clause lists) nor perf rings. That needs a scratch
// value of the task's own for uprobe programs (task storage) and the
// per-CPU counters kept apart; it is not done.
//
// # Arguments
//
// entry and instruction probes: arg0-arg5 are rdi, rsi, rdx, rcx, r8, r9
// (the SysV integer argument registers), arg6-arg9 the stack words above
// the return address, read with bpf_probe_read_user only when a clause of
// the probe reads one of them (bpfrt.Stmt.ArgsRead): that read costs more
// than the rest of a firing (180 ns against 110 in this VM). return probes, as in
// Oracle's DTrace: arg0 = 0, arg1 = the return value (rax), the others 0.
//
// # Machine state and uregs[]
//
// A uprobe program's context is the user task's struct pt_regs, and the
// trampoline passes it unchanged to every clause as R1: code generation
// reads uregs[] straight from the clause's context (x86-64 pt_regs
// offsets, uelf.Reg.PtRegsOffset), so the machine state holds no copy.
//
// # Units
//
// All enabled probes of the provider are one uprobe unit
// (provider/internal/uprobe): sites that fill the arguments the same way
// (call, register or return arguments) and run the same clauses share
// one block of its program.
package pid
