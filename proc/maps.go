package proc

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Perm is the access of a mapping.
type Perm uint8

// Perm bits, as the rwxp/s column of /proc/PID/maps shows them.
const (
	PermRead Perm = 1 << iota
	PermWrite
	PermExec
	PermShared
)

func (p Perm) String() string {
	b := []byte("---p")
	if p&PermRead != 0 {
		b[0] = 'r'
	}
	if p&PermWrite != 0 {
		b[1] = 'w'
	}
	if p&PermExec != 0 {
		b[2] = 'x'
	}
	if p&PermShared != 0 {
		b[3] = 's'
	}
	return string(b)
}

// Mapping is one line of /proc/PID/maps.
type Mapping struct {
	Start, End uint64 // [Start, End) in the process
	Perm       Perm
	Offset     uint64 // file offset of Start
	Major      uint32 // device of the file
	Minor      uint32
	Inode      uint64
	// Path is the file, a pseudo-name like [heap], [stack] or [vdso], or
	// empty for anonymous memory.
	Path string
	// Deleted is set when the file was unlinked after it was mapped; the
	// " (deleted)" suffix is removed from Path.
	Deleted bool
}

// FileOffset converts an address inside m to an offset in its file.
func (m *Mapping) FileOffset(addr uint64) uint64 { return addr - m.Start + m.Offset }

// IsFile reports whether m maps a file rather than anonymous or special memory.
func (m *Mapping) IsFile() bool { return m.Inode != 0 && strings.HasPrefix(m.Path, "/") }

// ParseMaps parses the text of /proc/PID/maps.
func ParseMaps(r io.Reader) ([]Mapping, error) {
	var maps []Mapping
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		m, err := parseMapLine(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("maps line %d: %w", n, err)
		}
		maps = append(maps, m)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("maps: %w", err)
	}
	return maps, nil
}

// ReadMaps returns the mappings of pid.
func ReadMaps(pid int) ([]Mapping, error) {
	return readParsed(pid, "maps", ParseMaps)
}

// parseMapLine parses "start-end perms offset major:minor inode   path".
// The path is the rest of the line after the padding and may hold spaces.
func parseMapLine(line string) (Mapping, error) {
	var m Mapping
	rest := line
	field := func() string {
		rest = strings.TrimLeft(rest, " ")
		i := strings.IndexByte(rest, ' ')
		if i < 0 {
			f := rest
			rest = ""
			return f
		}
		f := rest[:i]
		rest = rest[i+1:]
		return f
	}
	rng, perm, off, dev, ino := field(), field(), field(), field(), field()
	lo, hi, ok := strings.Cut(rng, "-")
	if !ok {
		return m, fmt.Errorf("bad address range %q", rng)
	}
	var err error
	if m.Start, err = strconv.ParseUint(lo, 16, 64); err != nil {
		return m, fmt.Errorf("bad start address %q", lo)
	}
	if m.End, err = strconv.ParseUint(hi, 16, 64); err != nil || m.End < m.Start {
		return m, fmt.Errorf("bad end address %q", hi)
	}
	if len(perm) != 4 {
		return m, fmt.Errorf("bad permissions %q", perm)
	}
	for i, c := range []byte(perm) {
		switch {
		case c == "rwxs"[i]:
			m.Perm |= 1 << i
		case c == '-' && i < 3, c == 'p' && i == 3:
		default:
			return m, fmt.Errorf("bad permissions %q", perm)
		}
	}
	if m.Offset, err = strconv.ParseUint(off, 16, 64); err != nil {
		return m, fmt.Errorf("bad offset %q", off)
	}
	maj, mnr, ok := strings.Cut(dev, ":")
	if !ok {
		return m, fmt.Errorf("bad device %q", dev)
	}
	ma, err1 := strconv.ParseUint(maj, 16, 32)
	mi, err2 := strconv.ParseUint(mnr, 16, 32)
	if err1 != nil || err2 != nil {
		return m, fmt.Errorf("bad device %q", dev)
	}
	m.Major, m.Minor = uint32(ma), uint32(mi)
	if m.Inode, err = strconv.ParseUint(ino, 10, 64); err != nil {
		return m, fmt.Errorf("bad inode %q", ino)
	}
	m.Path = strings.TrimLeft(rest, " ")
	if p, ok := strings.CutSuffix(m.Path, " (deleted)"); ok {
		m.Path, m.Deleted = p, true
	}
	return m, nil
}
