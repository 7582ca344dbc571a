package kprobe

import (
	"strings"
	"testing"
)

func TestExcluded(t *testing.T) {
	bl, err := ParseBlacklist(strings.NewReader("0xffffffff81001000-0xffffffff81001040\tint3_handler\n" +
		"0xffffffffc0001000-0xffffffffc0001100\tmod_handler [somemod]\n" +
		"garbage\n"))
	if err != nil {
		t.Fatal(err)
	}
	if len(bl) != 2 || !bl["int3_handler"] || !bl["mod_handler"] {
		t.Fatalf("blacklist %v", bl)
	}
	for name, want := range map[string]bool{
		"vfs_read":                  false,
		"do_sys_openat2":            false,
		"copy_page.isra.0":          false,
		"trace_call_bpf":            true,
		"bpf_prog_run":              true,
		"__bpf_prog_enter":          true,
		"perf_event_output":         true,
		"rcu_read_unlock_strict":    true,
		"_raw_spin_lock_irqsave":    true,
		"do_nmi":                    true,
		"exc_page_fault":            true,
		"kprobe_ftrace_handler":     true,
		"fprobe_handler":            true,
		"rethook_trampoline":        true,
		"native_write_msr":          true,
		"int3_handler":              true,
		"mod_handler":               true,
		"tracepoint_probe_register": false, // not trace_: a registration, not a firing path
	} {
		if got := Excluded(name, bl); got != want {
			t.Errorf("Excluded(%s) = %v, want %v", name, got, want)
		}
	}
}
