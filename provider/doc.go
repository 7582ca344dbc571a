// Package provider owns the contract between the runtime and the probe
// providers: probe descriptions and their glob matching, the probe table
// (ids stable within a run), probe information (stability attributes and
// argument types for -lv and the checker), the units a provider compiles
// enabled probes into (trampoline, program type, attachment), and the
// `dtrace -l` listing.
//
// A provider is one small package under provider/ implementing Provider;
// provider/registry lists them in their fixed order. No provider imports
// another: what several build on is in provider/internal (kprobe: kernel
// functions and kprobe arguments; tracepoint: tracefs events, formats and
// raw tracepoints; uprobe: the uprobe unit; perfevent: sampling perf
// events; stable: the table-driven stable providers). A provider is asked
// in two steps, as in Oracle's libdtrace: Populate lists the probes it
// knows up front, Provide creates probes a description names that only
// exist on demand (profile-1234). Plan then groups the enabled probes into
// units, each one BPF program and one attachment, so a provider may serve
// many probes from one program (syscall: one raw tracepoint on sys_enter
// dispatching on the syscall number) or give each probe its own. A unit
// whose program is loaded for one kernel function (fentry, fexit) says
// which, and in which BTF object, by implementing Targeted.
package provider
