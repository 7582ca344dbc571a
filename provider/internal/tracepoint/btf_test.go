package tracepoint

import (
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
)

func TestTypeName(t *testing.T) {
	testutil.Require(t, feature.RawTracepoint)
	want := map[string][]string{
		"sched_switch":   {"bool", "struct task_struct *", "struct task_struct *", "unsigned int"},
		"signal_deliver": {"int", "struct kernel_siginfo *", "struct k_sigaction *"},
		"block_rq_issue": {"struct request *"},
	}
	for tp, w := range want {
		types, err := Prototype(tp)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, ty := range types {
			got = append(got, TypeName(ty))
		}
		if len(got) != len(w) {
			t.Errorf("%s: %q, want %q", tp, got, w)
			continue
		}
		for i := range got {
			if got[i] != w[i] {
				t.Errorf("%s: %q, want %q", tp, got, w)
				break
			}
		}
	}
	if _, err := Prototype("no_such_tracepoint"); err == nil {
		t.Error("a missing prototype was found")
	}
	if off, err := Offset("task_struct", "exit_code"); err != nil || off == 0 {
		t.Errorf("task_struct.exit_code at %d, %v", off, err)
	}
}
