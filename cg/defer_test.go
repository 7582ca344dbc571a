package cg

import (
	"testing"

	"github.com/godtrace/godtrace/d/ast"
)

// boolOpts sets the Bool options it names.
type boolOpts map[string]bool

func (boolOpts) Value(string) (int64, bool) { return 0, false }
func (o boolOpts) Bool(name string) bool    { return o[name] }

// TestDeferrable checks which clauses may defer a copy that fails: those
// whose copies come before anything with an effect outside the record.
func TestDeferrable(t *testing.T) {
	for _, tc := range []struct {
		body   string
		defers bool
	}{
		{`printf("%s", copyinstr(arg0));`, true},
		{`trace(copyinstr(arg0, 8));`, true},
		{`@[copyinstr(arg0)] = count();`, true},
		{`self->p = copyinstr(arg0);`, true},
		{`this->p = copyinstr(arg0); trace(this->p);`, true},
		{`trace(*(int *)copyin(arg0, 4));`, true},
		{`if (arg1) { trace(copyinstr(arg0)); }`, true},
		{`trace(arg1); printf("%s", copyinstr(arg0));`, true},
		// An effect before the copy: running the clause again would
		// repeat it.
		{`x++; printf("%s", copyinstr(arg0));`, false},
		{`this->n = 1; trace(copyinstr(arg0));`, false},
		{`@n = count(); trace(copyinstr(arg0));`, false},
		{`trace(x++ + strlen(copyinstr(arg0)));`, false},
		{`self->p[x = 1] = copyinstr(arg0);`, false},
		{`trace(strtok("a b", " ")); trace(copyinstr(arg0));`, false},
		// An effect after the copy is fine.
		{`trace(copyinstr(arg0)); x++;`, true},
		// Kernel copies do not defer.
		{`trace(stringof(arg0));`, false},
	} {
		src := "int x; syscall::open:entry { " + tc.body + " }"
		p, err := compileSyscall(t, src, nil)
		if err != nil {
			t.Errorf("%s: %v", tc.body, err)
			continue
		}
		if got := p.Clauses[0].Stmt.Defers; got != tc.defers {
			t.Errorf("%s: Defers %v, want %v", tc.body, got, tc.defers)
		}
		if p.Config.Defer != tc.defers {
			t.Errorf("%s: Config.Defer %v, want %v", tc.body, p.Config.Defer, tc.defers)
		}
	}
	// A predicate's copy defers; -x nocopyretry turns deferral off;
	// ERROR clauses never defer.
	for _, tc := range []struct {
		src    string
		opts   Options
		defers bool
	}{
		{`syscall::open:entry /copyinstr(arg0) == "a"/ { }`, nil, true},
		{`syscall::open:entry { trace(copyinstr(arg0)); }`, boolOpts{"nocopyretry": true}, false},
		{`dtrace:::ERROR { trace(copyinstr(arg0)); }`, nil, false},
	} {
		p, err := compileSyscall(t, tc.src, tc.opts)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		if got := p.Clauses[0].Stmt.Defers; got != tc.defers {
			t.Errorf("%s: Defers %v, want %v", tc.src, got, tc.defers)
		}
	}
}

// syscallProbes matches syscall::open:entry and the dtrace probes.
type syscallProbes struct{ dtraceProbes }

func (m syscallProbes) Match(d *ast.ProbeDesc) ([]Probe, error) {
	if d.Provider == "syscall" {
		return []Probe{{ID: 100, Provider: "syscall", Module: "vmlinux", Function: "open", Name: "entry"}}, nil
	}
	return m.dtraceProbes.Match(d)
}

func compileSyscall(t *testing.T, src string, opts Options) (*Program, error) {
	t.Helper()
	return compileWith(t, src, syscallProbes{}, opts, testTarget)
}
