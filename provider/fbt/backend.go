package fbt

import (
	"errors"
	"fmt"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/internal/feature"
)

// ErrNoBackend says the kernel offers neither kprobes nor fentry. The
// errors that wrap it also wrap the feature probe's, and so
// feature.ErrNotSupported.
var ErrNoBackend = errors.New("fbt provider needs kprobes or fentry, which this kernel lacks")

// backend reports whether probes can attach here: nil, or ErrNoBackend
// with the reason the kprobe probe gave.
func backend() error {
	err := feature.Kprobes.Check()
	if errors.Is(err, feature.ErrNotSupported) {
		return fmt.Errorf("%w (%w)", ErrNoBackend, err)
	}
	return err
}

// KprobeMulti is kprobe.multi links (CONFIG_FPROBE, Linux 5.18): only an
// attachment proves them, so the probe attaches a program that does
// nothing to one function every kernel has.
var KprobeMulti = feature.New("kprobe.multi links", func() error {
	if err := feature.Kprobes.Check(); err != nil {
		return err
	}
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:         ebpf.Kprobe,
		AttachType:   ebpf.AttachTraceKprobeMulti,
		License:      "GPL",
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 0), asm.Return()},
	})
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	defer prog.Close()
	l, err := link.KprobeMulti(prog, link.KprobeMultiOptions{Symbols: []string{"vprintk"}})
	if err != nil {
		return err
	}
	return l.Close()
})
