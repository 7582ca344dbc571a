package dtrace

import (
	"errors"
	"os"
	"strconv"
	"strings"
)

// ErrPrivileges is DTrace's EDT_ACCESS: tracing needs privileges the
// process lacks. Its message names them.
var ErrPrivileges = errors.New("DTrace requires additional privileges: run as root, or with the capabilities " +
	"CAP_BPF, CAP_PERFMON and CAP_SYS_RESOURCE and read access to /sys/kernel/tracing")

// Capabilities that let a process load tracing programs and open perf
// events (linux/capability.h); CAP_SYS_ADMIN covers both.
const (
	capSysAdmin = 21
	capPerfmon  = 38
	capBPF      = 39
)

// CheckPrivileges returns ErrPrivileges when the process can load no
// tracing program: it is not root and lacks CAP_BPF with CAP_PERFMON (or
// CAP_SYS_ADMIN). Tracing without them fails deep in its start, with an
// error about whatever it touched first.
func CheckPrivileges() error {
	if os.Geteuid() == 0 {
		return nil
	}
	caps := effectiveCaps()
	has := func(c uint) bool { return caps&(1<<c) != 0 }
	if has(capSysAdmin) || has(capBPF) && has(capPerfmon) {
		return nil
	}
	return ErrPrivileges
}

// effectiveCaps returns the process's effective capability set, from
// /proc; none where /proc does not say.
func effectiveCaps() uint64 {
	b, _ := os.ReadFile("/proc/self/status")
	for line := range strings.Lines(string(b)) {
		if v, ok := strings.CutPrefix(line, "CapEff:"); ok {
			caps, _ := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			return caps
		}
	}
	return 0
}
