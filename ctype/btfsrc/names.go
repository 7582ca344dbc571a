package btfsrc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// The BTF kinds whose names are in the ordinary namespace of C: what a
// lookup without a struct, union or enum tag can find; and the kinds of
// enums, whose enumerators the D library names.
const (
	kindInt     = 1
	kindEnum    = 6
	kindTypedef = 8
	kindFloat   = 16
	kindEnum64  = 19
)

// errBadBTF is wrapped by every failure to index malformed BTF.
var errBadBTF = errors.New("malformed BTF")

// mapFile calls index with the BTF file at path. It maps the file rather
// than reading it, so that its megabytes are not left on the heap for the
// collector.
func mapFile[T any](path string, index func([]byte) (T, error)) (T, error) {
	var zero T
	f, err := os.Open(path)
	if err != nil {
		return zero, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return zero, err
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(fi.Size()), unix.PROT_READ, unix.MAP_PRIVATE)
	if err == nil {
		defer unix.Munmap(data)
	} else if data, err = io.ReadAll(f); err != nil {
		// Kernels before 6.16 cannot map /sys/kernel/btf/vmlinux: it
		// is read instead, which costs a copy of a few megabytes.
		return zero, fmt.Errorf("read %s: %w", path, err)
	}
	v, err := index(data)
	if err != nil {
		return zero, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// fileOrdinaryNames indexes the BTF file at path (see ordinaryNames).
func fileOrdinaryNames(path string) (map[string]bool, error) {
	return mapFile(path, ordinaryNames)
}

// rawBTF is BTF data split into its sections, read without decoding.
type rawBTF struct {
	bo          binary.ByteOrder
	types, strs []byte
}

func splitBTF(data []byte) (*rawBTF, error) {
	if len(data) < 24 {
		return nil, fmt.Errorf("header: %w", errBadBTF)
	}
	var bo binary.ByteOrder
	switch {
	case binary.LittleEndian.Uint16(data) == 0xeb9f:
		bo = binary.LittleEndian
	case binary.BigEndian.Uint16(data) == 0xeb9f:
		bo = binary.BigEndian
	default:
		return nil, fmt.Errorf("bad magic: %w", errBadBTF)
	}
	hdrLen := uint64(bo.Uint32(data[4:]))
	typeOff, typeLen := uint64(bo.Uint32(data[8:])), uint64(bo.Uint32(data[12:]))
	strOff, strLen := uint64(bo.Uint32(data[16:])), uint64(bo.Uint32(data[20:]))
	size := uint64(len(data))
	if hdrLen+typeOff+typeLen > size || hdrLen+strOff+strLen > size {
		return nil, fmt.Errorf("sections beyond the data: %w", errBadBTF)
	}
	return &rawBTF{bo, data[hdrLen+typeOff : hdrLen+typeOff+typeLen], data[hdrLen+strOff : hdrLen+strOff+strLen]}, nil
}

// name returns the string at off of the string section.
func (r *rawBTF) name(off uint32) ([]byte, error) {
	if off >= uint32(len(r.strs)) {
		return nil, fmt.Errorf("name offset %d: %w", off, errBadBTF)
	}
	s := r.strs[off:]
	if end := bytes.IndexByte(s, 0); end >= 0 {
		s = s[:end]
	}
	return s, nil
}

// each calls fn with the info word, the name offset and the trailing data
// of each type, in order.
func (r *rawBTF) each(fn func(info, nameOff uint32, rest []byte) error) error {
	types := r.types
	for off := 0; off < len(types); {
		if len(types)-off < 12 {
			return fmt.Errorf("type header at %d: %w", off, errBadBTF)
		}
		nameOff := r.bo.Uint32(types[off:])
		info := r.bo.Uint32(types[off+4:])
		off += 12
		n, ok := trailing((info>>24)&0x1f, int(info&0xffff))
		if !ok {
			return fmt.Errorf("unknown kind %d: %w", (info>>24)&0x1f, errBadBTF)
		}
		if len(types)-off < n {
			return fmt.Errorf("type data at %d: %w", off, errBadBTF)
		}
		if err := fn(info, nameOff, types[off:off+n]); err != nil {
			return err
		}
		off += n
	}
	return nil
}

// ordinaryNames returns the names of the typedefs, integer and
// floating-point types of the BTF data. It reads only the type headers and
// the string table, decoding nothing, so that the parser can ask whether
// an identifier is a kernel type name in a few milliseconds, without
// cilium/ebpf decoding the vmlinux spec, which costs tens.
func ordinaryNames(data []byte) (map[string]bool, error) {
	r, err := splitBTF(data)
	if err != nil {
		return nil, err
	}
	names := map[string]bool{}
	err = r.each(func(info, nameOff uint32, _ []byte) error {
		switch (info >> 24) & 0x1f {
		case kindInt, kindTypedef, kindFloat:
			s, err := r.name(nameOff)
			if err != nil {
				return err
			}
			if len(s) > 0 {
				names[string(s)] = true
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return names, nil
}

// enumerators returns the values of the enumerators of the BTF data's
// enums, the first of each name, read as ordinaryNames reads names:
// decoding every type with cilium/ebpf to find them costs a third of a
// second for vmlinux.
func enumerators(data []byte) (map[string]int64, error) {
	r, err := splitBTF(data)
	if err != nil {
		return nil, err
	}
	enums := map[string]int64{}
	err = r.each(func(info, _ uint32, rest []byte) error {
		kind, signed := (info>>24)&0x1f, info>>31 != 0
		var step int
		switch kind {
		case kindEnum:
			step = 8
		case kindEnum64:
			step = 12
		default:
			return nil
		}
		for ; len(rest) >= step; rest = rest[step:] {
			s, err := r.name(r.bo.Uint32(rest))
			if err != nil {
				return err
			}
			var v int64
			switch {
			case kind == kindEnum64:
				v = int64(uint64(r.bo.Uint32(rest[8:]))<<32 | uint64(r.bo.Uint32(rest[4:])))
			case signed:
				v = int64(int32(r.bo.Uint32(rest[4:])))
			default:
				v = int64(r.bo.Uint32(rest[4:]))
			}
			if _, dup := enums[string(s)]; !dup && len(s) > 0 {
				enums[string(s)] = v
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return enums, nil
}

// trailing is the size of the data that follows the header of a type of
// the kind with vlen entries, from the kernel's BTF format.
func trailing(kind uint32, vlen int) (int, bool) {
	switch kind {
	case 1, 14, 17: // int, var, decl tag
		return 4, true
	case 3: // array
		return 12, true
	case 4, 5, 15, 19: // struct, union, datasec, enum64
		return 12 * vlen, true
	case 6, 13: // enum, func proto
		return 8 * vlen, true
	case 2, 7, 8, 9, 10, 11, 12, 16, 18: // no data follows
		return 0, true
	}
	return 0, false
}
