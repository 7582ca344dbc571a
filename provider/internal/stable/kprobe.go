package stable

import (
	"fmt"
	"io"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/kprobe"
)

// kprobeUnit is the program of one kernel function's entry (or return),
// a kprobe (or kretprobe): it fires, in turn, every enabled probe with a
// source on that function, as a tracepoint's unit does.
type kprobeUnit struct {
	prov    string
	fn      string
	ret     bool
	firings []firing
}

func (u *kprobeUnit) Name() string {
	kind := "e"
	if u.ret {
		kind = "r"
	}
	// The kernel takes letters, digits, '_' and '.' in a program name.
	name := fmt.Sprintf("dt_%.4s_%s%s", u.prov, kind, strings.ReplaceAll(u.fn, "-", "_"))
	return name[:min(len(name), 15)]
}
func (*kprobeUnit) ProgramType() ebpf.ProgramType { return ebpf.Kprobe }
func (*kprobeUnit) AttachType() ebpf.AttachType   { return ebpf.AttachNone }
func (*kprobeUnit) Phase() provider.Phase         { return provider.PhaseTrace }

func (u *kprobeUnit) Attach(prog *ebpf.Program) (io.Closer, error) {
	attach := link.Kprobe
	if u.ret {
		attach = link.Kretprobe
	}
	l, err := attach(u.fn, prog, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: kprobe on %s: %w", u.prov, u.fn, err)
	}
	return l, nil
}

// Trampoline fires each probe in turn, each from the function's own
// arguments (or return value).
func (u *kprobeUnit) Trampoline(b *bpfrt.Builder) error {
	return fireEach(b, u.firings, u.fn, func() { kprobe.LoadArgs(b, !u.ret) })
}
