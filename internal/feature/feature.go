package feature

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/features"
	"github.com/cilium/ebpf/link"
	"github.com/godtrace/godtrace/internal/bpfinsn"
	"golang.org/x/sys/unix"
)

// ErrNotSupported is wrapped by every probe result that means "this kernel
// lacks the feature". It is cilium/ebpf's sentinel, so results of
// cilium/ebpf's own feature probes compare equal to ours.
var ErrNotSupported = ebpf.ErrNotSupported

// Feature is one cached kernel capability probe.
type Feature struct {
	// Name says what is probed, as it appears in skip messages.
	Name  string
	probe func() error
	once  sync.Once
	err   error
}

// New returns a feature whose probe runs at most once.
func New(name string, probe func() error) *Feature {
	return &Feature{Name: name, probe: probe}
}

// Check runs the probe on first use and returns its cached result.
func (f *Feature) Check() error {
	f.once.Do(func() {
		if err := f.probe(); err != nil {
			f.err = fmt.Errorf("%s: %w", f.Name, err)
		}
	})
	return f.err
}

// The probes the runtime and providers depend on.
var (
	RawTracepoint = New("raw tracepoint programs", func() error {
		return features.HaveProgramType(ebpf.RawTracepoint)
	})
	PerfEventProg = New("perf event programs", func() error {
		return features.HaveProgramType(ebpf.PerfEvent)
	})
	// ProgRunRawTP is BPF_PROG_RUN of a raw tracepoint program, which is
	// how BEGIN and END fire inside the dtrace process.
	ProgRunRawTP = New("BPF_PROG_RUN of raw tracepoint programs", probeProgRunRawTP)
	// Kprobes needs the kprobe PMU; without it kprobe programs load but
	// cannot be attached, so the program type alone proves nothing.
	Kprobes = New("kprobes", func() error { return havePMU("kprobe") })
	Uprobes = New("uprobes", func() error { return havePMU("uprobe") })
	// UprobeMulti is uprobe_multi links (Linux 6.6): one link attaches a
	// program at any number of offsets of a file, in one system call.
	UprobeMulti = New("uprobe_multi links", func() error {
		if err := Uprobes.Check(); err != nil {
			return err
		}
		return features.HaveBPFLinkUprobeMulti()
	})
	// KprobeMulti is kprobe.multi links (CONFIG_FPROBE, Linux 5.18): only
	// an attachment proves them.
	KprobeMulti = New("kprobe.multi links", probeKprobeMulti)
	// Fentry is BPF trampolines: a tracing program loaded for a kernel
	// function and attached to it, with the bpf_get_func_arg helpers. A kernel may offer the program type
	// and still refuse every load or attachment (this development
	// machine's policy refuses them with EPERM even to root, which is as
	// absent as a kernel without them), so only an attachment proves it.
	Fentry  = New("fentry programs", probeFentry)
	BPFLoop = New("bpf_loop helper", func() error {
		return features.HaveProgramHelper(ebpf.RawTracepoint, asm.FnLoop)
	})
	Ringbuf = New("ring buffer maps", func() error {
		return features.HaveMapType(ebpf.RingBuf)
	})
	// KernelData is the addresses of the kernel's variables in
	// /proc/kallsyms, which reading one (`max_pfn) needs: a kernel built
	// without CONFIG_KALLSYMS_ALL lists its functions only (and the
	// bounds of a few sections), and one that hides addresses from this
	// user lists them all at 0.
	KernelData = New("addresses of kernel data symbols", probeKernelData)
	// WriteUser is bpf_probe_write_user, which copyout() and copyoutstr()
	// need; a kernel in lockdown (integrity or confidentiality) has it
	// but refuses it to every program.
	WriteUser = New("bpf_probe_write_user helper", func() error {
		return features.HaveProgramHelper(ebpf.RawTracepoint, asm.FnProbeWriteUser)
	})
	// V4ISA is the fourth version of the BPF instruction set (kernel
	// 6.6): sign-extending moves and loads, signed division. The probe
	// loads the instructions code generation uses, not cilium/ebpf's
	// long jump: a kernel can have one without the other (Debian 12's
	// 6.1 has the long jump backported and refuses sign extension).
	V4ISA = New("BPF ISA v4 instructions", func() error {
		return loads(
			asm.Mov.Imm(asm.R0, -1),
			asm.MovSX8.Reg(asm.R0, asm.R0),
			asm.Mov.Imm(asm.R1, 2),
			asm.SDiv.Reg(asm.R0, asm.R1),
			asm.Return(),
		)
	})
	// FetchAtomics are BPF's atomic operations that return the old value
	// (Linux 5.12): compare-and-exchange, with which min() and max()
	// update their word, and fetch-and-add, with which stddev() carries
	// into the high word of its sum of squares, without losing what a
	// nested firing stored between a load and a store.
	FetchAtomics = New("BPF fetching atomic operations", func() error {
		return loads(
			asm.Mov.Imm(asm.R0, 0),
			asm.StoreMem(asm.R10, -8, asm.R0, asm.DWord),
			asm.Mov.Imm(asm.R1, 1),
			bpfinsn.CmpXchg(asm.R10, asm.R1, -8),
			bpfinsn.FetchAdd(asm.R10, asm.R1, -8),
			asm.Mov.Imm(asm.R0, 0),
			asm.Return(),
		)
	})
	// SoftwarePerfEvents is the software PMU that backs profile and tick.
	SoftwarePerfEvents = New("software perf events", func() error { return havePMU("software") })
)

// loads reports whether the kernel loads a socket filter made of insns:
// a verifier that does not know an instruction refuses it with EINVAL,
// which says the kernel lacks it.
func loads(insns ...asm.Instruction) error {
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{Type: ebpf.SocketFilter, License: "GPL", Instructions: insns})
	if errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("%v: %w", err, ErrNotSupported)
	}
	if err != nil {
		return err
	}
	return prog.Close()
}

// probeTarget is the function the attach probes attach a program that
// does nothing to: one every kernel has, in its BTF and traceable.
const probeTarget = "vprintk"

// probeKprobeMulti attaches a kprobe.multi program that does nothing to
// probeTarget.
func probeKprobeMulti() error {
	if err := Kprobes.Check(); err != nil {
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
	l, err := link.KprobeMulti(prog, link.KprobeMultiOptions{Symbols: []string{probeTarget}})
	if err != nil {
		return err
	}
	return l.Close()
}

// probeFentry loads an fentry program for probeTarget that only counts
// the function's arguments with bpf_get_func_arg_cnt (whose family,
// Linux 5.17, is how fbt reads arguments of any type), and attaches it.
func probeFentry() error {
	if err := features.HaveProgramType(ebpf.Tracing); err != nil {
		return refused(err)
	}
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:         ebpf.Tracing,
		AttachType:   ebpf.AttachTraceFEntry,
		AttachTo:     probeTarget,
		License:      "GPL",
		Instructions: asm.Instructions{asm.FnGetFuncArgCnt.Call(), asm.Mov.Imm(asm.R0, 0), asm.Return()},
	})
	if err != nil {
		return fmt.Errorf("load for %s: %w", probeTarget, refused(err))
	}
	defer prog.Close()
	l, err := link.AttachTracing(link.TracingOptions{Program: prog})
	if err != nil {
		return fmt.Errorf("attach to %s: %w", probeTarget, refused(err))
	}
	return l.Close()
}

// refused makes an EPERM, or the kernel's ENOTSUPP (524, an architecture
// without trampolines), read as the feature being absent.
// probeKernelData counts the data symbols /proc/kallsyms gives an
// address: a kernel that lists its variables has tens of thousands, one
// that does not a few dozen section bounds (__start_rodata).
func probeKernelData() error {
	f, err := os.Open("/proc/kallsyms")
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotSupported, err)
	}
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		addr, rest, _ := strings.Cut(sc.Text(), " ")
		if len(rest) < 2 || strings.Trim(addr, "0") == "" {
			continue
		}
		switch rest[0] {
		case 'd', 'D', 'b', 'B':
			if n++; n > 1000 {
				return nil
			}
		}
	}
	return fmt.Errorf("%w: /proc/kallsyms lists no address for the kernel's variables", ErrNotSupported)
}

func refused(err error) error {
	if errors.Is(err, unix.EPERM) || errors.Is(err, unix.Errno(524)) || errors.Is(err, unix.EOPNOTSUPP) {
		return fmt.Errorf("refused by the kernel (%v): %w", err, ErrNotSupported)
	}
	return err
}

// havePMU reports whether the perf PMU named pmu is registered.
func havePMU(pmu string) error {
	_, err := os.Stat("/sys/bus/event_source/devices/" + pmu)
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("no %s PMU: %w", pmu, ErrNotSupported)
	}
	return err
}

// probeProgRunRawTP loads the smallest raw tracepoint program and runs it.
func probeProgRunRawTP() error {
	if err := RawTracepoint.Check(); err != nil {
		return err
	}
	prog, err := ebpf.NewProgram(&ebpf.ProgramSpec{
		Type:         ebpf.RawTracepoint,
		License:      "GPL",
		Instructions: asm.Instructions{asm.Mov.Imm(asm.R0, 7), asm.Return()},
	})
	if err != nil {
		return fmt.Errorf("load: %w", err)
	}
	defer prog.Close()
	ret, err := prog.Run(&ebpf.RunOptions{Context: make([]uint64, 1)})
	if errors.Is(err, ebpf.ErrNotSupported) {
		return err
	}
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	if ret != 7 {
		return fmt.Errorf("run returned %d, want 7", ret)
	}
	return nil
}
