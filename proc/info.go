package proc

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// ExePath returns the path of the executable of pid, as the kernel
// records it (/proc/PID/exe).
func ExePath(pid int) (string, error) {
	p, err := os.Readlink(procPath(pid, "exe"))
	if err != nil {
		return "", fmt.Errorf("proc: exe of pid %d: %w", pid, err)
	}
	return p, nil
}

// Execname returns the command name of pid (/proc/PID/comm): what D's
// execname variable holds, at most 15 bytes.
func Execname(pid int) (string, error) {
	b, err := os.ReadFile(procPath(pid, "comm"))
	if err != nil {
		return "", fmt.Errorf("proc: execname of pid %d: %w", pid, err)
	}
	return strings.TrimSuffix(string(b), "\n"), nil
}

// State returns the state letter of pid from /proc/PID/stat: R, S, D, T
// (stopped), t (tracing stop), Z, ...
func State(pid int) (byte, error) {
	b, err := os.ReadFile(procPath(pid, "stat"))
	if err != nil {
		return 0, fmt.Errorf("proc: state of pid %d: %w", pid, err)
	}
	// The command name is in parentheses and may itself hold ") ".
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 >= len(b) {
		return 0, fmt.Errorf("proc: state of pid %d: malformed stat", pid)
	}
	return b[i+2], nil
}

// Auxiliary vector types (<elf.h>) the package and its users need.
const (
	AtPagesz = 6 // AT_PAGESZ: system page size
	AtBase   = 7 // AT_BASE: load address of the dynamic linker
	AtEntry  = 9 // AT_ENTRY: entry point of the executable
)

// ParseAuxv decodes a 64-bit auxiliary vector (/proc/PID/auxv) into a map
// from AT_* type to value.
func ParseAuxv(r io.Reader) (map[uint64]uint64, error) {
	aux := make(map[uint64]uint64)
	var pair [16]byte
	for {
		if _, err := io.ReadFull(r, pair[:]); err != nil {
			if err == io.EOF {
				return aux, nil
			}
			return nil, fmt.Errorf("auxv: %w", err)
		}
		typ := binary.LittleEndian.Uint64(pair[:8])
		if typ == 0 { // AT_NULL
			return aux, nil
		}
		aux[typ] = binary.LittleEndian.Uint64(pair[8:])
	}
}

// ReadAuxv reads the auxiliary vector of pid.
func ReadAuxv(pid int) (map[uint64]uint64, error) {
	return readParsed(pid, "auxv", ParseAuxv)
}

// readParsed parses /proc/PID/name with parse: an error opening the file
// names it, one parsing it names pid.
func readParsed[T any](pid int, name string, parse func(io.Reader) (T, error)) (T, error) {
	var zero T
	f, err := os.Open(procPath(pid, name))
	if err != nil {
		return zero, fmt.Errorf("proc: %w", err)
	}
	defer f.Close()
	v, err := parse(f)
	if err != nil {
		return zero, fmt.Errorf("proc: pid %d: %w", pid, err)
	}
	return v, nil
}

// ReadMemory reads len(b) bytes at addr in the address space of pid
// (/proc/PID/mem; the caller needs ptrace access to pid).
func ReadMemory(pid int, addr uint64, b []byte) error {
	f, err := os.Open(procPath(pid, "mem"))
	if err != nil {
		return fmt.Errorf("proc: %w", err)
	}
	defer f.Close()
	if _, err := f.ReadAt(b, int64(addr)); err != nil {
		return fmt.Errorf("proc: read %d bytes at %#x in pid %d: %w", len(b), addr, pid, err)
	}
	return nil
}

func procPath(pid int, name string) string {
	return "/proc/" + strconv.Itoa(pid) + "/" + name
}
