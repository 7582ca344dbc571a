package ctf

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"syscall"
)

// DefaultMember is the archive member name libctf gives a lone dict, and
// the parent name GNU ld's children record.
const DefaultMember = ".ctf"

// Archive is a set of named dicts: a CTF archive (.ctfa), a lone dict, or
// the .ctf section of an ELF file. Members are decoded on first use.
type Archive struct {
	// Model is the data model the archive records (LP64 for a lone dict).
	Model Model

	data   []byte
	unmap  func() error
	names  []string
	dicts  [][]byte
	strtab []byte // ELF .strtab, for stid-1 names
	dynstr []byte // ELF .dynstr, for dicts flagged CTF_F_DYNSTR
	// symbols name the entries of unindexed data-object and function
	// sections, which follow the ELF symbol table's order: [0] from
	// .symtab, [1] from .dynsym (for CTF_F_DYNSTR dicts).
	symbols [2]elfSymbols

	mu     sync.Mutex
	opened map[string]*Dict
}

// OpenArchive maps the file at path and opens it as an archive: a .ctfa,
// a raw dict, or an ELF object, executable or library with a .ctf section.
func OpenArchive(path string) (*Archive, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("ctf: %w", err)
	}
	defer f.Close()
	var m [4]byte
	if _, err := io.ReadFull(f, m[:]); err != nil {
		return nil, fmt.Errorf("ctf: %s: %w", path, err)
	}
	if string(m[:]) == elf.ELFMAG {
		ef, err := elf.NewFile(f)
		if err != nil {
			return nil, fmt.Errorf("ctf: %s: %w", path, err)
		}
		a, err := fromELF(ef)
		if err != nil {
			return nil, fmt.Errorf("ctf: %s: %w", path, err)
		}
		return a, nil
	}
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("ctf: %w", err)
	}
	if st.Size() == 0 || st.Size() != int64(int(st.Size())) {
		return nil, fmt.Errorf("ctf: %s: size %d: %w", path, st.Size(), ErrFormat)
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("ctf: mmap %s: %w", path, err)
	}
	a, err := NewArchive(data)
	if err != nil {
		syscall.Munmap(data)
		return nil, fmt.Errorf("ctf: %s: %w", path, err)
	}
	a.unmap = func() error { return syscall.Munmap(data) }
	return a, nil
}

// ReadELF opens the .ctf section of an ELF file; ld's section may be a
// single dict or an archive of a parent and per-CU children.
func ReadELF(r io.ReaderAt) (*Archive, error) {
	ef, err := elf.NewFile(r)
	if err != nil {
		return nil, fmt.Errorf("ctf: %w", err)
	}
	return fromELF(ef)
}

func fromELF(ef *elf.File) (*Archive, error) {
	s := ef.Section(".ctf")
	if s == nil {
		return nil, fmt.Errorf("no .ctf section: %w", ErrNotFound)
	}
	data, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("reading .ctf: %w", err)
	}
	a, err := NewArchive(data)
	if err != nil {
		return nil, err
	}
	// Names the dict keeps out of its own table live in the ELF string
	// tables that its symbols use.
	for _, t := range []struct {
		name string
		dst  *[]byte
	}{{".strtab", &a.strtab}, {".dynstr", &a.dynstr}} {
		if s := ef.Section(t.name); s != nil && s.Type == elf.SHT_STRTAB {
			if *t.dst, err = s.Data(); err != nil {
				return nil, fmt.Errorf("reading %s: %w", t.name, err)
			}
		}
	}
	for i, read := range []func() ([]elf.Symbol, error){ef.Symbols, ef.DynamicSymbols} {
		syms, err := read()
		if err != nil && !errors.Is(err, elf.ErrNoSymbols) {
			return nil, fmt.Errorf("reading symbols: %w", err)
		}
		a.symbols[i] = symbolNames(syms)
	}
	return a, nil
}

// elfSymbols are the names of an ELF symbol table's defined data objects
// and functions, in table order.
type elfSymbols struct{ objects, funcs []string }

// symbolNames picks the symbols libctf gives a CTF entry: named, defined
// objects and functions.
func symbolNames(syms []elf.Symbol) elfSymbols {
	var s elfSymbols
	for _, sym := range syms {
		if sym.Name == "" || sym.Section == elf.SHN_UNDEF || sym.Name == "_START_" || sym.Name == "_END_" {
			continue
		}
		switch elf.ST_TYPE(sym.Info) {
		case elf.STT_OBJECT:
			s.objects = append(s.objects, sym.Name)
		case elf.STT_FUNC:
			s.funcs = append(s.funcs, sym.Name)
		}
	}
	return s
}

// nameBySymtab names unindexed symbol entries after the ELF symbols they
// stand for.
func nameBySymtab(entries []Symbol, names []string) {
	for i := range entries {
		if entries[i].Name == "" && i < len(names) {
			entries[i].Name = names[i]
		}
	}
}

// NewArchive opens an archive or a lone dict held in b, which must stay
// unchanged while the archive is in use.
func NewArchive(b []byte) (*Archive, error) {
	a := &Archive{data: b, Model: ModelLP64, opened: map[string]*Dict{}}
	if len(b) >= 2 && (binary.LittleEndian.Uint16(b) == magic || binary.BigEndian.Uint16(b) == magic) {
		a.names, a.dicts = []string{DefaultMember}, [][]byte{b}
		return a, nil
	}
	if len(b) < archiveHeader || binary.LittleEndian.Uint64(b) != archiveMagic {
		return nil, formatErr("neither a CTF archive nor a CTF dict")
	}
	le := binary.LittleEndian
	a.Model = Model(le.Uint64(b[8:]))
	n, names, ctfs := le.Uint64(b[16:]), le.Uint64(b[24:]), le.Uint64(b[32:])
	size := uint64(len(b))
	if n > (size-archiveHeader)/archiveModent {
		return nil, formatErr("archive claims %d members in %d bytes", n, size)
	}
	a.names = make([]string, n)
	a.dicts = make([][]byte, n)
	for i := range n {
		e := b[archiveHeader+archiveModent*i:]
		noff, coff := le.Uint64(e), le.Uint64(e[8:])
		if names >= size || noff >= size-names {
			return nil, formatErr("archive member %d name is out of bounds", i)
		}
		nb := b[names+noff:]
		end := bytes.IndexByte(nb, 0)
		if end < 0 {
			return nil, formatErr("archive member %d name is not terminated", i)
		}
		a.names[i] = string(nb[:end])
		if ctfs >= size || coff >= size-ctfs || size-ctfs-coff < 8 {
			return nil, formatErr("archive member %q is out of bounds", a.names[i])
		}
		start := ctfs + coff + 8
		// libctf's recorded size counts the size word itself; a dict's
		// own header says where it ends, so only the upper bound matters.
		l := min(le.Uint64(b[start-8:]), size-start)
		a.dicts[i] = b[start : start+l]
	}
	return a, nil
}

// Close releases the file mapping; dicts already returned stay usable.
func (a *Archive) Close() error {
	if a.unmap == nil {
		return nil
	}
	err := a.unmap()
	a.unmap, a.data, a.dicts = nil, nil, nil
	return err
}

// Names lists the members in archive order (sorted by name).
func (a *Archive) Names() []string { return slices.Clone(a.names) }

// Dict decodes the named member, once, and attaches its parent if it is a
// child. It is safe for concurrent use.
func (a *Archive) Dict(name string) (*Dict, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.dict(name, 0)
}

func (a *Archive) dict(name string, depth int) (*Dict, error) {
	if d, ok := a.opened[name]; ok {
		return d, nil
	}
	i := slices.Index(a.names, name)
	if i < 0 {
		return nil, fmt.Errorf("ctf: archive member %q: %w", name, ErrNotFound)
	}
	if a.dicts == nil {
		return nil, errors.New("ctf: archive is closed")
	}
	b := a.dicts[i]
	ext, syms := a.strtab, a.symbols[0]
	if len(b) >= 4 && b[3]&flagDynStr != 0 {
		ext, syms = a.dynstr, a.symbols[1]
	}
	d, err := Parse(b, ext)
	if err != nil {
		return nil, fmt.Errorf("ctf: archive member %q: %w", name, err)
	}
	nameBySymtab(d.Objects, syms.objects)
	nameBySymtab(d.Funcs, syms.funcs)
	if d.IsChild() {
		if depth > 0 || d.ParentName == name {
			return nil, fmt.Errorf("ctf: archive member %q: parent %q is itself a child: %w", name, d.ParentName, ErrFormat)
		}
		p, err := a.dict(d.ParentName, depth+1)
		if err != nil {
			return nil, fmt.Errorf("ctf: parent of %q: %w", name, err)
		}
		d.SetParent(p)
	}
	a.opened[name] = d
	return d, nil
}

// LookupType finds a type by C name in the archive. "member`name" looks
// in one member (and its parent); a bare name tries the parent dicts
// first, then each child in name order.
func (a *Archive) LookupType(name string) (*Dict, TypeID, error) {
	return a.lookup(name, (*Dict).LookupType)
}

// LookupVar finds a variable by name, like LookupType.
func (a *Archive) LookupVar(name string) (*Dict, TypeID, error) {
	return a.lookup(name, (*Dict).LookupVar)
}

func (a *Archive) lookup(name string, find func(*Dict, string) (TypeID, error)) (*Dict, TypeID, error) {
	if mod, rest, ok := strings.Cut(name, "`"); ok {
		d, err := a.Dict(mod)
		if err != nil {
			return nil, 0, err
		}
		id, err := find(d, rest)
		return d, id, err
	}
	// Parents first; a child is decoded only when its parents lack the
	// name, so a lookup in a kernel's archive opens few of its members.
	for _, children := range []bool{false, true} {
		for i, n := range a.names {
			if a.isChild(i) != children {
				continue
			}
			d, err := a.Dict(n)
			if err != nil {
				return nil, 0, err
			}
			if id, err := find(d, name); err == nil {
				return d, id, nil
			}
		}
	}
	return nil, 0, fmt.Errorf("ctf: %q: %w", name, ErrNotFound)
}

// isChild reads from member i's header, without decoding it, whether it
// names a parent.
func (a *Archive) isChild(i int) bool {
	if i >= len(a.dicts) {
		return false // closed: Dict reports it
	}
	b := a.dicts[i]
	if len(b) < headerSize {
		return false
	}
	if binary.LittleEndian.Uint16(b) == magic {
		return binary.LittleEndian.Uint32(b[8:]) != 0
	}
	return binary.BigEndian.Uint32(b[8:]) != 0
}

// ArchiveMember is one named dict to write into an archive.
type ArchiveMember struct {
	Name string
	Dict *Dict
}

// ArchiveOptions tune WriteArchive; nil means LP64 and no compression.
type ArchiveOptions struct {
	Model Model
	// CompressAbove compresses each dict whose body is larger than this
	// many bytes; 0 never compresses.
	CompressAbove int
}

// WriteArchive writes members as a CTF archive, sorted by name.
func WriteArchive(w io.Writer, members []ArchiveMember, opts *ArchiveOptions) error {
	model, thresh := ModelLP64, 0
	if opts != nil {
		if opts.Model != 0 {
			model = opts.Model
		}
		thresh = opts.CompressAbove
	}
	ms := slices.Clone(members)
	slices.SortFunc(ms, func(x, y ArchiveMember) int { return strings.Compare(x.Name, y.Name) })
	for i := 1; i < len(ms); i++ {
		if ms[i].Name == ms[i-1].Name {
			return fmt.Errorf("ctf: archive member %q given twice", ms[i].Name)
		}
	}
	le := binary.LittleEndian
	n := uint64(len(ms))
	ctfs := archiveHeader + archiveModent*n
	var body bytes.Buffer
	var names []byte
	modents := make([]byte, archiveModent*n)
	for i, m := range ms {
		raw, err := Marshal(m.Dict, false)
		if err != nil {
			return fmt.Errorf("ctf: archive member %q: %w", m.Name, err)
		}
		if thresh > 0 && len(raw) > thresh {
			if raw, err = Marshal(m.Dict, true); err != nil {
				return fmt.Errorf("ctf: archive member %q: %w", m.Name, err)
			}
		}
		le.PutUint64(modents[archiveModent*i:], uint64(len(names)))
		le.PutUint64(modents[archiveModent*i+8:], uint64(body.Len()))
		names = append(append(names, m.Name...), 0)
		var sz [8]byte
		le.PutUint64(sz[:], uint64(len(raw)))
		body.Write(sz[:])
		body.Write(raw)
		for body.Len()%8 != 0 {
			body.WriteByte(0)
		}
	}
	hdr := make([]byte, archiveHeader)
	le.PutUint64(hdr, archiveMagic)
	le.PutUint64(hdr[8:], uint64(model))
	le.PutUint64(hdr[16:], n)
	le.PutUint64(hdr[24:], ctfs+uint64(body.Len()))
	le.PutUint64(hdr[32:], ctfs)
	for _, b := range [][]byte{hdr, modents, body.Bytes(), names} {
		if _, err := w.Write(b); err != nil {
			return fmt.Errorf("ctf: writing archive: %w", err)
		}
	}
	return nil
}
