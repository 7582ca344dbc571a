package format

import (
	"errors"
	"fmt"
	"io"
	"math"
	"time"
)

// DefaultStackIndent is the default of the stackindent option.
const DefaultStackIndent = 14

// Printer renders values as DTrace does under a set of output options. Its
// zero value is non-quiet output in local time, without symbols and with
// no stack indent; NewPrinter gives DTrace's defaults.
type Printer struct {
	// Sym resolves addresses; nil leaves them as hex.
	Sym Symbolizer
	// Location is the time zone of %Y and %T; nil means time.Local.
	Location *time.Location
	// StackIndent is the stackindent option.
	StackIndent int
	// Quiet is the quiet option: trace() prints bare values.
	Quiet bool
	// RawBytes is the rawbytes option: trace() prints every value as a
	// hex dump.
	RawBytes bool
	// NoResolve is the noresolve option: user addresses print as their
	// module and the offset in its mapping, "libc.so.6:0x2a1b0".
	NoResolve bool
}

// NewPrinter returns a Printer with DTrace's default options.
func NewPrinter() *Printer { return &Printer{StackIndent: DefaultStackIndent} }

// maxWidth bounds field widths and precisions, so that no format can make
// a single conversion allocate without limit; DTrace scripts never come
// near it.
const maxWidth = 1 << 16

// ErrMismatch reports arguments that do not fit the format (too few, or
// of a kind the conversion cannot print); DTrace's EDT_DMISMATCH.
var ErrMismatch = errors.New("data record has mismatched type")

// Printf writes the output of a printf() action to w.
func (p *Printer) Printf(w io.Writer, convs []Conv, args []Value) error {
	b, err := p.Append(nil, convs, args, nil)
	if _, werr := w.Write(b); err == nil {
		err = werr
	}
	return err
}

// Append appends the text of convs applied to args to dst. aggs are the
// values of the aggregations a printa() format prints, used in turn by the
// %@ conversions (the last one again when there are more %@ conversions
// than aggregations); they are nil for printf(). On error, dst holds the
// text up to the failing conversion.
func (p *Printer) Append(dst []byte, convs []Conv, args []Value, aggs []Value) ([]byte, error) {
	curagg := 0
	for i := range convs {
		c := &convs[i]
		dst = append(dst, c.Prefix...)
		if c.info == nil {
			continue
		}
		if c.info.r == rPct {
			dst = append(dst, '%')
			continue
		}
		s := spec{flags: c.Flags, width: c.Width, prec: c.Prec}
		if c.Flags&FlagDynWidth != 0 {
			if len(args) == 0 || args[0].Kind != KindInt {
				return dst, fmt.Errorf("conversion #%d width: %w", i+1, ErrMismatch)
			}
			s.width = int(int32(args[0].SInt64()))
			args = args[1:]
		}
		if c.Flags&FlagDynPrec != 0 {
			if len(args) == 0 || args[0].Kind != KindInt {
				return dst, fmt.Errorf("conversion #%d precision: %w", i+1, ErrMismatch)
			}
			s.prec = int(int32(args[0].SInt64()))
			args = args[1:]
		}
		s.width = max(-maxWidth, min(s.width, maxWidth))
		s.prec = max(0, min(s.prec, maxWidth))
		// A Value is 128 bytes: it is pointed to, not copied.
		var v *Value
		if c.Flags&FlagAgg != 0 {
			if len(aggs) == 0 {
				return dst, fmt.Errorf("conversion #%d: no aggregation: %w", i+1, ErrMismatch)
			}
			v = &aggs[curagg]
			if curagg < len(aggs)-1 {
				curagg++
			}
		} else {
			if len(args) == 0 {
				return dst, fmt.Errorf("conversion #%d: missing argument: %w", i+1, ErrMismatch)
			}
			v, args = &args[0], args[1:]
		}
		var err error
		if dst, err = p.appendConv(dst, c, s, v); err != nil {
			return dst, fmt.Errorf("conversion #%d (%%%s): %w", i+1, c.Name, err)
		}
	}
	return dst, nil
}

// appendConv renders one value for one conversion.
func (p *Printer) appendConv(dst []byte, c *Conv, s spec, v *Value) ([]byte, error) {
	if v.Kind == KindHistogram {
		return v.Hist.AppendHistogram(dst), nil
	}
	verb := c.info.verb
	r := c.info.r
	if r == rDint {
		r = rSint
		if !v.Signed {
			r, verb = rUint, 'u'
		}
	}
	switch r {
	case rSint:
		if v.Kind != KindInt {
			return dst, ErrMismatch
		}
		n := v.SInt64()
		if verb == 'c' {
			return appendChar(dst, s, byte(n)), nil
		}
		if n < 0 {
			return appendInt(dst, s, verb, uint64(-n), true), nil
		}
		return appendInt(dst, s, verb, uint64(n), false), nil
	case rUint:
		if v.Kind != KindInt {
			return dst, ErrMismatch
		}
		return appendInt(dst, s, verb, v.Uint64(), false), nil
	case rFloat:
		switch {
		case v.Kind == KindFloat:
			return appendFloat(dst, s, verb, v.Float), nil
		case v.Kind == KindInt && v.Size == 4:
			return appendFloat(dst, s, verb, float64(math.Float32frombits(uint32(v.Bits)))), nil
		case v.Kind == KindInt && v.Size == 8:
			return appendFloat(dst, s, verb, math.Float64frombits(v.Bits)), nil
		}
		return dst, ErrMismatch
	case rAddr, rUAddr:
		switch {
		case v.Kind == KindUSym || v.Kind == KindUAddr || v.Kind == KindUMod || v.Kind == KindInt && r == rUAddr:
			// A user address, which %a prints as %A does.
			return appendStr(dst, s, p.userAddrText(v.Pid, v.Bits)), nil
		case v.Kind == KindInt || v.Kind == KindSym || v.Kind == KindMod:
			sym, ok := p.kernel(v.Bits)
			return appendStr(dst, s, addrText(sym, ok, v.Bits)), nil
		}
		return dst, ErrMismatch
	case rStack:
		if v.Kind != KindStack && v.Kind != KindUStack {
			return dst, ErrMismatch
		}
		// A left-justified %k indents the frames by its width instead.
		indent := 0
		if s.left() {
			indent = s.absWidth()
			s.width = 0
		}
		return p.appendStack(dst, *v, indent, s), nil
	case rTime, rTime822:
		if v.Kind != KindInt {
			return dst, ErrMismatch
		}
		t := p.time(int64(v.Uint64()))
		if r == rTime {
			return appendStr(dst, s, t.Format("2006 Jan _2 15:04:05")), nil
		}
		y, _ := t.ISOWeek()
		return appendStr(dst, s, fmt.Sprintf("%s, %s %d %s", t.Format("Mon"), t.Format("02 Jan"), y, t.Format("15:04:05 MST"))), nil
	case rCStr, rEStr:
		var str string
		switch v.Kind {
		case KindString:
			str = v.Str
		case KindBytes:
			str = cstr(v.Bytes)
		default:
			return dst, ErrMismatch
		}
		if r == rEStr {
			str = Escape(str)
		} else {
			str = cstr([]byte(str))
		}
		return appendStr(dst, s, str), nil
	case rEChr:
		if v.Kind != KindInt {
			return dst, ErrMismatch
		}
		return appendStr(dst, s, Escape(string([]byte{byte(v.Bits)}))), nil
	case rWStr:
		if v.Kind != KindBytes {
			return dst, ErrMismatch
		}
		return appendStr(dst, s, wideString(v.Bytes)), nil
	}
	return dst, ErrMismatch
}

// time converts a walltimestamp in nanoseconds as ctime(3) would see it.
func (p *Printer) time(ns int64) time.Time {
	loc := p.Location
	if loc == nil {
		loc = time.Local
	}
	return time.Unix(ns/1e9, 0).In(loc)
}

// wideString decodes a little-endian wchar_t array up to its NUL; in the C
// locale only ASCII converts, so other characters show as '?'.
func wideString(b []byte) string {
	var out []byte
	for i := 0; i+4 <= len(b); i += 4 {
		r := uint32(b[i]) | uint32(b[i+1])<<8 | uint32(b[i+2])<<16 | uint32(b[i+3])<<24
		if r == 0 {
			break
		}
		if r > 0x7f {
			r = '?'
		}
		out = append(out, byte(r))
	}
	return string(out)
}
