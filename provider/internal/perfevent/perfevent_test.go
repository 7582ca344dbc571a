package perfevent_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/perfevent"
)

// TestAttach opens a cpu-clock event on CPU 0, links a program that
// does nothing to it, and closes both; an event the kernel does not know
// fails to open.
func TestAttach(t *testing.T) {
	testutil.Require(t, feature.SoftwarePerfEvents, feature.PerfEventProg)
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:         ebpf.PerfEvent,
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
		License:      "GPL",
	})
	if err != nil {
		t.Fatal(err)
	}
	defer prog.Close()
	attr := perfevent.Attr(unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_CPU_CLOCK, 1_000_000)
	if attr.Sample != 1_000_000 || attr.Bits&unix.PerfBitDisabled == 0 {
		t.Fatalf("attr %+v: want period 1000000, disabled", attr)
	}
	fd, err := perfevent.Open(&attr, -1, 0)
	if err != nil {
		t.Fatal(err)
	}
	var a perfevent.Attachment
	if err := a.Attach(prog, fd); err != nil {
		a.Close()
		t.Fatal(err)
	}
	if err := a.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
	if _, err := unix.FcntlInt(uintptr(fd), unix.F_GETFD, 0); err != unix.EBADF {
		t.Errorf("fd %d still open after Close (%v)", fd, err)
	}
	bad := perfevent.Attr(unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_MAX+100, 1)
	if _, err := perfevent.Open(&bad, -1, 0); err == nil {
		t.Error("an unknown software event opened")
	}
}

// TestPlan: one unit per enabled probe, each with its probe and data; a
// probe of another provider is an error naming it.
func TestPlan(t *testing.T) {
	type data struct{ n int }
	mine := []*provider.Probe{
		{ID: 1, Desc: provider.Desc{Provider: "p", Name: "a"}, Data: &data{1}},
		{ID: 2, Desc: provider.Desc{Provider: "p", Name: "b"}, Data: &data{2}},
	}
	var got []string
	units, err := perfevent.Plan([]provider.Enabled{{Probe: mine[0]}, {Probe: mine[1]}}, "p",
		func(u perfevent.Unit, d *data) provider.Unit {
			got = append(got, fmt.Sprintf("%s=%d", u.Probe.Name, d.n))
			return nil
		})
	if err != nil || len(units) != 2 || strings.Join(got, " ") != "a=1 b=2" {
		t.Errorf("Plan made %d units (%v), %v", len(units), got, err)
	}
	other := &provider.Probe{ID: 3, Desc: provider.Desc{Provider: "q", Name: "c"}, Data: "q's"}
	_, err = perfevent.Plan([]provider.Enabled{{Probe: other}}, "p", func(u perfevent.Unit, d *data) provider.Unit { return nil })
	if err == nil || err.Error() != "probe q:::c is not a p probe" {
		t.Errorf("Plan of another provider's probe: %v", err)
	}
}
