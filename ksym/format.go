package ksym

import (
	"bufio"
	"io"
	"strconv"
)

// AppendAddr appends addr as DTrace prints a kernel code address in
// stack() frames and %a: module`symbol+0xoff, module`symbol at the
// symbol's start, module`0xaddr in a gap of a module, else 0xaddr.
func (t *Table) AppendAddr(dst []byte, addr uint64) []byte {
	if s, off, ok := t.Lookup(addr); ok {
		dst = append(append(append(dst, s.Module...), '`'), s.Name...)
		if off != 0 {
			dst = strconv.AppendUint(append(dst, "+0x"...), off, 16)
		}
		return dst
	}
	return t.appendModHex(dst, addr)
}

// AppendSym appends addr as DTrace's sym() and func() print it: like
// AppendAddr without the offset.
func (t *Table) AppendSym(dst []byte, addr uint64) []byte {
	if s, _, ok := t.Lookup(addr); ok {
		return append(append(append(dst, s.Module...), '`'), s.Name...)
	}
	return t.appendModHex(dst, addr)
}

// AppendMod appends addr as DTrace's mod() prints it: the module's name,
// else 0xaddr.
func (t *Table) AppendMod(dst []byte, addr uint64) []byte {
	if m, ok := t.ModuleAt(addr); ok {
		return append(dst, m...)
	}
	return appendHex(dst, addr)
}

// FormatAddr is AppendAddr as a string.
func (t *Table) FormatAddr(addr uint64) string { return string(t.AppendAddr(nil, addr)) }

func (t *Table) appendModHex(dst []byte, addr uint64) []byte {
	if m, ok := t.ModuleAt(addr); ok {
		dst = append(append(dst, m...), '`')
	}
	return appendHex(dst, addr)
}

func appendHex(dst []byte, v uint64) []byte {
	return strconv.AppendUint(append(dst, "0x"...), v, 16)
}

// WriteKallmodsyms writes the table in the format of the original
// /proc/kallmodsyms of Oracle's kernel patch, which DTrace reads: one line
// per symbol in address order, "ADDR SIZE TYPE NAME", the address in 16
// hex digits and the size in hex, followed for module code by a tab and
// the module names in brackets ("[ext4]", "[liquidio] [liquidio_vf]").
func (t *Table) WriteKallmodsyms(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var line []byte
	for i := range t.syms {
		s := t.At(i)
		line = line[:0]
		var buf [16]byte
		a := strconv.AppendUint(buf[:0], s.Addr, 16)
		for range 16 - len(a) {
			line = append(line, '0')
		}
		line = append(line, a...)
		line = append(line, ' ')
		line = strconv.AppendUint(line, s.Size, 16)
		line = append(line, ' ', s.Type, ' ')
		line = append(line, s.Name...)
		for j, m := range s.Modules {
			if j == 0 {
				line = append(line, '\t')
			} else {
				line = append(line, ' ')
			}
			line = append(append(append(line, '['), m...), ']')
		}
		line = append(line, '\n')
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	return bw.Flush()
}
