package bpfrt

import (
	"syscall"
	"testing"
)

func TestLoadErrorMessage(t *testing.T) {
	for _, tc := range []struct {
		e    LoadError
		want string
	}{
		{LoadError{Program: "dt_BEGIN", Err: syscall.EACCES, Probes: []ProbeRef{{1, "dtrace:::BEGIN"}},
			Log: []string{"0: R1=ctx() R10=fp0", "invalid access to map value, value_size=2888 off=2640 size=257", "R1 min value is outside of the allowed memory range", "processed 48 insns (limit 1000000)"}},
			"BPF program load for 'dtrace:::BEGIN' failed: Permission denied (a memory access the BPF verifier could not prove in bounds)"},
		{LoadError{Program: "dt_sc", Err: syscall.E2BIG, Probes: []ProbeRef{{5, "syscall::read:entry"}, {6, "syscall::write:entry"}, {7, "syscall::open:entry"}},
			Log: []string{"too many subprograms"}},
			"BPF program load for 'syscall::read:entry' and 2 other probes failed: Argument list too long (too many clauses for one probe's program)"},
		{LoadError{Program: "dt_x", Err: syscall.EINVAL, Log: []string{"something new"}},
			"BPF program load for 'dt_x' failed: Invalid argument (refused by the BPF verifier; -x bpflog prints its log)"},
		{LoadError{Program: "dt_x", Err: syscall.EPERM},
			"BPF program load for 'dt_x' failed: Operation not permitted"},
	} {
		if got := tc.e.Error(); got != tc.want {
			t.Errorf("got  %q\nwant %q", got, tc.want)
		}
	}
}
