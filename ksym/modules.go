package ksym

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
)

// ModuleKind says where a module's code lives.
type ModuleKind uint8

const (
	// Core is the core kernel, named "vmlinux".
	Core ModuleKind = iota
	// Builtin is a module built into the kernel image.
	Builtin
	// Loadable is a module loaded at run time (also the kernel's pseudo
	// modules in kallsyms, such as [bpf] and [__builtin__ftrace]).
	Loadable
)

func (k ModuleKind) String() string {
	switch k {
	case Core:
		return "core"
	case Builtin:
		return "builtin"
	case Loadable:
		return "loadable"
	}
	return "ModuleKind(" + strconv.Itoa(int(k)) + ")"
}

// Module is a kernel module as /proc/modules and /sys/module describe it.
type Module struct {
	Name string
	Kind ModuleKind
	// Addr and Size are the module's core layout (text and data); 0 when
	// unknown, as for built-in modules.
	Addr, Size uint64
	// InitSize is the size of the init layout, freed after loading.
	InitSize uint64
	// Refs is the reference count; -1 when unknown.
	Refs int
	// Deps are the modules that use this one.
	Deps []string
	// State is Live, Loading or Unloading.
	State string
	// Taint is the module's taint flags, e.g. "OE"; empty when untainted.
	Taint string
	// Sections maps section names (".text", ".data") to their addresses,
	// from /sys/module/NAME/sections.
	Sections map[string]uint64
}

// ParseProcModules parses /proc/modules: lines of
// "NAME SIZE REFS DEPS STATE ADDR [(TAINT)]", DEPS being "-" or a
// comma-terminated list.
func ParseProcModules(r io.Reader) ([]Module, error) {
	var ms []Module
	sc := bufio.NewScanner(r)
	for lineno := 1; sc.Scan(); lineno++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) < 6 || len(f) > 7 {
			return nil, fmt.Errorf("ksym: /proc/modules line %d: want NAME SIZE REFS DEPS STATE ADDR", lineno)
		}
		m := Module{Name: f[0], Kind: Loadable, State: f[4], Refs: -1}
		var err error
		if m.Size, err = strconv.ParseUint(f[1], 10, 64); err != nil {
			return nil, fmt.Errorf("ksym: /proc/modules line %d: size: %w", lineno, err)
		}
		if f[2] != "-" {
			if m.Refs, err = strconv.Atoi(f[2]); err != nil || m.Refs < 0 {
				return nil, fmt.Errorf("ksym: /proc/modules line %d: bad reference count %q", lineno, f[2])
			}
		}
		if f[3] != "-" {
			for d := range strings.SplitSeq(f[3], ",") {
				if d != "" {
					m.Deps = append(m.Deps, d)
				}
			}
		}
		if m.Addr, err = parseHex(f[5]); err != nil {
			return nil, fmt.Errorf("ksym: /proc/modules line %d: address: %w", lineno, err)
		}
		if len(f) == 7 {
			t, ok := strings.CutPrefix(f[6], "(")
			if t, ok = strings.CutSuffix(t, ")"); !ok {
				return nil, fmt.Errorf("ksym: /proc/modules line %d: bad taint %q", lineno, f[6])
			}
			m.Taint = t
		}
		ms = append(ms, m)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ksym: reading /proc/modules: %w", err)
	}
	return ms, nil
}

// parseHex parses a hexadecimal number with or without 0x.
func parseHex(s string) (uint64, error) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	return strconv.ParseUint(s, 16, 64)
}

// ReadSysModules reads the modules of a /sys/module tree (fsys rooted at
// /sys/module). A directory with a coresize file is a loaded module, with
// its sizes, state, taint and section addresses; any other directory is a
// built-in module that has parameters or a version. Addresses read as 0
// without privilege; a module whose sections all read 0 gets none.
func ReadSysModules(fsys fs.FS) ([]Module, error) {
	dirs, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("ksym: reading /sys/module: %w", err)
	}
	var ms []Module
	for _, d := range dirs {
		if !d.IsDir() && d.Type()&fs.ModeSymlink == 0 {
			continue
		}
		m := Module{Name: d.Name(), Kind: Builtin, Refs: -1}
		core, err := readSysNumber(fsys, path.Join(m.Name, "coresize"), 10)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			ms = append(ms, m)
			continue
		case err != nil:
			return nil, err
		}
		m.Kind, m.Size = Loadable, core
		if m.InitSize, err = readSysNumber(fsys, path.Join(m.Name, "initsize"), 10); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		if n, err := readSysNumber(fsys, path.Join(m.Name, "refcnt"), 10); err == nil {
			m.Refs = int(n)
		}
		m.State = readSysString(fsys, path.Join(m.Name, "initstate"))
		m.Taint = readSysString(fsys, path.Join(m.Name, "taint"))
		if m.Sections, err = readSysSections(fsys, path.Join(m.Name, "sections")); err != nil {
			return nil, err
		}
		if a, ok := m.Sections[".text"]; ok {
			m.Addr = a
		}
		ms = append(ms, m)
	}
	return ms, nil
}

func readSysString(fsys fs.FS, name string) string {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(b))
}

func readSysNumber(fsys fs.FS, name string, base int) (uint64, error) {
	b, err := fs.ReadFile(fsys, name)
	if err != nil {
		return 0, fmt.Errorf("ksym: %w", err)
	}
	s := strings.TrimSpace(string(b))
	var n uint64
	if base == 16 {
		n, err = parseHex(s)
	} else {
		n, err = strconv.ParseUint(s, base, 64)
	}
	if err != nil {
		return 0, fmt.Errorf("ksym: /sys/module/%s: %w", name, err)
	}
	return n, nil
}

func readSysSections(fsys fs.FS, dir string) (map[string]uint64, error) {
	ents, err := fs.ReadDir(fsys, dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("ksym: %w", err)
	}
	secs := map[string]uint64{}
	nonzero := false
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		a, err := readSysNumber(fsys, path.Join(dir, e.Name()), 16)
		if err != nil {
			return nil, err
		}
		secs[e.Name()] = a
		nonzero = nonzero || a != 0
	}
	if !nonzero {
		return nil, nil
	}
	return secs, nil
}

// MergeModules merges the modules of /proc/modules with those of
// /sys/module: /proc/modules gives the core layout's address and the
// dependencies, /sys/module the sections, init size and the built-in
// modules. The result is sorted by name.
func MergeModules(proc, sys []Module) []Module {
	byName := make(map[string]int, len(proc)+len(sys))
	out := make([]Module, 0, len(proc)+len(sys))
	for _, m := range proc {
		byName[m.Name] = len(out)
		out = append(out, m)
	}
	for _, s := range sys {
		i, ok := byName[s.Name]
		if !ok {
			byName[s.Name] = len(out)
			out = append(out, s)
			continue
		}
		m := &out[i]
		m.Sections, m.InitSize = s.Sections, s.InitSize
		if m.Taint == "" {
			m.Taint = s.Taint
		}
		if m.Addr == 0 {
			m.Addr = s.Addr
		}
	}
	slices.SortFunc(out, func(a, b Module) int { return strings.Compare(a.Name, b.Name) })
	return out
}
