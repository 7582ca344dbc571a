package ksym

import (
	"debug/elf"
	"fmt"
	"io"
)

// ReadELFSymbols reads the symbol table of a vmlinux ELF image: functions
// and objects with their link-time addresses and sizes (st_size), typed as
// nm(1) would type them from their section's flags and their binding.
func ReadELFSymbols(r io.ReaderAt) (es []Entry, err error) {
	// debug/elf is not hardened against every malformed image; a bad file
	// must be an error, never a crash of the tracer.
	defer func() {
		if p := recover(); p != nil {
			es, err = nil, fmt.Errorf("ksym: reading vmlinux: malformed ELF (%v)", p)
		}
	}()
	f, err := elf.NewFile(r)
	if err != nil {
		return nil, fmt.Errorf("ksym: reading vmlinux: %w", err)
	}
	syms, err := f.Symbols()
	if err != nil {
		return nil, fmt.Errorf("ksym: reading vmlinux symbols: %w", err)
	}
	es = make([]Entry, 0, len(syms))
	for _, s := range syms {
		st := elf.ST_TYPE(s.Info)
		if s.Name == "" || (st != elf.STT_FUNC && st != elf.STT_OBJECT && st != elf.STT_NOTYPE) {
			continue
		}
		t := elfType(f, s)
		if t == 0 {
			continue
		}
		es = append(es, Entry{Addr: s.Value, Size: s.Size, Sized: true, Type: t, Name: s.Name})
	}
	return es, nil
}

// elfType is the nm(1) letter of an ELF symbol, 0 for one nm would not list
// with an address (undefined, common).
func elfType(f *elf.File, s elf.Symbol) byte {
	var t byte
	switch {
	case s.Section == elf.SHN_ABS:
		t = 'A'
	case s.Section == elf.SHN_UNDEF || s.Section >= elf.SHN_LORESERVE:
		return 0
	case int(s.Section) >= len(f.Sections):
		return 0
	default:
		sec := f.Sections[s.Section]
		switch {
		case sec.Flags&elf.SHF_EXECINSTR != 0:
			t = 'T'
		case sec.Type == elf.SHT_NOBITS:
			t = 'B'
		case sec.Flags&elf.SHF_WRITE != 0:
			t = 'D'
		default:
			t = 'R'
		}
	}
	switch elf.ST_BIND(s.Info) {
	case elf.STB_WEAK:
		if t == 'T' {
			return 'W'
		}
		return 'V'
	case elf.STB_LOCAL:
		return t | 0x20
	}
	return t
}
