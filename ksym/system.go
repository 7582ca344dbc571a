package ksym

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"

	"golang.org/x/sys/unix"
)

// Paths names the files Load reads. An empty path is not read; Optional
// ones that do not exist are skipped.
type Paths struct {
	Kallsyms    string // /proc/kallsyms
	ProcModules string // /proc/modules
	SysModule   string // /sys/module
	Ranges      string // modules.builtin.ranges
	Builtin     string // modules.builtin
	SystemMap   string // System.map
	VMLinux     string // vmlinux ELF image
	// Optional lists paths whose absence is not an error.
	Optional map[string]bool
}

// SystemPaths are the running system's files: /proc, /sys, and for the
// running kernel release the usual places of modules.builtin(.ranges),
// System.map and an uncompressed vmlinux with its symbol table. All but
// /proc/kallsyms are optional.
func SystemPaths() *Paths {
	rel := release()
	p := &Paths{
		Kallsyms:    "/proc/kallsyms",
		ProcModules: "/proc/modules",
		SysModule:   "/sys/module",
		Ranges:      "/lib/modules/" + rel + "/modules.builtin.ranges",
		Builtin:     "/lib/modules/" + rel + "/modules.builtin",
		SystemMap:   firstExisting("/boot/System.map-"+rel, "/lib/modules/"+rel+"/build/System.map"),
		VMLinux: firstExisting("/usr/lib/debug/boot/vmlinux-"+rel, "/usr/lib/debug/lib/modules/"+rel+"/vmlinux",
			"/boot/vmlinux-"+rel, "/lib/modules/"+rel+"/build/vmlinux"),
	}
	p.Optional = map[string]bool{}
	for _, f := range []string{p.ProcModules, p.SysModule, p.Ranges, p.Builtin, p.SystemMap, p.VMLinux} {
		p.Optional[f] = true
	}
	return p
}

func release() string {
	var u unix.Utsname
	if err := unix.Uname(&u); err != nil {
		return ""
	}
	return unix.ByteSliceToString(u.Release[:])
}

func firstExisting(paths ...string) string {
	for _, p := range paths {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return paths[0]
}

// Load reads the files p names and builds their Table.
func Load(p *Paths) (*Table, error) {
	var src Sources
	open := func(path string, parse func(io.Reader) error) error {
		if path == "" {
			return nil
		}
		f, err := os.Open(path)
		if errors.Is(err, fs.ErrNotExist) && p.Optional[path] {
			return nil
		}
		if err != nil {
			return fmt.Errorf("ksym: %w", err)
		}
		defer f.Close()
		return parse(f)
	}
	steps := []struct {
		path  string
		parse func(io.Reader) error
	}{
		{p.Kallsyms, func(r io.Reader) (err error) { src.Kallsyms, err = ParseKallsyms(r); return }},
		{p.SystemMap, func(r io.Reader) (err error) { src.SystemMap, err = ParseSystemMap(r); return }},
		{p.Ranges, func(r io.Reader) (err error) { src.Ranges, err = ParseBuiltinRanges(r); return }},
		{p.Builtin, func(r io.Reader) (err error) { src.Builtin, err = ParseModulesBuiltin(r); return }},
		{p.VMLinux, func(r io.Reader) (err error) {
			src.VMLinux, err = ReadELFSymbols(r.(io.ReaderAt))
			return
		}},
	}
	for _, s := range steps {
		if err := open(s.path, s.parse); err != nil {
			return nil, err
		}
	}
	var proc, sys []Module
	if err := open(p.ProcModules, func(r io.Reader) (err error) { proc, err = ParseProcModules(r); return }); err != nil {
		return nil, err
	}
	if p.SysModule != "" {
		if _, err := os.Stat(p.SysModule); err == nil || !p.Optional[p.SysModule] {
			if sys, err = ReadSysModules(os.DirFS(p.SysModule)); err != nil {
				return nil, err
			}
		}
	}
	src.Modules = MergeModules(proc, sys)
	return Build(&src)
}

var kernel struct {
	once  sync.Once
	table *Table
	err   error
}

// Kernel returns the running system's table (Load of SystemPaths), loaded
// on first use and shared after.
func Kernel() (*Table, error) {
	kernel.once.Do(func() { kernel.table, kernel.err = Load(SystemPaths()) })
	return kernel.table, kernel.err
}

// String describes a module for diagnostics.
func (m Module) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s", m.Name, m.Kind)
	if m.Addr != 0 {
		fmt.Fprintf(&b, " at %#x size %#x", m.Addr, m.Size)
	}
	b.WriteString(")")
	return b.String()
}
