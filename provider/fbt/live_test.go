package fbt

import (
	"errors"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
)

// TestLacksBackend: where the kernel has neither backend (this project's
// development machine: no kprobe PMU, fentry refused), the providers list
// nothing, and a description naming fbt fails with the reason each
// backend is missing.
func TestLacksBackend(t *testing.T) {
	testutil.RequireLacking(t, feature.Kprobes, feature.Fentry)
	tab := provider.NewTable([]provider.Provider{New(), NewRaw()})
	_, err := tab.Match(provider.ParseDesc("fbt::vfs_read:entry"))
	want := "provider fbt: fbt provider needs kprobes or fentry, which this kernel lacks (" +
		feature.Kprobes.Check().Error() + "; " + feature.Fentry.Check().Error() + ")"
	if err == nil || err.Error() != want {
		t.Errorf("fbt::vfs_read:entry: error %v, want %q", err, want)
	}
	if !errors.Is(err, ErrNoBackend) || !errors.Is(err, feature.ErrNotSupported) {
		t.Errorf("fbt::vfs_read:entry: error %v wraps neither ErrNoBackend nor ErrNotSupported", err)
	}
	_, err = tab.Match(provider.ParseDesc("rawfbt:::"))
	want = "provider rawfbt: rawfbt provider needs kprobes, which this kernel lacks (" + feature.Kprobes.Check().Error() + ")"
	if err == nil || err.Error() != want {
		t.Errorf("rawfbt::: error %v, want %q", err, want)
	}
	// A description that does not name the provider matches nothing here
	// rather than failing: :::entry may mean syscall probes.
	ps, err := tab.Match(provider.ParseDesc(":::entry"))
	if err != nil || len(ps) != 0 {
		t.Errorf(":::entry matched %v, %v; want nothing", ps, err)
	}
	for _, p := range []*Provider{New(), NewRaw()} {
		if _, err := p.Plan(nil); !errors.Is(err, feature.ErrNotSupported) || !strings.Contains(err.Error(), "which this kernel lacks") {
			t.Errorf("%s: Plan error %v, want the kernel to lack a backend", p.Name(), err)
		}
	}
}
