package cpc_test

import (
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/cpc"
	"github.com/godtrace/godtrace/provider/internal/stable/stabletest"
)

func table() *provider.Table { return provider.NewTable([]provider.Provider{cpc.New()}) }

// TestList: every listed probe is EVENT-all-1000000000, the software
// events are always there, and a hardware event is listed exactly when
// the machine counts CPU cycles.
func TestList(t *testing.T) {
	testutil.Require(t, feature.SoftwarePerfEvents)
	ps, err := table().Probes()
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, p := range ps {
		if !strings.HasSuffix(p.Name, "-all-1000000000") || p.Module != "" || p.Function != "" {
			t.Errorf("listed %s", p.Desc)
		}
		names[strings.TrimSuffix(p.Name, "-all-1000000000")] = true
	}
	for _, n := range []string{"cpu_clock", "task_clock", "page_faults", "context_switches"} {
		if !names[n] {
			t.Errorf("software event %s not listed (%v)", n, names)
		}
	}
	attr := unix.PerfEventAttr{Type: unix.PERF_TYPE_HARDWARE, Config: unix.PERF_COUNT_HW_CPU_CYCLES, Sample: 1000000000, Bits: unix.PerfBitDisabled}
	fd, err := unix.PerfEventOpen(&attr, -1, 0, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err == nil {
		unix.Close(fd)
	}
	if hw := err == nil; names["cpu_cycles"] != hw {
		t.Errorf("cpu_cycles listed %v, but the machine counts cycles: %v (%v)", names["cpu_cycles"], hw, err)
	}
	t.Logf("usable events: %v", names)
}

// TestProvide: other modes and counts exist on demand; malformed names
// and unknown events do not.
func TestProvide(t *testing.T) {
	testutil.Require(t, feature.SoftwarePerfEvents)
	tab := table()
	for name, want := range map[string]bool{
		"cpu_clock-user-1000000": true, "page_faults-kernel-1": true,
		"cpu_clock-any-10": false, "cpu_clock-all-": false, "cpu_clock-all-0": false,
		"no_such_event-all-10": false, "cpu_clock-all-1x": false, "cpu_clock": false,
	} {
		ps, err := tab.Match(provider.Desc{Provider: "cpc", Name: name})
		if err != nil || (len(ps) == 1) != want {
			t.Errorf("cpc:::%s matched %v, %v; want %v", name, ps, err, want)
		}
	}
}

// TestCPUClock: cpc:::cpu_clock-user-1000000 fires every CPU
// millisecond in user mode, in the thread that spins, with the user PC
// in arg1 and 0 in arg0.
func TestCPUClock(t *testing.T) {
	testutil.Require(t, feature.SoftwarePerfEvents, feature.PerfEventProg)
	var tid int
	fs := stabletest.Run(t, table(), []stabletest.Clause{{Desc: "cpc:::cpu_clock-user-1000000", NArgs: 2}}, stabletest.Spin(100*time.Millisecond, &tid))
	n := 0
	for _, f := range fs {
		if f.TID != uint32(tid) {
			continue
		}
		n++
		if f.Args[0] != 0 || f.Args[1] == 0 || f.Args[1] >= 1<<47 {
			t.Errorf("args %#x: want 0 and a user PC", f.Args)
		}
	}
	// 100 at full speed; the CPUs are shared, so ask for far fewer.
	if n < 10 {
		t.Errorf("%d firings in the spinning thread over 100ms, want at least 10", n)
	}
}

// TestListVerbose: -lv of a cpc probe, untyped.
func TestListVerbose(t *testing.T) {
	testutil.Require(t, feature.SoftwarePerfEvents)
	stabletest.CheckListVerbose(t, table(), "cpc:::cpu_clock-all-1000000000", stabletest.WantVerbose("cpc", "", "", "cpu_clock-all-1000000000", "Common"))
}
