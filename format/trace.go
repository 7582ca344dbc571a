package format

// AppendTrace appends the output of trace() of v, as dt_print_trace does:
// in quiet mode bare values; otherwise integers right-aligned after a
// space in a width set by their size and signedness, strings after two
// spaces left-aligned in 33 columns, symbols (sym(), mod(), usym(),
// umod(), uaddr()) after two spaces in 50 columns, stacks one frame a line, and
// anything else (structs, arrays) as a hex dump. With the rawbytes option every value is a hex dump. The
// consumer passes char arrays as KindString: DTrace prints them as strings.
func (p *Printer) AppendTrace(dst []byte, v Value) []byte {
	if p.RawBytes {
		return AppendRawBytes(dst, p.rawOf(v))
	}
	switch v.Kind {
	case KindString:
		if p.Quiet {
			return append(dst, v.Str...)
		}
		return appendStr(append(dst, "  "...), spec{flags: FlagLeft, width: 33}, v.Str)
	case KindInt:
		return p.appendTraceInt(dst, v)
	case KindStack, KindUStack:
		return p.appendStack(dst, v, p.StackIndent, spec{})
	case KindSym, KindMod, KindUSym, KindUMod, KindUAddr:
		return appendStr(append(dst, "  "...), spec{flags: FlagLeft, width: 50}, p.symbolText(v))
	case KindFloat:
		return appendFloat(dst, spec{}, 'g', v.Float)
	}
	return AppendRawBytes(dst, v.Bytes)
}

var traceWidth = map[int][2]int{8: {19, 20}, 4: {10, 10}, 2: {5, 5}, 1: {3, 3}}

func (p *Printer) appendTraceInt(dst []byte, v Value) []byte {
	w, ok := traceWidth[v.Size]
	if !ok {
		return AppendRawBytes(dst, p.rawOf(v))
	}
	s := spec{}
	if !p.Quiet {
		dst = append(dst, ' ')
		s.width = w[0]
		if !v.Signed {
			s.width = w[1]
		}
	}
	if v.Signed {
		n := v.SInt64()
		if n < 0 {
			return appendInt(dst, s, 'd', uint64(-n), true)
		}
		return appendInt(dst, s, 'd', uint64(n), false)
	}
	return appendInt(dst, s, 'u', v.Uint64(), false)
}

// symbolText is the text of a sym(), mod(), usym(), umod() or uaddr()
// record.
func (p *Printer) symbolText(v Value) string {
	switch v.Kind {
	case KindSym:
		s, ok := p.kernel(v.Bits)
		return symText(s, ok, v.Bits)
	case KindMod:
		s, ok := p.kernel(v.Bits)
		return modText(s, ok, v.Bits)
	case KindUSym:
		return p.userSymText(v.Pid, v.Bits)
	case KindUAddr:
		return p.userAddrText(v.Pid, v.Bits)
	default:
		s, ok := p.user(v.Pid, v.Bits)
		return modText(s, ok, v.Bits)
	}
}

// rawOf returns the bytes of a value as they were traced.
func (p *Printer) rawOf(v Value) []byte {
	switch v.Kind {
	case KindInt:
		b := make([]byte, v.Size)
		for i := range b {
			b[i] = byte(v.Bits >> (8 * i))
		}
		return b
	case KindString:
		if v.Bytes != nil {
			return v.Bytes
		}
		return []byte(v.Str)
	}
	return v.Bytes
}

// AppendRawBytes appends the hex dump of tracemem() and of traced
// structs: a newline, a header of the 16 column offsets and the ASCII
// column, then one row of up to 16 bytes per 16-byte offset. Nothing is
// printed for no bytes.
func AppendRawBytes(dst []byte, b []byte) []byte {
	if len(b) == 0 {
		return dst
	}
	dst = append(dst, "\n           "...)
	for i := 0; i < 16; i++ {
		dst = append(dst, ' ', ' ', "0123456789abcdef"[i])
	}
	dst = append(dst, "  0123456789abcdef\n"...)
	for i := 0; i < len(b); i += 16 {
		dst = appendInt(append(dst, "     "...), spec{width: 5}, 'x', uint64(i), false)
		dst = append(dst, ':')
		j := i
		for ; j < i+16 && j < len(b); j++ {
			dst = append(dst, ' ', "0123456789abcdef"[b[j]>>4], "0123456789abcdef"[b[j]&15])
		}
		for ; j%16 != 0; j++ {
			dst = append(dst, "   "...)
		}
		dst = append(dst, ' ', ' ')
		for j = i; j < i+16 && j < len(b); j++ {
			c := b[j]
			if c < ' ' || c > '~' {
				c = '.'
			}
			dst = append(dst, c)
		}
		dst = append(dst, '\n')
	}
	return dst
}

// AppendBytes appends non-scalar data as dt_print_bytes does for
// aggregation keys: printable text (optionally NUL-terminated and
// NUL-padded) as a string after two spaces, left-aligned in width
// columns (bare when quiet); anything else as a hex dump.
func AppendBytes(dst []byte, b []byte, width int, quiet, rawBytes bool) []byte {
	if len(b) == 0 {
		return dst
	}
	if rawBytes {
		return AppendRawBytes(dst, b)
	}
	i := 0
	for ; i < len(b); i++ {
		c := b[i]
		if isPrint(c) || isSpace(c) || c == '\b' || c == '\a' {
			continue
		}
		if c == 0 && i > 0 {
			j := i + 1
			for j < len(b) && b[j] == 0 {
				j++
			}
			if j != len(b) {
				break
			}
			if quiet {
				return append(dst, b[:i]...)
			}
			return appendStr(append(dst, "  "...), spec{flags: FlagLeft, width: width}, string(b[:i]))
		}
		break
	}
	if i == len(b) {
		return appendStr(append(dst, "  "...), spec{flags: FlagLeft, width: width}, string(b))
	}
	return AppendRawBytes(dst, b)
}

// AppendProbeHeader appends the column header printed before the first
// probe line when not quiet: "CPU     ID                    FUNCTION:NAME",
// or "CPU FUNCTION" padded in the flowindent layout. Without the CPU and
// ID columns (noIDs), as dtrace(8) prints when testing (_DTRACE_TESTING),
// only "FUNCTION:NAME" right-aligned in its 32 columns, or "FUNCTION"
// padded to 41.
func AppendProbeHeader(dst []byte, flow, noIDs bool) []byte {
	if flow {
		if !noIDs {
			dst = append(dst, "CPU "...)
		}
		return append(appendStr(dst, spec{flags: FlagLeft, width: 41}, "FUNCTION"), '\n')
	}
	if !noIDs {
		dst = append(dst, "CPU     ID "...)
	}
	return append(appendStr(dst, spec{width: 32}, "FUNCTION:NAME"), '\n')
}

// AppendProbeLine appends the start of a probe's output line in the
// default layout: CPU, probe ID and function:name right-aligned, and a
// space. The records' text follows, then a newline (AppendProbeEnd).
func AppendProbeLine(dst []byte, cpu int, id uint32, function, name string) []byte {
	dst = appendInt(dst, spec{width: 3}, 'd', uint64(abs(cpu)), cpu < 0)
	dst = append(dst, ' ')
	dst = appendInt(dst, spec{width: 6}, 'u', uint64(id), false)
	dst = append(dst, ' ')
	return AppendProbeName(dst, function, name)
}

// AppendProbeName appends function:name right-aligned in 32 columns, and
// a space: how a probe line ends, and all of it without the CPU and ID
// columns.
func AppendProbeName(dst []byte, function, name string) []byte {
	dst = appendStr(dst, spec{width: 32}, function+":"+name)
	return append(dst, ' ')
}

// AppendProbeEnd appends what ends a probe's records: a newline unless
// quiet.
func (p *Printer) AppendProbeEnd(dst []byte) []byte {
	if p.Quiet {
		return dst
	}
	return append(dst, '\n')
}

// AppendPadded appends s after two spaces, left-aligned in width columns:
// how non-quiet output shows strings and aggregation keys.
func AppendPadded(dst []byte, s string, width int) []byte {
	return appendStr(append(dst, "  "...), spec{flags: FlagLeft, width: width}, s)
}

// IsText reports whether AppendBytes shows s followed by its NUL
// terminator as text: s is not empty and holds only printable characters,
// white space, backspace and bell.
func IsText(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isPrint(c) && !isSpace(c) && c != '\b' && c != '\a' {
			return false
		}
	}
	return s != ""
}
