package usdtgen

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	"github.com/godtrace/godtrace/uelf"
)

// ErrNoProbeSites is DTrace's error for a -G whose objects hold no probe
// site of the declared providers.
var ErrNoProbeSites = errors.New("No probe sites found for declared provider")

// CheckObjects reads the stapsdt notes of the relocatable objects (or
// linked files) at paths: every probe site of a declared provider must be
// of a declared probe, and when a provider is declared there must be at
// least one.
func CheckObjects(paths []string, provs []Provider) error {
	declared := map[string]map[string]bool{}
	for _, p := range provs {
		declared[p.Name] = map[string]bool{}
		for _, pr := range p.Probes {
			declared[p.Name][funcName(pr.Name)] = true
		}
	}
	sites := 0
	for _, path := range paths {
		probes, err := objectProbes(path)
		if err != nil {
			return err
		}
		for _, pr := range probes {
			names, ok := declared[pr.Provider]
			if !ok {
				continue
			}
			if !names[pr.Name] {
				return fmt.Errorf("%s: probe %s:%s is not declared by provider %s", path, pr.Provider, pr.Name, pr.Provider)
			}
			sites++
		}
	}
	// A program that declares no provider has no sites to find: its
	// object links as an empty one, as DTrace's does.
	if sites == 0 && len(provs) > 0 {
		return ErrNoProbeSites
	}
	return nil
}

// objectProbes returns the probe sites that the stapsdt notes of the ELF
// file at path describe; in a relocatable object their addresses are
// still to be relocated.
func objectProbes(path string) ([]uelf.Probe, error) {
	ef, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer ef.Close()
	sec := ef.Section(".note.stapsdt")
	if sec == nil {
		return nil, nil
	}
	b, err := sec.Data()
	if err != nil {
		return nil, fmt.Errorf("%s: .note.stapsdt: %w", path, err)
	}
	notes, err := uelf.ParseNotes(b, ef.ByteOrder)
	if err != nil {
		return nil, fmt.Errorf("%s: .note.stapsdt: %w", path, err)
	}
	addrSize := 8
	if ef.Class == elf.ELFCLASS32 {
		addrSize = 4
	}
	var probes []uelf.Probe
	for _, n := range notes {
		if n.Name != "stapsdt" || n.Type != 3 {
			continue
		}
		p, _, err := uelf.ParseStapsdt(n.Desc, ef.ByteOrder, addrSize)
		if err != nil {
			return nil, fmt.Errorf("%s: .note.stapsdt: %w", path, err)
		}
		probes = append(probes, p)
	}
	return probes, nil
}

// WriteObject writes the object file of dtrace -G: a relocatable ELF
// file of the machine dtrace runs on (objMachine: x86-64 or arm64) that defines the semaphore of every probe, a hidden unsigned
// short, zero, in a writable .probes section.
func WriteObject(w io.Writer, provs []Provider) error {
	var sems []string
	for _, p := range provs {
		for _, pr := range p.Probes {
			sems = append(sems, semaphore(p.Name, pr.Name))
		}
	}
	le := binary.LittleEndian
	var strtab, shstrtab bytes.Buffer
	addStr := func(b *bytes.Buffer, s string) uint32 {
		if b.Len() == 0 {
			b.WriteByte(0)
		}
		off := b.Len()
		b.WriteString(s)
		b.WriteByte(0)
		return uint32(off)
	}
	// The symbols: the null one, .probes's section symbol (the locals
	// come first), then one global hidden object per semaphore.
	syms := []elf.Sym64{{}, {Info: elf.ST_INFO(elf.STB_LOCAL, elf.STT_SECTION), Shndx: 1}}
	addStr(&strtab, "")
	for i, s := range sems {
		syms = append(syms, elf.Sym64{
			Name:  addStr(&strtab, s),
			Info:  elf.ST_INFO(elf.STB_GLOBAL, elf.STT_OBJECT),
			Other: uint8(elf.STV_HIDDEN),
			Shndx: 1,
			Value: uint64(2 * i),
			Size:  2,
		})
	}
	var symtab bytes.Buffer
	for _, s := range syms {
		binary.Write(&symtab, le, s)
	}
	type section struct {
		name  string
		hdr   elf.Section64
		data  []byte
		align uint64
	}
	secs := []section{
		{name: ""},
		{name: ".probes", hdr: elf.Section64{Type: uint32(elf.SHT_PROGBITS), Flags: uint64(elf.SHF_WRITE | elf.SHF_ALLOC)}, data: make([]byte, 2*len(sems)), align: 2},
		{name: ".note.GNU-stack", hdr: elf.Section64{Type: uint32(elf.SHT_PROGBITS)}, align: 1},
		{name: ".symtab", hdr: elf.Section64{Type: uint32(elf.SHT_SYMTAB), Link: 4, Info: 2, Entsize: 24}, data: symtab.Bytes(), align: 8},
		{name: ".strtab", hdr: elf.Section64{Type: uint32(elf.SHT_STRTAB)}, data: strtab.Bytes(), align: 1},
		{name: ".shstrtab", hdr: elf.Section64{Type: uint32(elf.SHT_STRTAB)}, align: 1},
	}
	addStr(&shstrtab, "")
	for i := 1; i < len(secs); i++ {
		secs[i].hdr.Name = addStr(&shstrtab, secs[i].name)
	}
	secs[len(secs)-1].data = shstrtab.Bytes()

	var body bytes.Buffer
	const ehsize = 64
	for i := 1; i < len(secs); i++ {
		s := &secs[i]
		for (ehsize+uint64(body.Len()))%s.align != 0 {
			body.WriteByte(0)
		}
		s.hdr.Off = ehsize + uint64(body.Len())
		s.hdr.Size = uint64(len(s.data))
		s.hdr.Addralign = s.align
		body.Write(s.data)
	}
	for (ehsize+body.Len())%8 != 0 {
		body.WriteByte(0)
	}
	hdr := elf.Header64{
		Type:      uint16(elf.ET_REL),
		Machine:   uint16(objMachine),
		Version:   uint32(elf.EV_CURRENT),
		Shoff:     uint64(ehsize + body.Len()),
		Ehsize:    ehsize,
		Shentsize: 64,
		Shnum:     uint16(len(secs)),
		Shstrndx:  uint16(len(secs) - 1),
	}
	copy(hdr.Ident[:], elf.ELFMAG)
	hdr.Ident[elf.EI_CLASS] = byte(elf.ELFCLASS64)
	hdr.Ident[elf.EI_DATA] = byte(elf.ELFDATA2LSB)
	hdr.Ident[elf.EI_VERSION] = byte(elf.EV_CURRENT)
	var out bytes.Buffer
	binary.Write(&out, le, hdr)
	out.Write(body.Bytes())
	for _, s := range secs {
		binary.Write(&out, le, s.hdr)
	}
	_, err := w.Write(out.Bytes())
	return err
}
