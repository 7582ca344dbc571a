package fbt

import (
	"errors"
	"fmt"

	"github.com/godtrace/godtrace/internal/feature"
)

// Backend is a way of attaching probes to kernel functions.
type Backend int

const (
	// Auto chooses per function: fentry/fexit where the kernel has BPF
	// trampolines, the function a prototype they take, and the plan at
	// most fentryMax probes of its kind; else kprobe.multi where the
	// kernel has it; else one kprobe per function.
	Auto Backend = iota
	// Fentry is fentry (entry) and fexit (return) programs, one per
	// function, attached through BPF trampolines.
	Fentry
	// KprobeMulti is one kprobe.multi (or kretprobe.multi) link per unit.
	KprobeMulti
	// Kprobe is one kprobe (or kretprobe) per function: what kernels
	// without CONFIG_FPROBE offer.
	Kprobe
)

func (b Backend) String() string {
	switch b {
	case Fentry:
		return "fentry"
	case KprobeMulti:
		return "kprobe.multi"
	case Kprobe:
		return "kprobe"
	}
	return "auto"
}

// fentryMax is the most probes of one kind (entry or return) a plan
// attaches with fentry/fexit when the kernel also has kprobes. Each
// function needs its own program, verified and attached on its own, and
// each detach waits for RCU grace periods, where one kprobe.multi link
// attaches thousands at once: in the emulated test VM, 60 fentry programs
// took 16 s to enable and 9 s to close, 600 functions in one kprobe.multi
// link 0.6 s and 0.2 s (bench/README.md). Past a handful of functions,
// fentry's cheaper firing does not repay that.
const fentryMax = 16

// ErrNoBackend says the kernel offers neither kprobes nor fentry. The
// errors that wrap it also wrap the feature probes', and so
// feature.ErrNotSupported.
var ErrNoBackend = errors.New("fbt provider needs kprobes or fentry, which this kernel lacks")

// ErrNoKprobes says the kernel has no kprobes, which rawfbt needs: its
// compiler-made names have no BTF prototype for fentry.
var ErrNoKprobes = errors.New("rawfbt provider needs kprobes, which this kernel lacks")

// available reports whether the provider's probes can attach here: nil,
// or ErrNoBackend (ErrNoKprobes for rawfbt) with the reasons the feature
// probes gave.
func (p *Provider) available() error {
	kerr := feature.Kprobes.Check()
	if p.raw {
		if errors.Is(kerr, feature.ErrNotSupported) {
			return fmt.Errorf("%w (%w)", ErrNoKprobes, kerr)
		}
		return kerr
	}
	if kerr == nil {
		return nil
	}
	ferr := feature.Fentry.Check()
	switch {
	case ferr == nil:
		return nil
	case errors.Is(kerr, feature.ErrNotSupported) && errors.Is(ferr, feature.ErrNotSupported):
		return fmt.Errorf("%w (%w; %w)", ErrNoBackend, kerr, ferr)
	case !errors.Is(kerr, feature.ErrNotSupported):
		return kerr
	}
	return ferr
}
