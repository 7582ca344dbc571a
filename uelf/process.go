package uelf

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/godtrace/godtrace/proc"
)

// Frame is a symbolized user address.
type Frame struct {
	Addr   uint64
	Module string // basename of the object holding Addr, "" if unknown
	Path   string // full path of that object
	Symbol string // raw (mangled) symbol name, "" if unknown
	Offset uint64 // Addr minus the start of Symbol
	// Base is the start of the mapping holding Addr (0 outside every
	// mapping): DTrace's noresolve option prints offsets from it.
	Base uint64
}

// String formats the frame as DTrace's ustack() does, with raw names.
func (f Frame) String() string { return f.Format(false) }

// Format formats the frame as DTrace's ustack() does:
// "libc.so.6`malloc+0x1a", "libc.so.6`malloc" at the first byte,
// "libc.so.6`0x7f12..." in a module without a symbol there, and
// "0x7f12..." outside any module. With demangle, C++ and Rust names are
// demangled.
func (f Frame) Format(demangle bool) string {
	switch {
	case f.Symbol != "":
		name := f.Symbol
		if demangle {
			name = Demangle(name)
		}
		if f.Offset != 0 {
			return fmt.Sprintf("%s`%s+0x%x", f.Module, name, f.Offset)
		}
		return f.Module + "`" + name
	case f.Module != "":
		return fmt.Sprintf("%s`0x%x", f.Module, f.Addr)
	}
	return fmt.Sprintf("0x%x", f.Addr)
}

// Module is one ELF object mapped into a process.
type Module struct {
	Path   string
	Name   string // basename, as in ustack frames
	IsMain bool   // the executable ("a.out" in probe descriptions)
	// Mappings are the process mappings of the file, in address order.
	Mappings []proc.Mapping
}

// Process symbolizes the addresses of one process. Results are cached
// per address; the ELF files themselves are cached across processes. It
// is safe for concurrent use.
type Process struct {
	pid int
	exe string

	mu     sync.Mutex
	maps   []proc.Mapping
	frames map[uint64]Frame
}

// NewProcess reads the mappings of pid.
func NewProcess(pid int) (*Process, error) {
	exe, err := proc.ExePath(pid)
	if err != nil {
		return nil, fmt.Errorf("uelf: %w", err)
	}
	p := &Process{pid: pid, exe: strings.TrimSuffix(exe, " (deleted)")}
	if err := p.Refresh(); err != nil {
		return nil, err
	}
	return p, nil
}

// Pid returns the process ID.
func (p *Process) Pid() int { return p.pid }

// Refresh re-reads the mappings (after dlopen, say) and drops the cached
// frames. A process that has exited keeps the mappings last read: a
// zombie's maps read empty, which says nothing about what it mapped.
func (p *Process) Refresh() error {
	maps, err := proc.ReadMaps(p.pid)
	if err != nil {
		return fmt.Errorf("uelf: %w", err)
	}
	if len(maps) == 0 {
		return fmt.Errorf("uelf: pid %d: %w", p.pid, proc.ErrExited)
	}
	sort.Slice(maps, func(i, j int) bool { return maps[i].Start < maps[j].Start })
	p.mu.Lock()
	p.maps = maps
	p.frames = make(map[uint64]Frame)
	p.mu.Unlock()
	return nil
}

// Apply brings the mappings up to date with what a proc.MapWatch of the
// process reported: an exec drops them all, a new mapping replaces those
// it overlaps. It works after the process has exited, which is what the
// watch is for.
func (p *Process) Apply(events []proc.MapEvent) {
	if len(events) == 0 {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	maps := slices.Clone(p.maps)
	for _, ev := range events {
		if ev.Exec {
			maps = maps[:0]
			continue
		}
		m := ev.Mapping
		maps = slices.DeleteFunc(maps, func(o proc.Mapping) bool { return o.Start < m.End && m.Start < o.End })
		maps = append(maps, m)
	}
	sort.Slice(maps, func(i, j int) bool { return maps[i].Start < maps[j].Start })
	p.maps = maps
	p.frames = make(map[uint64]Frame)
}

// Lookup symbolizes addr. An address outside every mapping makes the
// mappings be re-read once, in case a library was loaded since.
func (p *Process) Lookup(addr uint64) Frame {
	p.mu.Lock()
	fr, ok := p.frames[addr]
	maps := p.maps
	p.mu.Unlock()
	if ok {
		return fr
	}
	m := findMapping(maps, addr)
	if m == nil && p.Refresh() == nil {
		p.mu.Lock()
		maps = p.maps
		p.mu.Unlock()
		m = findMapping(maps, addr)
	}
	fr = p.symbolize(m, addr)
	p.mu.Lock()
	p.frames[addr] = fr
	p.mu.Unlock()
	return fr
}

func (p *Process) symbolize(m *proc.Mapping, addr uint64) Frame {
	fr := Frame{Addr: addr}
	if m == nil || !m.IsFile() {
		return fr
	}
	fr.Base = m.Start
	fr.Path, fr.Module = m.Path, ModuleName(m.Path)
	f, err := p.open(m)
	if err != nil {
		return fr
	}
	vaddr, err := f.OffsetToVaddr(m.FileOffset(addr))
	if err != nil {
		return fr
	}
	if s, ok := f.Lookup(vaddr); ok {
		fr.Symbol, fr.Offset = s.Name, vaddr-s.Value
	}
	return fr
}

// Modules returns the ELF objects mapped into the process, in address
// order of their first mapping.
func (p *Process) Modules() []Module {
	p.mu.Lock()
	maps := p.maps
	p.mu.Unlock()
	var mods []Module
	index := map[string]int{}
	for _, m := range maps {
		if !m.IsFile() {
			continue
		}
		i, ok := index[m.Path]
		if !ok {
			i = len(mods)
			index[m.Path] = i
			mods = append(mods, Module{Path: m.Path, Name: ModuleName(m.Path), IsMain: m.Path == p.exe})
		}
		mods[i].Mappings = append(mods[i].Mappings, m)
	}
	return mods
}

// File returns the ELF file of module mod.
func (p *Process) File(mod Module) (*File, error) {
	if len(mod.Mappings) == 0 {
		return nil, fmt.Errorf("uelf: module %s is not mapped", mod.Path)
	}
	return p.open(&mod.Mappings[0])
}

// open returns the cached File of a mapping. A file deleted since it was
// mapped is read through /proc/PID/map_files.
func (p *Process) open(m *proc.Mapping) (*File, error) {
	key := fileKey{m.Major, m.Minor, m.Inode, m.Path}
	fileCache.Lock()
	c, ok := fileCache.m[key]
	if !ok {
		c = &cachedFile{}
		fileCache.m[key] = c
	}
	fileCache.Unlock()
	c.once.Do(func() {
		name := m.Path
		if m.Deleted {
			name = filepath.Join(fmt.Sprintf("/proc/%d/map_files", p.pid), fmt.Sprintf("%x-%x", m.Start, m.End))
		}
		c.f, c.err = Open(name)
	})
	return c.f, c.err
}

type fileKey struct {
	major, minor uint32
	inode        uint64
	path         string
}

type cachedFile struct {
	once sync.Once
	f    *File
	err  error
}

// fileCache holds every ELF file read, so that a library mapped by many
// processes is parsed once.
var fileCache = struct {
	sync.Mutex
	m map[fileKey]*cachedFile
}{m: map[fileKey]*cachedFile{}}

func findMapping(maps []proc.Mapping, addr uint64) *proc.Mapping {
	i := sort.Search(len(maps), func(i int) bool { return maps[i].End > addr })
	if i < len(maps) && maps[i].Start <= addr {
		return &maps[i]
	}
	return nil
}
