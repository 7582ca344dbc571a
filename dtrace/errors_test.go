package dtrace

import (
	"errors"
	"fmt"
	"testing"

	"github.com/godtrace/godtrace/cg"
	"github.com/godtrace/godtrace/internal/feature"
)

// TestErrNotSupported: whichever layer says it cannot (the kernel, code
// generation, godtrace itself), the API's error matches ErrNotSupported
// and keeps its own text and chain.
func TestErrNotSupported(t *testing.T) {
	kernel := fmt.Errorf("fentry on vfs_read: %w", feature.ErrNotSupported)
	for _, err := range []error{
		kernel,
		fmt.Errorf("pcap(): %w", cg.ErrNotSupported),
		NotSupported("oformat=xml"),
	} {
		got := wrapNotSupported(err)
		if !errors.Is(got, ErrNotSupported) || got.Error() != err.Error() {
			t.Errorf("%v: %v, want it to match ErrNotSupported with the same text", err, got)
		}
	}
	if got := wrapNotSupported(kernel); !errors.Is(got, feature.ErrNotSupported) {
		t.Errorf("%v no longer says the kernel lacks the feature", got)
	}
	if other := errors.New("no such file"); wrapNotSupported(other) != other {
		t.Error("an error that is no refusal was wrapped")
	}

	// A refusal through Generate: code generation refuses no construct
	// the checker accepts, but on a kernel that lets no BPF program
	// write user memory it refuses copyoutstr(), saying so.
	if err := feature.WriteUser.Check(); !errors.Is(err, feature.ErrNotSupported) {
		t.Logf("bpf_probe_write_user is not refused as missing (%v): no refusal through Generate to try", err)
		return
	}
	h := Open()
	p, err := h.CompileString(`BEGIN { copyoutstr("a", 0, 2); }`, SpecName, []string{"dtrace"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = h.Generate(p)
	if !errors.Is(err, ErrNotSupported) || !errors.Is(err, feature.ErrNotSupported) || errors.Is(err, cg.ErrNotSupported) {
		t.Errorf("Generate: %v, want ErrNotSupported and feature.ErrNotSupported, not cg.ErrNotSupported", err)
	}
}
