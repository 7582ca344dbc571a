package pid_test

import (
	"path/filepath"
	"testing"

	"github.com/godtrace/godtrace/uelf"
)

// lookupAddr returns the run-time address of function fn of the process's
// executable.
func lookupAddr(t *testing.T, pid int, fn string) uint64 {
	t.Helper()
	p, err := uelf.NewProcess(pid)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range p.Modules() {
		if !m.IsMain {
			continue
		}
		f, err := p.File(m)
		if err != nil {
			t.Fatal(err)
		}
		off, _, err := f.FuncOffset(fn)
		if err != nil {
			t.Fatal(err)
		}
		for _, mp := range m.Mappings {
			if off >= mp.Offset && off < mp.Offset+(mp.End-mp.Start) {
				return mp.Start + off - mp.Offset
			}
		}
	}
	t.Fatalf("%s not mapped in %d", fn, pid)
	return 0
}

// modulePath returns the path of the mapped module called name.
func modulePath(t *testing.T, pid int, name string) string {
	t.Helper()
	p, err := uelf.NewProcess(pid)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range p.Modules() {
		if filepath.Base(m.Path) == name {
			return m.Path
		}
	}
	t.Fatalf("%s is not mapped in %d", name, pid)
	return ""
}
