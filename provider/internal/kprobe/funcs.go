package kprobe

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/godtrace/godtrace/internal/feature"
	"github.com/godtrace/godtrace/ksym"
)

// Func is one traceable function.
type Func struct {
	Name string
	// Module is the module DTrace names it by: a loadable module, a
	// built-in one, or ksym.CoreName.
	Module string
	// Loadable says Module is a loadable module, whose BTF is its own;
	// the others' BTF is vmlinux's.
	Loadable bool
}

// ParseFilterFunctions reads tracefs's available_filter_functions: one
// function a line, "name" for the core kernel or "name [module]" for a
// loadable module. A static function copied into several objects is
// listed once per copy; it is returned once per module. Core functions
// get Module ksym.CoreName; Name modules assigns built-in modules.
func ParseFilterFunctions(r io.Reader) ([]Func, error) {
	var out []Func
	seen := map[Func]bool{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		f := Func{Name: line, Module: ksym.CoreName}
		if name, mod, ok := strings.Cut(line, " "); ok {
			mod, ok1 := strings.CutPrefix(strings.TrimSpace(mod), "[")
			mod, ok2 := strings.CutSuffix(mod, "]")
			if !ok1 || !ok2 || mod == "" || strings.ContainsAny(name, " \t") {
				return nil, fmt.Errorf("available_filter_functions line %d: malformed %q", n, line)
			}
			f = Func{Name: name, Module: mod, Loadable: true}
		}
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("available_filter_functions: %w", err)
	}
	return out, nil
}

// NameModules gives the core kernel's functions the built-in module tab assigns
// their code to, as DTrace names them; a function tab does not know, or
// knows as core, stays vmlinux. Two functions may end up with the same
// module and name; the first is kept.
func NameModules(fs []Func, tab *ksym.Table) []Func {
	var out []Func
	seen := map[Func]bool{}
	for _, f := range fs {
		if !f.Loadable && tab != nil {
			for _, s := range tab.Symbols(f.Name) {
				if s.Type|0x20 == 't' && s.Kind == ksym.Builtin {
					f.Module = s.Module
					break
				}
			}
		}
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// kernelFuncs lists the running kernel's traceable functions, named.
// The kernel takes most of the time, writing out both tables, so the
// symbol table is read while the function list is.
func kernelFuncs() ([]Func, error) {
	kernelTab := make(chan *ksym.Table, 1)
	go func() {
		// Without a symbol table, every core function is vmlinux's: a
		// poorer naming, not a reason to trace nothing.
		tab, _ := ksym.Kernel()
		kernelTab <- tab
	}()
	tf, err := feature.Tracefs()
	if err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(tf, "available_filter_functions"))
	if err != nil {
		return nil, fmt.Errorf("list traceable functions: %w", err)
	}
	defer f.Close()
	fs, err := ParseFilterFunctions(f)
	if err != nil {
		return nil, err
	}
	return NameModules(fs, <-kernelTab), nil
}
