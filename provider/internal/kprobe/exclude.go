package kprobe

import (
	"bufio"
	"io"
	"os"
	"strings"
)

// excludedPrefixes name the functions fbt and rawfbt never trace, because
// a probe firing in them would run inside the machinery that runs probes
// (and recurse, or be dropped on every firing while costing a trap), or
// inside NMI and trap handling, where a kprobe is unsafe. The kernel
// already hides notrace and NOKPROBE functions from kprobes; this list
// covers what it does not, for a mass attach such as fbt:::entry:
//
//   - bpf_, __bpf, btf_: the BPF runtime, helpers and program dispatch;
//   - ftrace_, __ftrace, fprobe, rethook, arch_rethook, kprobe, __kprobe,
//     kretprobe, optimized_callback, trace_, __trace, tracing_, ring_buffer_:
//     the ftrace, fprobe and kprobe paths a firing goes through;
//   - perf_, __perf: perf_event_output and the perf ring;
//   - rcu_, __rcu, srcu_: RCU read sides wrap every program run;
//   - preempt_count, migrate_disable, migrate_enable: run around every
//     program;
//   - do_nmi, nmi_, exc_, do_int3, do_debug, do_trap, handle_bug, irqentry_,
//     idtentry_, native_, paravirt_, xen_: NMI, exception and trap entry, and
//     the low-level CPU operations they use;
//   - _raw_spin_, _raw_read_, _raw_write_, queued_spin_, queued_read_,
//     queued_write_, __pv_queued_: locks the tracing paths take;
//   - __x86_indirect_thunk, __x86_return_thunk: retpolines, not functions;
//   - __sanitizer_, __asan_, __kasan_, __kcsan_, __ubsan_, kasan_, kcsan_,
//     kmsan_: instrumentation called from everything, probes included.
var excludedPrefixes = []string{
	"bpf_", "__bpf", "btf_",
	"ftrace_", "__ftrace", "fprobe", "rethook", "arch_rethook", "kprobe", "__kprobe",
	"kretprobe", "optimized_callback", "trace_", "__trace", "tracing_", "ring_buffer_",
	"perf_", "__perf",
	"rcu_", "__rcu", "srcu_",
	"preempt_count", "migrate_disable", "migrate_enable",
	"do_nmi", "nmi_", "exc_", "do_int3", "do_debug", "do_trap", "handle_bug", "irqentry_",
	"idtentry_", "native_", "paravirt_", "xen_",
	"_raw_spin_", "_raw_read_", "_raw_write_", "queued_spin_", "queued_read_",
	"queued_write_", "__pv_queued_",
	"__x86_indirect_thunk", "__x86_return_thunk",
	"__sanitizer_", "__asan_", "__kasan_", "__kcsan_", "__ubsan_", "kasan_", "kcsan_", "kmsan_",
}

// Excluded reports whether fbt and rawfbt leave the function name out
// (see excludedPrefixes); blacklist holds the kernel's kprobe blacklist,
// which kprobes refuse and kprobe.multi would accept.
func Excluded(name string, blacklist map[string]bool) bool {
	if blacklist[name] {
		return true
	}
	for _, p := range excludedPrefixes {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// ParseBlacklist reads debugfs's kprobes/blacklist: lines of
// "0xSTART-0xEND\tNAME", or "[module]" marks after the name.
func ParseBlacklist(r io.Reader) (map[string]bool, error) {
	out := map[string]bool{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) >= 2 && strings.HasPrefix(f[0], "0x") {
			out[f[1]] = true
		}
	}
	return out, sc.Err()
}

// kernelBlacklist is the running kernel's kprobe blacklist; nil when
// debugfs is not mounted, where kprobes still refuse those functions
// one by one and kprobe.multi is kept off the worst of them by
// excludedPrefixes.
func kernelBlacklist() map[string]bool {
	f, err := os.Open("/sys/kernel/debug/kprobes/blacklist")
	if err != nil {
		return nil
	}
	defer f.Close()
	bl, err := ParseBlacklist(f)
	if err != nil {
		return nil
	}
	return bl
}
