package uelf

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"fmt"
)

// Note is one ELF note.
type Note struct {
	Name string // owner, without its terminating NUL
	Type uint32
	Desc []byte
}

// ParseNotes splits the contents of a SHT_NOTE section or PT_NOTE segment
// into notes. Names and descriptors are padded to 4 bytes, as on every
// Linux ABI in practice. A truncated trailing note is an error.
func ParseNotes(b []byte, order binary.ByteOrder) ([]Note, error) {
	var notes []Note
	for len(b) > 0 {
		if len(b) < 12 {
			return notes, fmt.Errorf("note header truncated: %d bytes", len(b))
		}
		namesz, descsz, typ := uint64(order.Uint32(b)), uint64(order.Uint32(b[4:])), order.Uint32(b[8:])
		b = b[12:]
		nameEnd, descEnd := align4(namesz), align4(namesz)+align4(descsz)
		if nameEnd+descsz > uint64(len(b)) {
			return notes, fmt.Errorf("note of %d+%d bytes overruns its section", namesz, descsz)
		}
		name := b[:namesz]
		if i := bytes.IndexByte(name, 0); i >= 0 {
			name = name[:i]
		}
		notes = append(notes, Note{Name: string(name), Type: typ, Desc: b[nameEnd : nameEnd+descsz]})
		if descEnd > uint64(len(b)) {
			descEnd = uint64(len(b))
		}
		b = b[descEnd:]
	}
	return notes, nil
}

func align4(n uint64) uint64 { return (n + 3) &^ 3 }

// parseNotes is ParseNotes for callers that take whatever is well formed.
func parseNotes(b []byte, order binary.ByteOrder) []Note {
	notes, _ := ParseNotes(b, order)
	return notes
}

// Probe is a USDT probe site described by a SystemTap .note.stapsdt note.
type Probe struct {
	Provider, Name string
	// PC is the ELF virtual address of the probe's instruction (a nop),
	// corrected for prelinking; Offset is its file offset, where the
	// uprobe goes.
	PC, Offset uint64
	// Semaphore is the ELF virtual address of the probe's is-enabled
	// counter (a uint16 in .probes), 0 when it has none. SemaphoreOffset
	// is its file offset: the uprobe's reference-counter offset, which
	// the kernel increments while the probe is attached.
	Semaphore, SemaphoreOffset uint64
	// ArgString is the argument specification as written in the note;
	// Args is it decoded, and ArgsErr says why it could not be.
	ArgString string
	Args      []Arg
	ArgsErr   error
}

// ntStapsdt is the note type of SystemTap SDT probe descriptors.
const ntStapsdt = 3

// Probes returns the USDT probes of the file, in note order.
func (f *File) Probes() []Probe { return f.probes }

// ParseStapsdt decodes the descriptor of one stapsdt note: three
// addresses (pc, .stapsdt.base link address, semaphore) of addrSize
// bytes, then the NUL-terminated provider, name and argument strings.
func ParseStapsdt(desc []byte, order binary.ByteOrder, addrSize int) (Probe, uint64, error) {
	var p Probe
	if addrSize != 4 && addrSize != 8 {
		return p, 0, fmt.Errorf("stapsdt: address size %d", addrSize)
	}
	if len(desc) < 3*addrSize {
		return p, 0, fmt.Errorf("stapsdt: descriptor of %d bytes", len(desc))
	}
	addr := func(i int) uint64 {
		if addrSize == 8 {
			return order.Uint64(desc[i*8:])
		}
		return uint64(order.Uint32(desc[i*4:]))
	}
	p.PC, p.Semaphore = addr(0), addr(2)
	base := addr(1)
	strs := bytes.SplitN(desc[3*addrSize:], []byte{0}, 4)
	if len(strs) < 4 {
		return p, 0, fmt.Errorf("stapsdt: strings not NUL-terminated")
	}
	p.Provider, p.Name, p.ArgString = string(strs[0]), string(strs[1]), string(strs[2])
	if p.Provider == "" || p.Name == "" {
		return p, 0, fmt.Errorf("stapsdt: empty provider or probe name")
	}
	p.Args, p.ArgsErr = ParseArgs(p.ArgString)
	return p, base, nil
}

func (f *File) readProbes(ef *elf.File) ([]Probe, error) {
	sec := ef.Section(".note.stapsdt")
	if sec == nil {
		return nil, nil
	}
	b, err := sec.Data()
	if err != nil {
		return nil, fmt.Errorf(".note.stapsdt: %w", err)
	}
	notes, err := ParseNotes(b, ef.ByteOrder)
	if err != nil {
		return nil, fmt.Errorf(".note.stapsdt: %w", err)
	}
	addrSize := 8
	if ef.Class == elf.ELFCLASS32 {
		addrSize = 4
	}
	// Prelink moves sections after the notes were written: the distance
	// between where .stapsdt.base is and where the note says it was is
	// added to every address.
	var baseAddr uint64
	if s := ef.Section(".stapsdt.base"); s != nil {
		baseAddr = s.Addr
	}
	var probes []Probe
	for _, n := range notes {
		if n.Name != "stapsdt" || n.Type != ntStapsdt {
			continue
		}
		p, base, err := ParseStapsdt(n.Desc, ef.ByteOrder, addrSize)
		if err != nil {
			return nil, fmt.Errorf(".note.stapsdt: %w", err)
		}
		if baseAddr != 0 && base != 0 {
			p.PC += baseAddr - base
			if p.Semaphore != 0 {
				p.Semaphore += baseAddr - base
			}
		}
		if p.Offset, err = f.VaddrToOffset(p.PC); err != nil {
			return nil, fmt.Errorf(".note.stapsdt: probe %s:%s: %w", p.Provider, p.Name, err)
		}
		if p.Semaphore != 0 {
			p.SemaphoreOffset = semaphoreOffset(ef, p.Semaphore)
		}
		if p.ArgsErr == nil {
			p.ArgsErr = f.resolveArgs(p.Args)
		}
		probes = append(probes, p)
	}
	return probes, nil
}

// resolveArgs fills in the addresses of symbolic operands, and rejects
// %rip-relative ones without a symbol: their displacement is relative to
// an instruction the note does not name.
func (f *File) resolveArgs(args []Arg) error {
	for i := range args {
		a := &args[i]
		if a.Kind != ArgMem {
			continue
		}
		if a.Symbol == "" {
			if a.Base == RegPC {
				return fmt.Errorf("usdt argument %s: %%rip-relative without a symbol", a)
			}
			continue
		}
		i, ok := f.byName[a.Symbol]
		if !ok {
			return fmt.Errorf("usdt argument %s: symbol %s: %w", a, a.Symbol, ErrNotFound)
		}
		a.SymbolValue = f.syms[i].Value
	}
	return nil
}

// semaphoreOffset finds the file offset of a semaphore in the section
// that holds it (.probes), 0 if no section with file contents does.
func semaphoreOffset(ef *elf.File, vaddr uint64) uint64 {
	for _, s := range ef.Sections {
		if s.Type != elf.SHT_NOBITS && s.Flags&elf.SHF_ALLOC != 0 && vaddr >= s.Addr && vaddr-s.Addr < s.Size {
			return vaddr - s.Addr + s.Offset
		}
	}
	return 0
}
