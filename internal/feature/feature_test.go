package feature

import (
	"errors"
	"os"
	"strings"
	"testing"
)

func TestFindTracefs(t *testing.T) {
	const table = `sysfs /sys sysfs rw 0 0
tracefs /sys/kernel/debug/tracing tracefs rw 0 0
tracefs /sys/kernel/tracing tracefs rw 0 0
`
	got, err := findTracefs(strings.NewReader(table))
	if err != nil || got != "/sys/kernel/debug/tracing" {
		t.Fatalf("findTracefs = %q, %v", got, err)
	}
	got, err = findTracefs(strings.NewReader("proc /proc proc rw 0 0\n"))
	if err != nil || got != "" {
		t.Fatalf("findTracefs without tracefs = %q, %v", got, err)
	}
}

func TestCached(t *testing.T) {
	n := 0
	f := New("thing", func() error { n++; return ErrNotSupported })
	for range 3 {
		if err := f.Check(); !errors.Is(err, ErrNotSupported) || err.Error() != "thing: not supported" {
			t.Fatalf("Check = %v", err)
		}
	}
	if n != 1 {
		t.Fatalf("probe ran %d times, want 1", n)
	}
}

// requireRoot skips t under -short and fails it otherwise when this is
// not root, saying why: CI runs as root. (testutil.RequireRoot would
// import this package.)
func requireRoot(t *testing.T, why string) {
	t.Helper()
	if os.Geteuid() != 0 {
		if testing.Short() {
			t.Skip(why)
		}
		t.Fatal(why)
	}
}

// TestLive checks the probes against what this kernel is known to offer
// when it offers it: each feature either works or reports ErrNotSupported.
func TestLive(t *testing.T) {
	requireRoot(t, "feature probes need root (CI runs as root)")
	for _, f := range []*Feature{RawTracepoint, PerfEventProg, ProgRunRawTP, Kprobes, Uprobes, KprobeMulti, Fentry, BPFLoop, Ringbuf, SoftwarePerfEvents, V4ISA, FetchAtomics} {
		err := f.Check()
		if err != nil && !errors.Is(err, ErrNotSupported) {
			t.Errorf("%s: probe failed: %v", f.Name, err)
		}
		t.Logf("%s: %v", f.Name, err)
	}
	// The runtime cannot work at all without these (speculations, too,
	// compare and exchange: bpfrt/spec.go).
	for _, f := range []*Feature{RawTracepoint, PerfEventProg, ProgRunRawTP, SoftwarePerfEvents, FetchAtomics} {
		if err := f.Check(); err != nil {
			t.Errorf("required feature missing: %v", err)
		}
	}
}

func TestTracefs(t *testing.T) {
	requireRoot(t, "mounting tracefs needs root (CI runs as root)")
	path, err := Tracefs()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "/events"); err != nil {
		t.Errorf("tracefs at %s has no events: %v", path, err)
	}
	if again, err := Tracefs(); again != path || err != nil {
		t.Errorf("second Tracefs = %q, %v", again, err)
	}
	if err := ReleaseTracefs(); err != nil {
		t.Fatal(err)
	}
}
