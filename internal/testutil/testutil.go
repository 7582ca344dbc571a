package testutil

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/godtrace/godtrace/internal/feature"
)

// Require skips tb when one of the features is missing from this kernel and
// fails it when a probe itself errs or the test does not run as root.
func Require(tb testing.TB, fs ...*feature.Feature) {
	tb.Helper()
	RequireRoot(tb)
	for _, f := range fs {
		SkipIfNotSupported(tb, f.Check())
	}
}

// RequireLacking skips tb when this kernel has any of the features: for
// tests of what the runtime says where they are missing. Like Require, it
// fails tb when a probe itself errs or the test does not run as root.
func RequireLacking(tb testing.TB, fs ...*feature.Feature) {
	tb.Helper()
	RequireRoot(tb)
	for _, f := range fs {
		switch err := f.Check(); {
		case err == nil:
			tb.Skipf("this kernel has %s", f.Name)
		case !errors.Is(err, feature.ErrNotSupported):
			tb.Fatal(err)
		}
	}
}

// RequireRoot fails tb unless the process runs as root. Under -short it
// skips instead, so that "go test -short ./..." runs, as a normal user,
// every test that needs no privileges.
func RequireRoot(tb testing.TB) {
	tb.Helper()
	if os.Geteuid() == 0 {
		return
	}
	if testing.Short() {
		tb.Skip("needs root: runs without -short, as root (CI runs as root)")
	}
	tb.Fatal("this test needs root (CI runs as root)")
}

// SkipIfNotSupported skips tb when err says the kernel lacks a feature and
// fails it on any other non-nil error.
func SkipIfNotSupported(tb testing.TB, err error) {
	tb.Helper()
	if err == nil {
		return
	}
	if errors.Is(err, feature.ErrNotSupported) {
		tb.Skip("kernel lacks a feature:", err)
	}
	tb.Fatal(err)
}

var (
	buildOnce  sync.Once
	dtraceDir  string
	dtraceErr  error
	dtracePath string
)

// Dtrace builds cmd/dtrace once per test binary and returns the path of
// the executable: for tests that run the command as users do. root is
// the module's root, relative to the test's directory. Every Go source
// under it is stat'ed first: go test caches a passing result keyed on
// the files the test touches, and the build runs in a child process, so
// without it a change to the sources would not rerun the test. The test
// binary's TestMain is Main, which calls RemoveDtrace when the tests are done.
func Dtrace(tb testing.TB, root string) string {
	tb.Helper()
	buildOnce.Do(func() {
		if dtraceErr = statSources(root); dtraceErr != nil {
			return
		}
		if dtraceDir, dtraceErr = os.MkdirTemp("", "godtrace-test"); dtraceErr != nil {
			return
		}
		dtracePath = filepath.Join(dtraceDir, "dtrace")
		gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
		cmd := exec.Command(gobin, "build", "-o", dtracePath, "github.com/godtrace/godtrace/cmd/dtrace")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			dtraceErr = fmt.Errorf("go build cmd/dtrace: %w\n%s", err, out)
		}
	})
	if dtraceErr != nil {
		tb.Fatal(dtraceErr)
	}
	return dtracePath
}

// RemoveDtrace removes what Dtrace built.
func RemoveDtrace() {
	if dtraceDir != "" {
		os.RemoveAll(dtraceDir)
	}
}

// statSources stats every Go source and module file under root.
func statSources(root string) error {
	return filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if name := d.Name(); strings.HasSuffix(name, ".go") || name == "go.mod" || name == "go.sum" {
			_, err = os.Stat(path)
		}
		return err
	})
}

// WaitProgramsGone waits until none of the BPF programs progs, which a
// dtrace that has ended held, exists any more, and fails tb for one still
// there after five seconds: the kernel frees an attached program in
// deferred work after its last holder is gone, so a short wait is part
// of the normal course.
func WaitProgramsGone(tb testing.TB, progs []ebpf.ProgramID) {
	tb.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for _, id := range progs {
		for {
			p, err := ebpf.NewProgramFromID(id)
			if errors.Is(err, os.ErrNotExist) {
				break
			}
			if err != nil {
				tb.Errorf("BPF program %d: %v", id, err)
				break
			}
			p.Close()
			if time.Now().After(deadline) {
				tb.Errorf("BPF program %d outlived dtrace", id)
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

// Main runs the tests of m and removes what Dtrace built: the TestMain of
// a test binary that runs the command.
func Main(m *testing.M) {
	status := m.Run()
	RemoveDtrace()
	os.Exit(status)
}
