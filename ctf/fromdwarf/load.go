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

// source is one opened input: its DWARF and the compilation units in
// .debug_info, as offsets of their first entries.
type source struct {
	data  *dwarf.Data
	units []unit
	close func()
}

type unit struct {
	first dwarf.Offset // offset of the unit's first entry
	end   dwarf.Offset // offset just past the unit
}

var dwarfSections = []string{"abbrev", "aranges", "frame", "info", "line", "pubnames", "ranges", "str"}
var dwarf5Sections = []string{"addr", "line_str", "str_offsets", "rnglists", "loclists", "types"}

// openSource opens path's DWARF. A linked file whose debug sections are
// stored uncompressed is mapped rather than read, so the sections cost
// page cache instead of heap; relocatable objects (kernel modules) need
// their relocations applied, which debug/elf does on a copy.
func openSource(path string) (*source, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	ef, err := elf.NewFile(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if info := ef.Section(".debug_info"); info == nil {
		f.Close()
		return nil, fmt.Errorf("%s: no DWARF (.debug_info)", path)
	}
	if src, err := mapSource(f, ef); err != nil || src != nil {
		f.Close()
		return src, err
	}
	defer f.Close()
	d, err := ef.DWARF()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	info, err := ef.Section(".debug_info").Data()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	units, err := listUnits(info, ef.ByteOrder)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &source{data: d, units: units, close: func() {}}, nil
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

// mapSource maps an executable's uncompressed DWARF; it returns nil, nil
// when the file does not qualify.
func mapSource(f *os.File, ef *elf.File) (*source, error) {
	if ef.Type == elf.ET_REL {
		return nil, nil
	}
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	sec := map[string][]byte{}
	var data []byte
	for _, names := range [][]string{dwarfSections, dwarf5Sections} {
		for _, n := range names {
			s := ef.Section(".debug_" + n)
			if s == nil {
				if ef.Section(".zdebug_"+n) != nil {
					return nil, nil
				}
				continue
			}
			if s.Flags&elf.SHF_COMPRESSED != 0 || s.Type == elf.SHT_NOBITS || s.Offset+s.Size > uint64(st.Size()) {
				return nil, nil
			}
			if data == nil {
				if data, err = syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_PRIVATE); err != nil {
					return nil, nil
				}
			}
			sec[n] = data[s.Offset : s.Offset+s.Size]
		}
	}
	if data == nil {
		return nil, nil
	}
	unmap := func() { syscall.Munmap(data) }
	d, err := dwarf.New(sec["abbrev"], sec["aranges"], sec["frame"], sec["info"], sec["line"], sec["pubnames"], sec["ranges"], sec["str"])
	if err != nil {
		unmap()
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	for _, n := range dwarf5Sections {
		if b, ok := sec[n]; ok {
			if err := d.AddSection(".debug_"+n, b); err != nil {
				unmap()
				return nil, fmt.Errorf("%s: %w", f.Name(), err)
			}
		}
	}
	units, err := listUnits(sec["info"], ef.ByteOrder)
	if err != nil {
		unmap()
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	return &source{data: d, units: units, close: unmap}, nil
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
		version := bo.Uint16(info[off+hdr:])
		first, keep := off+hdr+2+offSize+1, true
		if version >= 5 {
			ut := info[off+hdr+2]
			first = off + hdr + 2 + 1 + 1 + offSize
			switch ut {
			case 1, 3: // DW_UT_compile, DW_UT_partial
			default:
				keep = false
			}
		}
		if keep && first < end {
			units = append(units, unit{dwarf.Offset(first), dwarf.Offset(end)})
		}
		off = end
	}
	return units, nil
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
