package enable

import (
	"fmt"
	"strconv"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/provider"
)

// stackSite says what lies above the probe site on the kernel stacks of
// unit u's program (see bpfrt.StackSite): nothing for perf events and
// kprobes, the BPF trampoline and the program for fentry and fexit, no
// stack at all for BEGIN and END, and for a tracepoint the functions of
// its dispatch, found in the kernel's symbol table.
func stackSite(u provider.Unit) (bpfrt.StackSite, error) {
	if u.Phase() != provider.PhaseTrace {
		return bpfrt.StackSite{None: true}, nil
	}
	if u.ProgramType() == ebpf.Tracing {
		// fentry and fexit: the probed function calls a BPF trampoline,
		// which calls the program. The function is the site.
		return bpfrt.StackSite{BPFFrames: 3}, nil
	}
	tp, ok := u.(provider.OnTracepoint)
	if !ok {
		return bpfrt.StackSite{}, nil
	}
	tab, err := ksym.Kernel()
	if err != nil {
		return bpfrt.StackSite{}, fmt.Errorf("kernel symbols for stacks: %w", err)
	}
	name, raw := tp.Tracepoint()
	var site bpfrt.StackSite
	add := func(sym string) {
		if r, ok := funcRange(tab, sym); ok {
			site.Plumbing = append(site.Plumbing, r)
		}
	}
	add("__traceiter_" + name)
	if !raw {
		// The perf handler, which the syscalls events leave on top.
		add("perf_trace_" + name)
		add("perf_syscall_enter")
		add("perf_syscall_exit")
		return site, nil
	}
	// bpf_trace_run1..12 lie together: one range. It calls the program,
	// and __bpf_trace_C calls it, C the tracepoint's class: a tracepoint
	// that is its own class names it, else the frame is known by the
	// call it returns from. Calls may land in the padding before a
	// function (call depth tracking), which the range covers.
	site.BPFFrames = 2
	first, ok1 := funcRange(tab, "__pfx_bpf_trace_run1")
	if !ok1 {
		first, ok1 = funcRange(tab, "bpf_trace_run1")
	}
	last, ok2 := funcRange(tab, "bpf_trace_run"+strconv.Itoa(maxTraceRunArgs))
	if ok1 && ok2 && last.Start > first.Start {
		run := bpfrt.Range{Start: first.Start, Size: last.Start + last.Size - first.Start}
		site.Plumbing = append(site.Plumbing, run)
		site.Caller = run
	}
	if r, ok := funcRange(tab, "__bpf_trace_"+name); ok {
		site.Plumbing = append(site.Plumbing, r)
		site.Caller = bpfrt.Range{}
	}
	return site, nil
}

// maxTraceRunArgs is the last of the kernel's bpf_trace_runN.
const maxTraceRunArgs = 12

// funcRange returns the address range of the core kernel function sym.
func funcRange(tab *ksym.Table, sym string) (bpfrt.Range, bool) {
	for _, s := range tab.Symbols(sym) {
		if s.Kind == ksym.Core && s.Size > 0 {
			return bpfrt.Range{Start: s.Addr, Size: s.Size}, true
		}
	}
	return bpfrt.Range{}, false
}
