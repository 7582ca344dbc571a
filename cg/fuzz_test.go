package cg

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/godtrace/godtrace/d/ast"
	"github.com/godtrace/godtrace/d/check"
	"github.com/godtrace/godtrace/d/parser"
	"github.com/godtrace/godtrace/internal/conformance"
)

// anyProbes matches every description: the dtrace provider's probes by
// name, any other description one probe of its own provider.
type anyProbes struct{}

func (anyProbes) Match(d *ast.ProbeDesc) ([]Probe, error) {
	if ps, _ := (dtraceProbes{}).Match(d); ps != nil {
		return ps, nil
	}
	return []Probe{{ID: 100, Provider: d.Provider, Module: d.Module, Function: d.Function, Name: d.Name}}, nil
}

// FuzzCompile feeds code generation every program the checker accepts:
// it must generate code or return an error, never panic, since a panic
// would reach the user as a Go stack trace, and never "not supported
// yet": what the checker accepts is generated, or refused saying why.
func FuzzCompile(f *testing.F) {
	dirs, _ := filepath.Glob("../test/unittest/*")
	dirs = append(dirs, filepath.Join(conformance.Dir(f), "recorded"), filepath.Join(conformance.Dir(f), "beyond"))
	for _, dir := range dirs {
		files, _ := filepath.Glob(filepath.Join(dir, "tst.*.d"))
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		prog, info := checkQuietly(src)
		if prog == nil {
			return
		}
		if _, err := Compile(prog, info, anyProbes{}, nil, testTarget); errors.Is(err, ErrNotSupported) {
			t.Fatalf("%s: %v", src, err)
		}
	})
}

// checkQuietly parses and checks src, treating a panic of either as a
// rejected input: they have fuzzers of their own.
func checkQuietly(src []byte) (prog *ast.Program, info *check.Info) {
	defer func() {
		if recover() != nil {
			prog, info = nil, nil
		}
	}()
	prog, err := parser.ParseFile("f.d", src, nil)
	if err != nil {
		return nil, nil
	}
	info, err = check.Check(prog, nil)
	if err != nil {
		return nil, nil
	}
	return prog, info
}
