package profile

import (
	"fmt"
	"io"
	"strings"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/perfevent"
)

const (
	prefixProfile = "profile-"
	prefixTick    = "tick-"
)

// The probes DTrace creates up front.
var (
	profileRates = []int{97, 199, 499, 997, 1999, 4001, 4999}
	tickRates    = []int{1, 10, 100, 500, 1000, 5000}
)

// probe is the provider data of one probe.
type probe struct {
	tick   bool   // fires on one CPU
	period uint64 // ns
}

// Provider is the profile provider.
type Provider struct{}

// New returns the profile provider.
func New() *Provider { return &Provider{} }

func (*Provider) Name() string { return "profile" }

// MayMatch: profile probes, in no module or function, are named
// profile-RATE and tick-RATE.
func (*Provider) MayMatch(d provider.Desc) bool {
	return provider.FieldMatches(d.Module, "") && provider.FieldMatches(d.Function, "") && (d.Name == "" || provider.IsGlob(d.Name) ||
		strings.HasPrefix(d.Name, "profile-") || strings.HasPrefix(d.Name, "tick-"))
}

func (p *Provider) Populate(t *provider.Table) error {
	for _, r := range profileRates {
		p.add(t, fmt.Sprintf("%s%d", prefixProfile, r))
	}
	for _, r := range tickRates {
		p.add(t, fmt.Sprintf("%s%d", prefixTick, r))
	}
	return nil
}

// add adds the probe name if it is a valid profile or tick name.
func (p *Provider) add(t *provider.Table, name string) {
	var pr probe
	var rest string
	switch {
	case strings.HasPrefix(name, prefixProfile):
		rest = name[len(prefixProfile):]
	case strings.HasPrefix(name, prefixTick):
		pr.tick, rest = true, name[len(prefixTick):]
	default:
		return
	}
	if pr.period = parsePeriod(rest); pr.period == 0 {
		return
	}
	t.Add(p, provider.Desc{Provider: "profile", Name: name}, &pr)
}

// Provide creates the probe d names when it is an exact profile or tick
// name with empty module and function, as DTrace does.
func (p *Provider) Provide(t *provider.Table, d provider.Desc) error {
	if d.Module != "" || d.Function != "" || d.Name == "" || provider.IsGlob(d.Name) {
		return nil
	}
	p.add(t, d.Name)
	return nil
}

// Info: profile arguments are untyped, as in DTrace.
func (*Provider) Info(*provider.Probe) (provider.Info, error) {
	return provider.Info{Attrs: perfevent.Attrs}, nil
}

// Plan gives each enabled probe its own unit: each has its own period.
func (*Provider) Plan(enabled []provider.Enabled) ([]provider.Unit, error) {
	return perfevent.Plan(enabled, "profile", func(u perfevent.Unit, pr *probe) provider.Unit {
		return &unit{Unit: u, pr: pr}
	})
}

type unit struct {
	perfevent.Unit
	pr *probe
	// cpu is the cpu option's CPU, the only one the probe fires on, as
	// the program's layout says; -1 without the option.
	cpu int
}

// Trampoline notes the cpu option's CPU for Attach.
func (u *unit) Trampoline(b *bpfrt.Builder) error {
	u.cpu = -1
	if l := b.Layout(); l.OneCPU {
		u.cpu = l.CPU
	}
	return u.Unit.Trampoline(b)
}

func (u *unit) Name() string { return fmt.Sprintf("dt_prof%d", u.Probe.ID) }

// Attach opens a cpu-clock perf event on each CPU the probe fires on (one
// CPU for tick) and links the program to it. tick uses the first online
// CPU: the kernel's housekeeping CPU, whose timers keep firing when it is
// idle. On a random one, an idle CPU's cpu-clock event was seen not to
// fire for seconds (tick-1s never came), which a tick must not do. With
// the cpu option, both fire on its CPU alone.
func (u *unit) Attach(prog *ebpf.Program) (io.Closer, error) {
	cpus, err := onlineCPUs()
	if err != nil {
		return nil, fmt.Errorf("profile: online cpus: %w", err)
	}
	switch {
	case u.cpu >= 0:
		cpus = []int{u.cpu}
	case u.pr.tick:
		cpus = cpus[:1]
	}
	a := &perfevent.Attachment{}
	attr := perfevent.Attr(unix.PERF_TYPE_SOFTWARE, unix.PERF_COUNT_SW_CPU_CLOCK, u.pr.period)
	for _, cpu := range cpus {
		fd, err := perfevent.Open(&attr, -1, cpu)
		if err == nil {
			err = a.Attach(prog, fd)
		}
		if err != nil {
			a.Close()
			return nil, fmt.Errorf("profile: %s on cpu %d: %w", u.Probe.Name, cpu, err)
		}
	}
	return a, nil
}
