package fbt

import (
	"errors"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/internal/testutil"
	"github.com/godtrace/godtrace/provider"
)

// TestLacksBackend runs where the kernel has no kprobes (this project's
// development machine): the providers list nothing, and a description
// naming fbt fails with the reason.
func TestLacksBackend(t *testing.T) {
	testutil.RequireRoot(t)
	if feature.Kprobes.Check() == nil {
		t.Skip("this kernel has kprobes: the providers work here")
	}
	tab := provider.NewTable([]provider.Provider{New(), NewRaw()})
	_, err := tab.Match(provider.ParseDesc("fbt::vfs_read:entry"))
	const want = "provider fbt: fbt provider needs kprobes or fentry, which this kernel lacks (kprobes: no kprobe PMU: not supported)"
	if err == nil || err.Error() != want || !errors.Is(err, feature.ErrNotSupported) {
		t.Errorf("fbt::vfs_read:entry: error %v, want %q", err, want)
	}
	if _, err := tab.Match(provider.ParseDesc("rawfbt:::")); err == nil || !strings.Contains(err.Error(), "which this kernel lacks") {
		t.Errorf("rawfbt::: error %v, want the kernel to lack kprobes", err)
	}
	// A description that does not name the provider matches nothing here
	// rather than failing: :::entry may mean syscall probes.
	ps, err := tab.Match(provider.ParseDesc(":::entry"))
	if err != nil || len(ps) != 0 {
		t.Errorf(":::entry matched %v, %v; want nothing", ps, err)
	}
}
