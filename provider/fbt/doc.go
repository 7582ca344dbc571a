// Package fbt owns the fbt and rawfbt providers: fbt:MODULE:FUNC:entry and
// fbt:MODULE:FUNC:return for every traceable kernel function, and rawfbt,
// the same over every kprobe-able name, compiler-made ones (.isra.0,
// .constprop.0) included.
//
// Functions are listed from tracefs's available_filter_functions ("name"
// or "name [module]"); the core kernel's functions are named by the
// built-in module ksym assigns them to, else vmlinux. Functions that the
// tracer's own path, NMI and trap handling run are left out. The function
// list, the exclusions and the load of a kprobe's arguments are
// provider/internal/kprobe's, which the stable providers share.
//
// # Backends
//
// A probe attaches in one of three ways (Backend), chosen by feature
// probes (package feature), never by kernel version:
//
//   - fentry/fexit: a tracing program loaded for the function (its
//     provider.Target: the name, and the module whose BTF object describes
//     it) and attached through a BPF trampoline. The context is the
//     function's arguments as 8-byte slots, followed on return by the
//     return value: no trap, and the return value without a kretprobe's
//     return-address bookkeeping. A function qualifies when its BTF
//     prototype has at most six parameters that are integers, enums or
//     pointers (the slots the kprobe backend's registers also give), and
//     returns void or such a value; return probes of functions that never
//     return (the verifier's noreturn_deny set) do not.
//   - kprobe.multi: one link for every function of a unit, all on one
//     program (CONFIG_FPROBE, Linux 5.18).
//   - kprobes: one kprobe or kretprobe per function on the unit's program.
//
// Auto, the default, uses fentry for the probes of a kind (entry or
// return) when the kernel has BPF trampolines and the plan has at most
// fentryMax of them, and kprobes for the rest: each fentry function needs
// its own program, verified on its own, where kprobe.multi attaches tens
// of thousands of functions with one program and one link. Where the
// kernel has no kprobes, fentry serves every function it can, and a plan
// with one it cannot fails. rawfbt always uses kprobes: compiler-made
// names have no BTF prototype.
//
// A kprobe unit serves every probe of a kind that runs the same clauses.
// Each attachment carries a BPF cookie holding the probe's id and its
// index in the unit; the program reads it with bpf_get_attach_cookie and
// enters one shared firing block (bpfrt.Builder.FireIndexed), so the
// program's size, and the verifier's work, do not grow with the probes:
// fbt:::entry is one program. Functions are attached by name, so of a
// static function the kernel has several copies of, only the first is
// traced.
//
// Where the kernel has neither backend, the providers list nothing and a
// description naming fbt fails with "fbt provider needs kprobes or
// fentry, which this kernel lacks", followed by each feature probe's
// reason (rawfbt's says it needs kprobes).
//
// # Arguments
//
// Entry probes get arg0-arg5: the registers of the x86-64 calling
// convention, or fentry's first six slots (arguments passed on the stack
// are not given). Return probes get arg0 = -1 (the offset of the
// returning instruction, which neither a kretprobe nor fexit knows;
// Oracle's DTrace gives -1 too) and arg1 = the return value. args[] are
// typed from the function's BTF prototype, the same on every backend: the
// parameters on entry, uint64_t and the return type on return.
package fbt
