package format

import (
	"fmt"
	"strings"
)

// Flag is a set of printf flags of one conversion.
type Flag uint16

// The flags a conversion may carry.
const (
	FlagAlt      Flag = 1 << iota // '#'
	FlagZero                      // '0'
	FlagLeft                      // '-'
	FlagPlus                      // '+'
	FlagSpace                     // ' '
	FlagGroup                     // '\'' (no effect: DTrace runs in the C locale)
	FlagAgg                       // '@': the conversion formats the aggregation value
	FlagDynWidth                  // '*' width taken from an argument
	FlagDynPrec                   // '.*' precision taken from an argument
)

// Conv is one piece of a parsed format string: literal text followed by at
// most one conversion.
type Conv struct {
	// Prefix is the literal text printed before the conversion.
	Prefix string
	// Name is DTrace's name of the conversion, with its size prefix
	// ("d", "llx", "hd", "%"); it is empty for the literal text that
	// ends a format string.
	Name  string
	Flags Flag
	Width int
	// Prec is the precision; zero means none, as in DTrace, which never
	// passes a zero precision on to printf.
	Prec int
	info *convInfo
}

// IsText reports whether c is only literal text, with no conversion.
func (c Conv) IsText() bool { return c.info == nil }

// Class returns the kind of argument the conversion accepts.
func (c Conv) Class() ArgClass {
	if c.info == nil {
		return ArgNone
	}
	return c.info.class
}

// Proto returns DTrace's description of the argument types the conversion
// accepts, as D_PRINTF_ARG_TYPE messages show it ("char, short, int, long,
// or long long" for %d); for ArgType conversions it is the C type name.
func (c Conv) Proto() string {
	if c.info == nil {
		return ""
	}
	return c.info.proto
}

// NumArgs returns how many argument values the conversion consumes: one per
// '*' and one for the value itself, except for %% and %@ conversions (the
// value of a %@ conversion is the aggregation's).
func (c Conv) NumArgs() int {
	if c.info == nil || c.info.r == rPct {
		return 0
	}
	n := 0
	if c.Flags&FlagDynWidth != 0 {
		n++
	}
	if c.Flags&FlagDynPrec != 0 {
		n++
	}
	if c.Flags&FlagAgg == 0 {
		n++
	}
	return n
}

// ParseError is a malformed format string; its message is DTrace's.
type ParseError struct {
	// Conv is the 1-based number of the offending conversion.
	Conv int
	Msg  string
}

func (e *ParseError) Error() string { return e.Msg }

// Parse parses a D format string (printf, printa, system, freopen ...)
// into its pieces, rejecting what DTrace rejects: unknown conversions,
// positional arguments, repeated '.' or '*', "%" at the end, and %% with
// flags.
func Parse(format string) ([]Conv, error) {
	var convs []Conv
	q := 0
	for {
		i := strings.IndexByte(format[q:], '%')
		if i < 0 {
			break
		}
		p := q + i
		n := len(convs) + 1
		c := Conv{Prefix: format[q:p]}
		var name []byte
		dot, digits := false, 0
		fail := func(f string, args ...any) ([]Conv, error) {
			return nil, &ParseError{Conv: n, Msg: fmt.Sprintf("format conversion #%d "+f, append([]any{n}, args...)...)}
		}
	flags:
		for {
			p++
			if p >= len(format) {
				return fail("name expected before end of format string")
			}
			ch := format[p]
			switch {
			case ch >= '0' && ch <= '9':
				if !dot && digits == 0 && ch == '0' {
					c.Flags = c.Flags&^FlagLeft | FlagZero
					continue
				}
				v := 0
				for p < len(format) && format[p] >= '0' && format[p] <= '9' {
					if v < 1<<24 {
						v = v*10 + int(format[p]-'0')
					}
					p++
				}
				p--
				if dot {
					c.Prec = v
				} else {
					c.Width = v
				}
				digits++
			case ch == '#':
				c.Flags |= FlagAlt
			case ch == '*':
				f, what := FlagDynWidth, "width"
				if dot {
					f, what = FlagDynPrec, "precision"
				}
				if c.Flags&f != 0 {
					return fail("has more than one '*' specified for the output %s", what)
				}
				c.Flags |= f
			case ch == '+':
				c.Flags |= FlagPlus
			case ch == '-':
				c.Flags = c.Flags&^FlagZero | FlagLeft
			case ch == '.':
				if dot {
					return fail("has more than one '.' specified")
				}
				dot, digits = true, 0
			case ch == '?':
				c.Width = 16
			case ch == '@':
				c.Flags |= FlagAgg
			case ch == '\'':
				c.Flags |= FlagGroup
			case ch == ' ':
				c.Flags |= FlagSpace
			case ch == '$':
				return fail("uses unsupported positional format (%%n$)")
			case ch == '%':
				if format[p-1] != '%' {
					return fail("cannot be combined with other format flags: %%%%")
				}
				name = append(name, ch)
				break flags
			case ch == 'h' || ch == 'l' || ch == 'L' || ch == 'w':
				if len(name) < 6 {
					name = append(name, ch)
				}
			default:
				name = append(name, ch)
				break flags
			}
		}
		c.Name = string(name)
		c.info = convByName[c.Name]
		if c.info == nil {
			return fail("is undefined: %%%s", c.Name)
		}
		convs = append(convs, c)
		q = p + 1
	}
	if q < len(format) || format == "" {
		convs = append(convs, Conv{Prefix: format[q:]})
	}
	return convs, nil
}
