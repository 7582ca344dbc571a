// Package usdt owns the usdt provider: the user-level statically defined
// probes that SystemTap's <sys/sdt.h> (and DTRACE_PROBE macros built on
// it), and the headers dtrace -h generates (package usdtgen), describe in
// .note.stapsdt ELF notes, placed with uprobes through the uprobe unit of
// provider/internal/uprobe, which provider/pid shares.
//
// # Naming
//
// As in Oracle's DTrace, a probe is provider<PID>:module:function:name:
// the USDT provider with the process id appended, the file's basename
// (matched also as "a.out", by full path, and cut at ".so"), the function
// that holds the probe site, and the note's name with "__" turned into
// "-" (function__entry is function-entry; either spelling matches).
// Beyond DTrace:
//
//   - a glob over providers and processes makes the probes of every
//     running process that match: python*:::function-entry. The pattern
//     must start with a literal character, so "*:::" reads no process;
//   - a provider without a pid and a module that is an absolute path name
//     the probes of that file in every process that runs it, now or
//     later: python:/usr/bin/python3.11::function-entry (the uprobe has no
//     PID filter; its module is the path).
//
// As for provider/pid, Claims and Matches tell the table which provider
// fields the provider serves and how its module and name fields match.
//
// # Arguments
//
// Each argument specification of the note ("-4@%eax", "8@-16(%rbp)",
// "2@sem(%rip)", "-4@$42") is decoded by uelf and compiled into the
// probe's trampoline block: a register is loaded from the pt_regs context,
// a memory operand read with bpf_probe_read_user (symbol-relative operands
// rebased by the probe's ip, so one program serves every load address),
// a constant stored as an immediate; each is then truncated to its size
// and sign- or zero-extended. They are typed intN_t or uintN_t by size.
//
// # Semaphores
//
// A probe with a semaphore (its is-enabled counter, which guarded probe
// sites test before computing costly arguments) is attached with the
// semaphore's file offset as the uprobe's reference counter
// (ref_ctr_offset): the kernel increments it in each traced process while
// the uprobe is attached and decrements it on detach, so the site runs
// only while traced, and no process memory is written by us.
package usdt
