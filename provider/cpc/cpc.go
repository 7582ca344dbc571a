package cpc

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/perfevent"
)

// event is one generic perf event.
type event struct {
	name   string
	typ    uint32
	config uint64
}

// events are the generic perf events, in DTrace's naming.
var events = []event{
	{"cpu_cycles", unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_CPU_CYCLES},
	{"instructions", unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_INSTRUCTIONS},
	{"cache_references", unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_CACHE_REFERENCES},
	{"cache_misses", unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_CACHE_MISSES},
	{"branch_instructions", unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_BRANCH_INSTRUCTIONS},
	{"branch_misses", unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_BRANCH_MISSES},
	{"bus_cycles", unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_BUS_CYCLES},
	{"stalled_cycles_frontend", unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_STALLED_CYCLES_FRONTEND},
	{"stalled_cycles_backend", unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_STALLED_CYCLES_BACKEND},
	{"ref_cycles", unix.PERF_TYPE_HARDWARE, unix.PERF_COUNT_HW_REF_CPU_CYCLES},
	{"cpu_clock", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_CPU_CLOCK},
	{"task_clock", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_TASK_CLOCK},
	{"page_faults", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_PAGE_FAULTS},
	{"context_switches", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_CONTEXT_SWITCHES},
	{"cpu_migrations", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_CPU_MIGRATIONS},
	{"minor_faults", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_PAGE_FAULTS_MIN},
	{"major_faults", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_PAGE_FAULTS_MAJ},
	{"alignment_faults", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_ALIGNMENT_FAULTS},
	{"emulation_faults", unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_EMULATION_FAULTS},
}

// listedCount is the count of the probes DTrace lists.
const listedCount = 1000000000

// probe is the provider data of one probe.
type probe struct {
	ev     event
	mode   string
	period uint64
}

// Provider is the cpc provider. It remembers which events this machine
// accepts, probed once per provider.
type Provider struct {
	usable map[string]event
}

// New returns the cpc provider.
func New() *Provider { return &Provider{} }

func (*Provider) Name() string { return "cpc" }

// MayMatch: cpc probes, in no module or function, are named
// EVENT-MODE-COUNT. Finding which events the machine counts takes system
// calls, so a description that cannot name one is answered without them.
func (*Provider) MayMatch(d provider.Desc) bool {
	return provider.FieldMatches(d.Module, "") && provider.FieldMatches(d.Function, "") &&
		(d.Name == "" || provider.IsGlob(d.Name) || strings.Count(d.Name, "-") == 2)
}

// probeEvents finds the events perf_event_open accepts here.
func (p *Provider) probeEvents() {
	if p.usable != nil {
		return
	}
	p.usable = map[string]event{}
	for _, e := range events {
		fd, err := open(e, "all", listedCount, -1, 0)
		if err == nil {
			unix.Close(fd)
			p.usable[e.name] = e
		}
	}
}

func (p *Provider) Populate(t *provider.Table) error {
	p.probeEvents()
	for _, e := range events {
		if _, ok := p.usable[e.name]; ok {
			p.add(t, fmt.Sprintf("%s-all-%d", e.name, listedCount))
		}
	}
	return nil
}

// parse decodes EVENT-MODE-COUNT for a usable event.
func (p *Provider) parse(name string) (probe, bool) {
	parts := strings.Split(name, "-")
	if len(parts) != 3 {
		return probe{}, false
	}
	e, ok := p.usable[parts[0]]
	if !ok {
		return probe{}, false
	}
	switch parts[1] {
	case "user", "kernel", "all":
	default:
		return probe{}, false
	}
	if strings.Trim(parts[2], "0123456789") != "" {
		return probe{}, false
	}
	n, err := strconv.ParseUint(parts[2], 10, 64)
	if err != nil || n == 0 {
		return probe{}, false
	}
	return probe{ev: e, mode: parts[1], period: n}, true
}

func (p *Provider) add(t *provider.Table, name string) {
	if pr, ok := p.parse(name); ok {
		t.Add(p, provider.Desc{Provider: "cpc", Name: name}, &pr)
	}
}

// Provide creates the probe d names exactly, with empty module and
// function, as DTrace does.
func (p *Provider) Provide(t *provider.Table, d provider.Desc) error {
	if !p.MayMatch(d) || d.Name == "" || provider.IsGlob(d.Name) {
		return nil
	}
	p.probeEvents()
	p.add(t, d.Name)
	return nil
}

// Info: cpc arguments are untyped, as in DTrace.
func (*Provider) Info(*provider.Probe) (provider.Info, error) {
	return provider.Info{Attrs: perfevent.Attrs}, nil
}

// Plan gives each enabled probe its own unit: each has its own counter.
func (*Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	return perfevent.Plan(enabled, "cpc", func(u perfevent.Unit, pr *probe) provider.Unit {
		return &unit{Unit: u, pr: pr}
	})
}

// open opens the perf counter of e in mode, sampling every period, on
// cpu (all tasks) or for pid on any CPU.
func open(e event, mode string, period uint64, pid, cpu int) (int, error) {
	attr := perfevent.Attr(e.typ, e.config, period)
	switch mode {
	case "user":
		attr.Bits |= unix.PerfBitExcludeKernel | unix.PerfBitExcludeHv
	case "kernel":
		attr.Bits |= unix.PerfBitExcludeUser
	}
	return perfevent.Open(&attr, pid, cpu)
}

type unit struct {
	perfevent.Unit
	pr *probe
}

func (u *unit) Name() string { return fmt.Sprintf("dt_cpc%d", u.Probe.ID) }

// Attach opens the counter on every online CPU (offline ones refuse
// with ENODEV) and links the program to each.
func (u *unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return nil, fmt.Errorf("cpc: %w", err)
	}
	a := &perfevent.Attachment{}
	for cpu := range ncpu {
		fd, err := open(u.pr.ev, u.pr.mode, u.pr.period, -1, cpu)
		if errors.Is(err, unix.ENODEV) {
			continue
		}
		if err == nil {
			err = a.Attach(prog, fd)
		}
		if err != nil {
			a.Close()
			return nil, fmt.Errorf("cpc: %s on cpu %d: %w", u.Probe.Name, cpu, err)
		}
	}
	return a, nil
}
