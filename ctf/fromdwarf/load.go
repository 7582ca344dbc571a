package fromdwarf

import (
	"debug/dwarf"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"strings"
	"syscall"
)

// source is one opened input: the debug sections the decoder reads and
// the compilation units in .debug_info.
type source struct {
	info, abbrev, str, lineStr, strOffsets []byte
	be                                     bool // big-endian
	units                                  []unit
	close                                  func()
}

// unit is one compile or partial unit of .debug_info.
type unit struct {
	base      dwarf.Offset // offset of the unit header, which references count from
	first     dwarf.Offset // offset of the unit's first entry
	end       dwarf.Offset // offset just past the unit
	abbrevOff uint64
	version   uint16
	addrSize  uint8
	dwarf64   bool
}

// debugSections are the sections the decoder reads, by the names after
// ".debug_".
var debugSections = []string{"info", "abbrev", "str", "line_str", "str_offsets"}

// openSource opens path's DWARF. A linked file whose debug sections are
// stored uncompressed is mapped rather than read, so the sections cost
// page cache instead of heap; relocatable objects (kernel modules) are
// read, and have the relocations of the sections the decoder reads
// applied.
func openSource(path string) (*source, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ef, err := elf.NewFile(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if ef.Section(".debug_info") == nil {
		return nil, fmt.Errorf("%s: no DWARF (.debug_info)", path)
	}
	src := &source{be: ef.ByteOrder == binary.BigEndian, close: func() {}}
	sec, unmap, err := mapSections(f, ef)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if sec != nil {
		src.close = unmap
	} else if sec, err = readSections(ef); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	src.info, src.abbrev, src.str = sec["info"], sec["abbrev"], sec["str"]
	src.lineStr, src.strOffsets = sec["line_str"], sec["str_offsets"]
	if src.units, err = listUnits(src.info, ef.ByteOrder); err != nil {
		src.close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return src, nil
}

// debugInfoSize is the (uncompressed) size of path's .debug_info, read
// from the section headers alone.
func debugInfoSize(path string) (uint64, error) {
	ef, err := elf.Open(path)
	if err != nil {
		return 0, err
	}
	defer ef.Close()
	s := ef.Section(".debug_info")
	if s == nil {
		return 0, fmt.Errorf("%s: no DWARF (.debug_info)", path)
	}
	return s.Size, nil
}

// mapSections maps an executable's uncompressed debug sections; it
// returns nil when the file does not qualify.
func mapSections(f *os.File, ef *elf.File) (map[string][]byte, func(), error) {
	if ef.Type == elf.ET_REL {
		return nil, nil, nil
	}
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	for _, n := range debugSections {
		s := ef.Section(".debug_" + n)
		if s == nil {
			if ef.Section(".zdebug_"+n) != nil {
				return nil, nil, nil
			}
			continue
		}
		if s.Flags&elf.SHF_COMPRESSED != 0 || s.Type == elf.SHT_NOBITS || s.Offset+s.Size > uint64(st.Size()) {
			return nil, nil, nil
		}
	}
	data, err := syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, nil
	}
	sec := map[string][]byte{}
	for _, n := range debugSections {
		if s := ef.Section(".debug_" + n); s != nil {
			sec[n] = data[s.Offset : s.Offset+s.Size]
		}
	}
	return sec, func() { syscall.Munmap(data) }, nil
}

// readSections reads (and decompresses) the debug sections into memory
// and, in a relocatable file, applies their relocations.
func readSections(ef *elf.File) (map[string][]byte, error) {
	sec := map[string][]byte{}
	var syms []byte
	for _, n := range debugSections {
		s := ef.Section(".debug_" + n)
		if s == nil {
			continue
		}
		b, err := s.Data()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		sec[n] = b
		if ef.Type != elf.ET_REL {
			continue
		}
		idx := uint32(sectionIndex(ef, s))
		for i, rs := range ef.Sections {
			if (rs.Type != elf.SHT_RELA && rs.Type != elf.SHT_REL) || rs.Info != idx {
				continue
			}
			if syms == nil {
				if syms, err = symtab(ef); err != nil {
					return nil, err
				}
			}
			rel, err := rs.Data()
			if err != nil {
				return nil, fmt.Errorf("section %d: %w", i, err)
			}
			if err := relocate(ef, b, rel, rs.Type == elf.SHT_RELA, syms); err != nil {
				return nil, fmt.Errorf("%s: %w", s.Name, err)
			}
		}
	}
	return sec, nil
}

func sectionIndex(ef *elf.File, s *elf.Section) int {
	for i, t := range ef.Sections {
		if t == s {
			return i
		}
	}
	return -1
}

func symtab(ef *elf.File) ([]byte, error) {
	s := ef.SectionByType(elf.SHT_SYMTAB)
	if s == nil {
		return nil, fmt.Errorf("relocations without a symbol table")
	}
	b, err := s.Data()
	if err != nil {
		return nil, fmt.Errorf("symbol table: %w", err)
	}
	return b, nil
}

// absRelocs are, per machine, the relocation types of 64- and 32-bit
// absolute values: all that debug sections hold (section offsets and
// addresses), and all debug/elf applies for its DWARF too.
var absRelocs = map[elf.Machine][2]uint32{
	elf.EM_X86_64:  {uint32(elf.R_X86_64_64), uint32(elf.R_X86_64_32)},
	elf.EM_AARCH64: {uint32(elf.R_AARCH64_ABS64), uint32(elf.R_AARCH64_ABS32)},
	elf.EM_386:     {0, uint32(elf.R_386_32)},
	elf.EM_ARM:     {0, uint32(elf.R_ARM_ABS32)},
	elf.EM_RISCV:   {uint32(elf.R_RISCV_64), uint32(elf.R_RISCV_32)},
	elf.EM_PPC64:   {uint32(elf.R_PPC64_ADDR64), uint32(elf.R_PPC64_ADDR32)},
	elf.EM_S390:    {uint32(elf.R_390_64), uint32(elf.R_390_32)},
}

// relocate applies rel (a REL or RELA section) to b: the value is the
// symbol's plus the addend, for symbols defined in a section.
func relocate(ef *elf.File, b, rel []byte, rela bool, syms []byte) error {
	kinds, ok := absRelocs[ef.Machine]
	if !ok {
		return fmt.Errorf("relocations of %v objects are not supported", ef.Machine)
	}
	bo := ef.ByteOrder
	is64 := ef.Class == elf.ELFCLASS64
	relSize, symSize := 8, 16
	if is64 {
		relSize, symSize = 16, 24
	}
	if rela {
		relSize += relSize / 2
	}
	for ; len(rel) >= relSize; rel = rel[relSize:] {
		var off, sym, addend uint64
		var typ uint32
		if is64 {
			off, sym, typ = bo.Uint64(rel), bo.Uint64(rel[8:])>>32, uint32(bo.Uint64(rel[8:]))
			if rela {
				addend = bo.Uint64(rel[16:])
			}
		} else {
			info := bo.Uint32(rel[4:])
			off, sym, typ = uint64(bo.Uint32(rel)), uint64(info>>8), info&0xff
			if rela {
				addend = uint64(int64(int32(bo.Uint32(rel[8:]))))
			}
		}
		if sym == 0 || sym >= uint64(len(syms)/symSize) {
			continue
		}
		s := syms[sym*uint64(symSize):]
		var value uint64
		var shndx elf.SectionIndex
		if is64 {
			shndx, value = elf.SectionIndex(bo.Uint16(s[6:])), bo.Uint64(s[8:])
		} else {
			shndx, value = elf.SectionIndex(bo.Uint16(s[14:])), uint64(bo.Uint32(s[4:]))
		}
		if shndx == elf.SHN_UNDEF || shndx >= elf.SHN_LORESERVE {
			continue
		}
		switch {
		case typ == kinds[0] && kinds[0] != 0 && len(b) >= 8 && off <= uint64(len(b))-8:
			if !rela {
				addend = bo.Uint64(b[off:])
			}
			bo.PutUint64(b[off:], value+addend)
		case typ == kinds[1] && len(b) >= 4 && off <= uint64(len(b))-4:
			if !rela {
				addend = uint64(bo.Uint32(b[off:]))
			}
			bo.PutUint32(b[off:], uint32(value+addend))
		}
	}
	return nil
}

// listUnits walks the unit headers of .debug_info, keeping compile and
// partial units (type and skeleton units hold nothing CTF needs).
func listUnits(info []byte, bo binary.ByteOrder) ([]unit, error) {
	var units []unit
	for off := uint64(0); off < uint64(len(info)); {
		if uint64(len(info))-off < 4 {
			return nil, fmt.Errorf("truncated unit header at %#x", off)
		}
		length, hdr, offSize := uint64(bo.Uint32(info[off:])), uint64(4), uint64(4)
		if length == 0xffffffff {
			if uint64(len(info))-off < 12 {
				return nil, fmt.Errorf("truncated unit header at %#x", off)
			}
			length, hdr, offSize = bo.Uint64(info[off+4:]), 12, 8
		}
		if length > uint64(len(info))-off-hdr || length < 2 {
			return nil, fmt.Errorf("unit at %#x overruns .debug_info", off)
		}
		end := off + hdr + length
		u := unit{base: dwarf.Offset(off), end: dwarf.Offset(end), version: bo.Uint16(info[off+hdr:]), dwarf64: offSize == 8}
		h := off + hdr + 2
		keep := true
		if u.version >= 5 {
			if end-h < 2+offSize {
				return nil, fmt.Errorf("truncated unit header at %#x", off)
			}
			switch info[h] {
			case 1, 3: // DW_UT_compile, DW_UT_partial
			default:
				keep = false
			}
			u.addrSize, u.abbrevOff = info[h+1], readOff(info[h+2:], offSize, bo)
			h += 2 + offSize
		} else {
			if end-h < offSize+1 {
				return nil, fmt.Errorf("truncated unit header at %#x", off)
			}
			u.abbrevOff, u.addrSize = readOff(info[h:], offSize, bo), info[h+offSize]
			h += offSize + 1
		}
		if u.first = dwarf.Offset(h); keep && h < end {
			units = append(units, u)
		}
		off = end
	}
	return units, nil
}

func readOff(b []byte, size uint64, bo binary.ByteOrder) uint64 {
	if size == 8 {
		return bo.Uint64(b)
	}
	return uint64(bo.Uint32(b))
}

// memberName is the archive member name of an input: the name the
// kernel knows it by. A kernel module is its file name without ".ko" and
// with dashes made underscores, as /proc/modules shows it; a kernel image
// (vmlinux, vmlinux-6.1.0-57-amd64) is "vmlinux"; any other file keeps
// its name.
func memberName(path string) string {
	base := path[strings.LastIndexByte(path, '/')+1:]
	switch {
	case strings.HasSuffix(base, ".ko"):
		return strings.ReplaceAll(strings.TrimSuffix(base, ".ko"), "-", "_")
	case base == "vmlinux" || strings.HasPrefix(base, "vmlinux-"):
		return "vmlinux"
	}
	return base
}
