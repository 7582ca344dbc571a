package btfsrc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// The BTF kinds whose names are in the ordinary namespace of C: what a
// lookup without a struct, union or enum tag can find.
const (
	kindInt     = 1
	kindTypedef = 8
	kindFloat   = 16
)

// errBadBTF is wrapped by every failure to index malformed BTF.
var errBadBTF = errors.New("malformed BTF")

// fileOrdinaryNames indexes the BTF file at path (see ordinaryNames). It
// maps the file rather than reading it, so that its megabytes are not
// left on the heap for the collector.
func fileOrdinaryNames(path string) (map[string]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	data, err := unix.Mmap(int(f.Fd()), 0, int(fi.Size()), unix.PROT_READ, unix.MAP_PRIVATE)
	if err != nil {
		return nil, fmt.Errorf("map %s: %w", path, err)
	}
	defer unix.Munmap(data)
	names, err := ordinaryNames(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return names, nil
}

// ordinaryNames returns the names of the typedefs, integer and
// floating-point types of the BTF data. It reads only the type headers and
// the string table, decoding nothing, so that the parser can ask whether
// an identifier is a kernel type name in a few milliseconds, without
// cilium/ebpf decoding the vmlinux spec, which costs tens.
func ordinaryNames(data []byte) (map[string]bool, error) {
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
	types := data[hdrLen+typeOff : hdrLen+typeOff+typeLen]
	strs := data[hdrLen+strOff : hdrLen+strOff+strLen]
	names := map[string]bool{}
	for off := 0; off < len(types); {
		if len(types)-off < 12 {
			return nil, fmt.Errorf("type header at %d: %w", off, errBadBTF)
		}
		nameOff := bo.Uint32(types[off:])
		info := bo.Uint32(types[off+4:])
		kind, vlen := (info>>24)&0x1f, int(info&0xffff)
		off += 12
		switch kind {
		case kindInt, kindTypedef, kindFloat:
			if nameOff >= uint32(len(strs)) {
				return nil, fmt.Errorf("name offset %d: %w", nameOff, errBadBTF)
			}
			s := strs[nameOff:]
			if end := bytes.IndexByte(s, 0); end >= 0 {
				s = s[:end]
			}
			if len(s) > 0 {
				names[string(s)] = true
			}
		}
		n, ok := trailing(kind, vlen)
		if !ok {
			return nil, fmt.Errorf("unknown kind %d: %w", kind, errBadBTF)
		}
		off += n
	}
	return names, nil
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
