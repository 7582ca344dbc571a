package uelf

import (
	"bytes"
	"debug/elf"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/ulikunitz/xz"
)

// ErrNotFound is returned when a symbol or address is not in a file.
var ErrNotFound = errors.New("not found")

// Symbol is a function or data object of an ELF file.
type Symbol struct {
	Name  string
	Value uint64 // ELF virtual address
	Size  uint64
	Type  elf.SymType // STT_FUNC, STT_GNU_IFUNC or STT_OBJECT
	Bind  elf.SymBind
}

// IsFunc reports whether the symbol is code.
func (s *Symbol) IsFunc() bool { return s.Type == elf.STT_FUNC || s.Type == elf.STT_GNU_IFUNC }

// contains reports whether vaddr lies inside the symbol; a symbol of size
// 0 covers only its own address.
func (s *Symbol) contains(vaddr uint64) bool {
	return vaddr == s.Value || vaddr-s.Value < s.Size
}

// File is the symbol and layout information of one ELF file.
type File struct {
	Path    string
	Type    elf.Type // ET_EXEC or ET_DYN (PIEs and shared libraries)
	BuildID string   // hex, empty when the file has none
	// DebugLink is the name in .gnu_debuglink, if any; DebugFile the
	// separate debug file whose .symtab was used, if one was found.
	DebugLink string
	DebugFile string
	// HasMiniDebugInfo reports a .gnu_debugdata section; MiniDebugInfo
	// is set when its symbols were used.
	HasMiniDebugInfo bool
	MiniDebugInfo    bool

	loads  []elf.ProgHeader // PT_LOAD segments, in file order
	syms   []Symbol         // sorted by Value, best name first at equal Value
	byName map[string]int   // index into syms of the best symbol of a name
	probes []Probe
}

// Open reads the ELF file at name and its debug file, if it has one.
func Open(name string) (*File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("uelf: %w", err)
	}
	defer f.Close()
	uf, err := NewFile(f, name)
	if err != nil {
		return nil, err
	}
	return uf, nil
}

// NewFile reads an ELF file from r; name is used for messages and to find
// the debug file (empty: don't look for one).
func NewFile(r io.ReaderAt, name string) (*File, error) {
	ef, err := elf.NewFile(r)
	if err != nil {
		return nil, fmt.Errorf("uelf: %s: %w", name, err)
	}
	defer ef.Close()
	f := &File{Path: name, Type: ef.Type}
	for _, p := range ef.Progs {
		if p.Type == elf.PT_LOAD {
			f.loads = append(f.loads, p.ProgHeader)
		}
	}
	f.BuildID = buildID(ef)
	if s := ef.Section(".gnu_debuglink"); s != nil {
		if b, err := s.Data(); err == nil {
			if i := bytes.IndexByte(b, 0); i > 0 {
				f.DebugLink = string(b[:i])
			}
		}
	}
	f.HasMiniDebugInfo = ef.Section(".gnu_debugdata") != nil

	var syms []Symbol
	symtab, errSymtab := ef.Symbols()
	syms = appendSyms(syms, symtab)
	dynsym, _ := ef.DynamicSymbols()
	syms = appendSyms(syms, dynsym)
	if errors.Is(errSymtab, elf.ErrNoSymbols) {
		if dbg := f.findDebugFile(name); dbg != "" {
			if ds, err := debugSymbols(dbg); err == nil {
				f.DebugFile = dbg
				syms = appendSyms(syms, ds)
			}
		}
		if f.DebugFile == "" && f.HasMiniDebugInfo {
			if ds, err := miniDebugSymbols(ef.Section(".gnu_debugdata")); err == nil {
				f.MiniDebugInfo = true
				syms = appendSyms(syms, ds)
			}
		}
	}
	f.index(syms)
	if f.probes, err = f.readProbes(ef); err != nil {
		return nil, fmt.Errorf("uelf: %s: %w", name, err)
	}
	return f, nil
}

func appendSyms(dst []Symbol, src []elf.Symbol) []Symbol {
	for _, s := range src {
		t := elf.ST_TYPE(s.Info)
		if s.Section == elf.SHN_UNDEF || s.Name == "" ||
			(t != elf.STT_FUNC && t != elf.STT_GNU_IFUNC && t != elf.STT_OBJECT) {
			continue
		}
		dst = append(dst, Symbol{Name: s.Name, Value: s.Value, Size: s.Size, Type: t, Bind: elf.ST_BIND(s.Info)})
	}
	return dst
}

// rank orders symbols at one address: functions before data, global
// before weak before local, then the shorter (undecorated) name.
func rank(s *Symbol) int {
	r := 0
	if !s.IsFunc() {
		r += 4
	}
	switch s.Bind {
	case elf.STB_GLOBAL:
	case elf.STB_WEAK:
		r++
	default:
		r += 2
	}
	return r
}

func (f *File) index(syms []Symbol) {
	sort.Slice(syms, func(i, j int) bool {
		a, b := &syms[i], &syms[j]
		if a.Value != b.Value {
			return a.Value < b.Value
		}
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra < rb
		}
		if len(a.Name) != len(b.Name) {
			return len(a.Name) < len(b.Name)
		}
		return a.Name < b.Name
	})
	// .symtab and .dynsym repeat each other: keep one of each name+address.
	out := syms[:0]
	for i, s := range syms {
		if i > 0 && s.Name == syms[i-1].Name && s.Value == syms[i-1].Value {
			continue
		}
		out = append(out, s)
	}
	f.syms = out
	f.byName = make(map[string]int, len(out))
	for i := range out {
		name := out[i].Name
		if j, ok := f.byName[name]; !ok || rank(&out[i]) < rank(&out[j]) {
			f.byName[name] = i
		}
	}
}

// Symbols returns all symbols, sorted by address. The slice is shared.
func (f *File) Symbols() []Symbol { return f.syms }

// Lookup returns the symbol that contains ELF virtual address vaddr.
func (f *File) Lookup(vaddr uint64) (Symbol, bool) {
	i := sort.Search(len(f.syms), func(i int) bool { return f.syms[i].Value > vaddr })
	// Walk back over a few neighbours: a symbol of size 0 or a short
	// local one may sit between vaddr and the function that holds it.
	for j, n := i-1, 0; j >= 0 && n < 16; j, n = j-1, n+1 {
		if f.syms[j].contains(vaddr) {
			best := j
			for k := j - 1; k >= 0 && f.syms[k].Value == f.syms[j].Value; k-- {
				if f.syms[k].contains(vaddr) {
					best = k
				}
			}
			return f.syms[best], true
		}
	}
	return Symbol{}, false
}

// Func returns the function called name.
func (f *File) Func(name string) (Symbol, bool) {
	i, ok := f.byName[name]
	if !ok || !f.syms[i].IsFunc() {
		return Symbol{}, false
	}
	return f.syms[i], true
}

// Funcs returns the functions whose names match the glob pattern (the
// syntax of path.Match, as in D probe descriptions), one per name, sorted
// by name.
func (f *File) Funcs(pattern string) ([]Symbol, error) {
	if _, err := path.Match(pattern, ""); err != nil {
		return nil, fmt.Errorf("uelf: bad pattern %q: %w", pattern, err)
	}
	var out []Symbol
	for name, i := range f.byName {
		if !f.syms[i].IsFunc() {
			continue
		}
		if ok, _ := path.Match(pattern, name); ok {
			out = append(out, f.syms[i])
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// FuncOffset returns the file offset and size of function name: what a
// uprobe on its entry is attached to.
func (f *File) FuncOffset(name string) (off, size uint64, err error) {
	s, ok := f.Func(name)
	if !ok {
		return 0, 0, fmt.Errorf("uelf: %s: function %s: %w", f.Path, name, ErrNotFound)
	}
	off, err = f.VaddrToOffset(s.Value)
	return off, s.Size, err
}

// VaddrToOffset converts an ELF virtual address to a file offset.
func (f *File) VaddrToOffset(vaddr uint64) (uint64, error) {
	for _, p := range f.loads {
		if vaddr >= p.Vaddr && vaddr-p.Vaddr < p.Filesz {
			return vaddr - p.Vaddr + p.Off, nil
		}
	}
	return 0, fmt.Errorf("uelf: %s: address %#x in no loaded segment: %w", f.Path, vaddr, ErrNotFound)
}

// OffsetToVaddr converts a file offset to an ELF virtual address.
func (f *File) OffsetToVaddr(off uint64) (uint64, error) {
	for _, p := range f.loads {
		if off >= p.Off && off-p.Off < p.Filesz {
			return off - p.Off + p.Vaddr, nil
		}
	}
	return 0, fmt.Errorf("uelf: %s: offset %#x in no loaded segment: %w", f.Path, off, ErrNotFound)
}

func buildID(ef *elf.File) string {
	s := ef.Section(".note.gnu.build-id")
	if s == nil {
		return ""
	}
	b, err := s.Data()
	if err != nil {
		return ""
	}
	for _, n := range parseNotes(b, ef.ByteOrder) {
		if n.Name == "GNU" && n.Type == 3 { // NT_GNU_BUILD_ID
			return hex.EncodeToString(n.Desc)
		}
	}
	return ""
}

// debugRoot is where distributions install separate debug files.
var debugRoot = "/usr/lib/debug"

func (f *File) findDebugFile(name string) string {
	if name == "" {
		return ""
	}
	var cands []string
	if len(f.BuildID) > 2 {
		cands = append(cands, filepath.Join(debugRoot, ".build-id", f.BuildID[:2], f.BuildID[2:]+".debug"))
	}
	if f.DebugLink != "" {
		dir := filepath.Dir(f.Path)
		cands = append(cands,
			filepath.Join(dir, f.DebugLink),
			filepath.Join(dir, ".debug", f.DebugLink),
			filepath.Join(debugRoot, dir, f.DebugLink))
	}
	for _, c := range cands {
		if c == f.Path {
			continue
		}
		if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() {
			return c
		}
	}
	return ""
}

func debugSymbols(name string) ([]elf.Symbol, error) {
	ef, err := elf.Open(name)
	if err != nil {
		return nil, err
	}
	defer ef.Close()
	return ef.Symbols()
}

// maxMiniDebugInfo bounds the decompressed size of a .gnu_debugdata
// section: a real one holds a small symbol table, and a hostile file must
// not make the tracer allocate without limit.
const maxMiniDebugInfo = 64 << 20

// miniDebugSymbols reads the symbol table of the MiniDebugInfo in s: an
// xz-compressed ELF file holding the .symtab that stripping removed
// (Fedora and others ship binaries so), at the addresses of the file.
func miniDebugSymbols(s *elf.Section) ([]elf.Symbol, error) {
	r, err := xz.NewReader(s.Open())
	if err != nil {
		return nil, fmt.Errorf(".gnu_debugdata: %w", err)
	}
	b, err := io.ReadAll(io.LimitReader(r, maxMiniDebugInfo+1))
	if err != nil {
		return nil, fmt.Errorf(".gnu_debugdata: %w", err)
	}
	if len(b) > maxMiniDebugInfo {
		return nil, fmt.Errorf(".gnu_debugdata: larger than %d bytes", maxMiniDebugInfo)
	}
	ef, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf(".gnu_debugdata: %w", err)
	}
	defer ef.Close()
	return ef.Symbols()
}

// ModuleName returns the name of a module in ustack frames: its basename.
func ModuleName(path string) string { return filepath.Base(path) }

// MatchModule reports whether the module of a probe description matches
// the object at file, the way DTrace's pid provider matches: against
// "a.out" for the main executable, the full path, the basename, and the
// basename shortened to its ".so" ("libc.so") and to before it ("libc").
// pattern may hold globs.
func MatchModule(pattern, file string, isMain bool) bool {
	base := filepath.Base(file)
	cands := []string{file, base}
	if i := strings.Index(base, ".so"); i > 0 {
		cands = append(cands, base[:i+3], base[:i])
	}
	if isMain {
		cands = append(cands, "a.out")
	}
	for _, c := range cands {
		if ok, _ := path.Match(pattern, c); ok {
			return true
		}
	}
	return false
}
