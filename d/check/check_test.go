package check

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/ctype/btfsrc"
	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/diag"
	"github.com/godtrace/godtrace/d/parser"
	"github.com/godtrace/godtrace/internal/conformance"
)

// kernelTypes is the universe of the running kernel: the live tests that
// resolve kernel types need BTF, and skip only when the kernel has none.
func kernelTypes(t *testing.T) *ctype.Universe {
	t.Helper()
	if _, err := os.Stat("/sys/kernel/btf/vmlinux"); errors.Is(err, os.ErrNotExist) {
		t.Skip("kernel has no BTF (/sys/kernel/btf/vmlinux missing)")
	}
	k, err := btfsrc.Kernel()
	if err != nil {
		t.Fatal(err)
	}
	return ctype.NewUniverse(btfsrc.Module, ctype.NewC(), ctype.NewD(256), k)
}

// anyProbe matches every description of DTrace for Linux's providers,
// with ten int64_t arguments: the conformance cases use providers this
// package knows nothing of.
type anyProbe struct{}

func (anyProbe) Probe(d *ast.ProbeDesc) (*Match, error) {
	switch strings.TrimRight(d.Provider, "0123456789*") {
	case "", "dtrace", "profile", "syscall", "fbt", "rawfbt", "rawtp", "sdt", "proc", "sched",
		"io", "pid", "usdt", "lockstat", "ip", "tcp", "udp", "cpc", "test_prov":
		return &Match{Args: Int64Args(10)}, nil
	}
	return nil, nil
}

// expectedError reads the error line a .r file records after DTrace's
// "failed to compile script" prefix.
func expectedError(t *testing.T, rfile, script string) string {
	t.Helper()
	b, err := os.ReadFile(rfile)
	if err != nil {
		t.Fatal(err)
	}
	_, stderr, _ := strings.Cut(string(b), "-- @@stderr --\n")
	prefix := "dtrace: failed to compile script " + script + ": "
	msg, ok := strings.CutPrefix(stderr, prefix)
	if !ok {
		t.Fatalf("%s: stderr does not start with %q", rfile, prefix)
	}
	return strings.TrimSuffix(msg, "\n")
}

// runCases checks every D file of dir: tst.* must check cleanly, err.D_*
// must fail with exactly the message their .r file records.
func runCases(t *testing.T, dir string, probes ProbeInfo) {
	u := kernelTypes(t)
	files, err := filepath.Glob(filepath.Join(dir, "*.d"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no cases in %s: %v", dir, err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(string(src), "@@skip") {
				t.Skip("case marked @@skip")
			}
			if strings.Contains(string(src), "@@codegen") {
				t.Skip("case marked @@codegen: its error comes from code generation, which this runner does not run")
			}
			isErr := strings.HasPrefix(name, "err.D_")
			if isErr {
				tag := strings.SplitN(name, ".", 3)[1]
				if _, ok := diag.LookupTag(tag); !ok {
					t.Skipf("the d/diag catalogue has no %s yet", tag)
				}
			}
			pcfg := &parser.Config{IsType: IsType(u), DefaultArgs: true, ArgRef: true,
				MacroArgs: append([]string{name}, readArgs(t, strings.TrimSuffix(f, ".d")+".args")...),
				Macros: map[string]string{"pid": "1", "ppid": "0", "target": "1", "uid": "0", "gid": "0",
					"euid": "0", "egid": "0", "pgid": "1", "sid": "1", "projid": "0", "taskid": "0"}}
			prog, perr := parser.ParseFile(name, src, pcfg)
			if perr != nil {
				if isErr && strings.Contains(name, "D_SYNTAX") {
					return
				}
				t.Skipf("parser: %v", perr)
			}
			// The test kernel has every module but those named nosuch*.
			hasModule := func(name string) bool { return !strings.HasPrefix(name, "nosuch") }
			_, err = Check(prog, &Config{Types: u, Probes: probes, Module: hasModule})
			switch {
			case isErr:
				want := expectedError(t, strings.TrimSuffix(f, ".d")+".r", name)
				var list diag.List
				if !errors.As(err, &list) {
					t.Fatalf("check passed, want %q", want)
				}
				if got := list[0].Format(true); got != want {
					t.Errorf("error:\n got %q\nwant %q", got, want)
				}
			case err != nil:
				var list diag.List
				errors.As(err, &list)
				t.Errorf("unexpected error: %s", list[0].Format(true))
			}
		})
	}
}

func TestSema(t *testing.T) { runCases(t, "../../test/unittest/sema", nil) }

func TestTypes(t *testing.T) { runCases(t, "../../test/unittest/types", nil) }

// TestConformance checks DTrace's recorded cases that do not need a
// provider this package lacks; probe descriptions all match.
func TestConformance(t *testing.T) {
	for _, sub := range []string{"recorded", "beyond"} {
		dir := filepath.Join(conformance.Dir(t), sub)
		t.Run(sub, func(t *testing.T) { runCases(t, dir, anyProbe{}) })
	}
}

// readArgs reads a case's macro arguments, one per line.
func readArgs(t *testing.T, file string) []string {
	b, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(string(b))
}
