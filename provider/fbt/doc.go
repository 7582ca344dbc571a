// Package fbt owns the fbt and rawfbt providers: fbt:MODULE:FUNC:entry and
// fbt:MODULE:FUNC:return for every traceable kernel function, and rawfbt,
// the same over every kprobe-able name, compiler-made ones (.isra.0,
// .constprop.0) included.
//
// Functions are listed from tracefs's available_filter_functions ("name"
// or "name [module]"); the core kernel's functions are named by the
// built-in module ksym assigns them to, else vmlinux. Functions that the
// tracer's own path, NMI and trap handling run are left out (exclude.go).
//
// # Backend
//
// Probes attach with kprobes: one kprobe.multi link per unit where the
// kernel has kprobe.multi (CONFIG_FPROBE), else one kprobe or kretprobe
// per function, all on the unit's one program. Each attachment carries a
// BPF cookie, the probe's index in its unit, and the program dispatches
// on bpf_get_attach_cookie with a binary search, as package syscall does
// on the syscall number. A unit serves at most unitMax probes, which keeps
// the verifier's work per program small (it grows with the square of the
// probes): fbt:::entry is about 150 programs. Functions are attached by
// name, so of a static function the kernel has several copies of, only
// the first is traced.
//
// fentry/fexit is not a backend yet: a tracing program names its target
// function when it is loaded (BTF id and object), which provider.Unit
// cannot express, and it needs one program per function, which for
// fbt:::entry means tens of thousands of verifications where kprobe.multi
// needs a few dozen. Where the kernel has no kprobes, the providers list
// nothing and a description naming them fails with "fbt provider needs
// kprobes or fentry, which this kernel lacks".
//
// # Arguments
//
// Entry probes get arg0-arg5 from the registers of the x86-64 calling
// convention (arguments passed on the stack are not given); return probes get arg0 = -1 (the offset of the returning
// instruction, which a kretprobe cannot know; Oracle's DTrace gives -1
// too) and arg1 = the return value. args[] are typed from the function's
// BTF prototype: the parameters on entry, uint64_t and the return type on
// return.
package fbt
