package main

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/godtrace/godtrace/internal/testutil"
)

// TestPprofFile writes a system call's kernel stack as a profile and reads
// it back with the pprof package.
func TestPprofFile(t *testing.T) {
	requireTracing(t)
	path := filepath.Join(t.TempDir(), "exit.pb.gz")
	_, stderr, status := run(t, "-q", "-x", "pprof="+path, "-c", "/bin/true",
		"-n", "syscall::exit_group:entry /pid == $target/ { @calls[stack()] = count(); @calls[stack()] = count(); }")
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	p := testutil.ReadProfile(t, path)
	if len(p.SampleType) != 1 || p.SampleType[0].Type != "calls" || p.SampleType[0].Unit != "count" {
		t.Fatalf("sample types %v", p.SampleType)
	}
	// The two stack()s of the clause are one stack.
	if len(p.Sample) != 1 || p.Sample[0].Value[0] != 2 {
		t.Fatalf("%d samples: %v", len(p.Sample), p.Sample)
	}
	var names []string
	for _, l := range p.Sample[0].Location {
		for _, ln := range l.Line {
			names = append(names, ln.Function.Name)
		}
	}
	if !slices.Contains(names, "vmlinux`do_syscall_64") || p.Mapping[0].File != "vmlinux" {
		t.Errorf("the stack %v lacks vmlinux`do_syscall_64, or the first mapping is %s", names, p.Mapping[0].File)
	}
}

func TestPprofFileUnwritable(t *testing.T) {
	requireTracing(t)
	path := filepath.Join(t.TempDir(), "no", "such")
	_, stderr, status := run(t, "-q", "-x", "pprof="+path, "-n", "BEGIN { exit(0); }")
	if want := "dtrace: could not enable tracing: failed to open pprof file '" + path + "': No such file or directory\n"; status != 1 || stderr != want {
		t.Errorf("status %d, stderr %q, want 1 and %q", status, stderr, want)
	}
}
