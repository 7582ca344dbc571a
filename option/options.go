package option

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Options holds the settings of one DTrace session. The zero value is not
// ready; use New.
type Options struct {
	nums   map[string]int64
	texts  map[string]string
	cpp    []string
	libdir []string
	active bool
	// ineffective are the NoEffect options set, each once, in order.
	ineffective []string
}

// New returns options with every option at its default.
func New() *Options {
	return &Options{nums: map[string]int64{}, texts: map[string]string{}}
}

// Set sets the option name as "-x name=value" does; an empty value means
// none was given, as in "-x quiet". Errors are ErrBadName, ErrBadValue and
// the others of this package, wrapped with the option name.
func (o *Options) Set(name, value string) error {
	return o.set(name, value, value != "", false)
}

// SetArg sets an option from "name" or "name=value", the argument of -x;
// "name=" gives the option an empty value, which turns a boolean off.
func (o *Options) SetArg(arg string) error {
	name, value, has := strings.Cut(arg, "=")
	return o.set(name, value, has, false)
}

// SetPragma sets an option from the argument of "#pragma D option", written
// as for SetArg. Options that configure the preprocessor or search paths
// fail with ErrBadContext, since the script is being compiled already.
func (o *Options) SetPragma(arg string) error {
	name, value, has := strings.Cut(arg, "=")
	return o.set(name, value, has, true)
}

// SetActive records that tracing has started: from then on only Dynamic
// options may change, others fail with ErrActive.
func (o *Options) SetActive() { o.active = true }

// Error is a failure to set an option: which one, and why.
type Error struct {
	Name string
	Err  error
}

func (e *Error) Error() string { return fmt.Sprintf("option %s: %v", e.Name, e.Err) }
func (e *Error) Unwrap() error { return e.Err }

func (o *Options) set(name, value string, has, pragma bool) error {
	d, ok := byName[name]
	if !ok {
		return &Error{name, ErrBadName}
	}
	// DTrace checks the value before the context, so a malformed value
	// is reported as such even from a pragma.
	if pragma && d.CommandLineOnly && has == (d.Syntax != Flag) {
		return &Error{name, ErrBadContext}
	}
	if o.active && d.Class == Runtime {
		return &Error{name, ErrActive}
	}
	set := d.set
	if set == nil {
		set = setGeneric
	}
	if err := set(o, d, value, has); err != nil {
		return &Error{name, err}
	}
	if d.NoEffect && !slices.Contains(o.ineffective, name) {
		o.ineffective = append(o.ineffective, name)
	}
	return nil
}

// Ineffective returns the options set so far that have no effect here
// (Def.NoEffect), each once, in the order they were first set: dtrace(8)
// warns of them rather than accept them silently.
func (o *Options) Ineffective() []string { return slices.Clone(o.ineffective) }

// setGeneric stores a value according to the option's syntax.
func setGeneric(o *Options, d *Def, value string, has bool) error {
	switch d.Syntax {
	case Flag:
		if has {
			return ErrBadValue
		}
		o.nums[d.Name] = 1
	case Bool:
		v, ok := parseRuntime(value, has)
		if !ok {
			return ErrBadValue
		}
		o.nums[d.Name] = v
	case Size, Rate:
		v, ok := int64(0), true
		if has {
			if d.Syntax == Size {
				v, ok = ParseSize(value)
			} else {
				v, ok = ParseRate(value)
			}
		}
		if !ok {
			return ErrBadValue
		}
		o.nums[d.Name] = v
	case Keyword:
		k := d.keyword(value)
		if !has || k == "" {
			return ErrBadValue
		}
		o.texts[d.Name] = k
	case Text:
		if !has {
			return ErrBadValue
		}
		o.texts[d.Name] = value
	}
	return nil
}

// setIgnoringValue serves options that DTrace turns on whatever value is
// given.
func setIgnoringValue(o *Options, d *Def, _ string, _ bool) error {
	o.nums[d.Name] = 1
	return nil
}

// clearFlag serves the options that undo another flag (kdefs, udefs).
func clearFlag(other string) func(*Options, *Def, string, bool) error {
	return func(o *Options, d *Def, _ string, has bool) error {
		if has {
			return ErrBadValue
		}
		delete(o.nums, other)
		return nil
	}
}

// setInt serves options that take a small integer in [lo, hi], read as
// atoi() reads it.
func setInt(lo, hi int64) func(*Options, *Def, string, bool) error {
	return func(o *Options, d *Def, value string, has bool) error {
		n := atoi(value)
		if !has || n < lo || n > hi {
			return ErrBadValue
		}
		o.nums[d.Name] = n
		return nil
	}
}

// cppOpt serves -D, -U and -I: each adds one preprocessor argument, in the
// order given.
func cppOpt(flag string) func(*Options, *Def, string, bool) error {
	return func(o *Options, d *Def, value string, has bool) error {
		if !has {
			return ErrBadValue
		}
		o.cpp = append(o.cpp, flag+value)
		return nil
	}
}

func setCppArgs(o *Options, d *Def, value string, has bool) error {
	if !has {
		return ErrBadValue
	}
	o.cpp = append(o.cpp, strings.Fields(value)...)
	return nil
}

func setCppHdrs(o *Options, d *Def, _ string, has bool) error {
	if has {
		return ErrBadValue
	}
	o.cpp = append(o.cpp, "-H")
	return nil
}

func setLibdir(o *Options, d *Def, value string, has bool) error {
	if !has {
		return ErrBadValue
	}
	o.libdir = append(o.libdir, value)
	return nil
}

// setStrsize keeps the previous size when the new one is unusable: a string
// needs room for DTrace's two-byte NULL-string marker, and sizes are 32-bit.
func setStrsize(o *Options, d *Def, value string, has bool) error {
	v := int64(0)
	if has {
		var ok bool
		if v, ok = ParseSize(value); !ok {
			return ErrBadValue
		}
	}
	switch {
	case v < 2:
		return ErrBadValue
	case v > math.MaxUint32:
		return ErrOverflow
	}
	o.nums[d.Name] = v
	return nil
}

// setLockmem accepts "unlimited"; like DTrace it ignores a value it cannot
// read rather than failing.
func setLockmem(o *Options, d *Def, value string, has bool) error {
	if !has {
		return ErrBadValue
	}
	if value == "unlimited" {
		o.nums[d.Name] = math.MaxInt64
	} else if v, ok := ParseSize(value); ok {
		o.nums[d.Name] = v
	}
	return nil
}

// setRounded serves sizes that are rounded up to a multiple of align, and
// that fall back to def when absent or outside [lo, hi].
func setRounded(align, lo, hi, def int64) func(*Options, *Def, string, bool) error {
	return func(o *Options, d *Def, value string, has bool) error {
		v := def
		if has {
			n, ok := ParseSize(value)
			if !ok {
				return ErrBadValue
			}
			if n >= lo && n <= hi {
				v = n
			}
		}
		o.nums[d.Name] = (v + align - 1) / align * align
		return nil
	}
}

// setScratchsize adds room for the scratch area's own 8-byte header.
func setScratchsize(o *Options, d *Def, value string, has bool) error {
	v := int64(0)
	if has {
		var ok bool
		if v, ok = ParseSize(value); !ok || v > math.MaxInt64-16 {
			return ErrBadValue
		}
	}
	if v > 0 {
		v = (v + 8 + 7) / 8 * 8
	}
	o.nums[d.Name] = v
	return nil
}

func setPreallocate(o *Options, d *Def, value string, has bool) error {
	if !has {
		return ErrBadValue
	}
	if _, ok := ParseSize(value); !ok {
		return ErrBadValue
	}
	return nil
}

// stabilities and classes are the words of a stability attribute
// "names/data/class" (amin).
var (
	stabilities = []string{"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard"}
	classes     = []string{"Unknown", "CPU", "Platform", "Group", "ISA", "Common"}
)

func setAttr(o *Options, d *Def, value string, has bool) error {
	parts := strings.Split(value, "/")
	if !has || len(parts) != 3 || !fold(stabilities, parts[0]) || !fold(stabilities, parts[1]) || !fold(classes, parts[2]) {
		return ErrBadValue
	}
	o.texts[d.Name] = value
	return nil
}

func fold(words []string, w string) bool {
	for _, x := range words {
		if strings.EqualFold(x, w) {
			return true
		}
	}
	return false
}

// versions are the D language versions DTrace defines.
var versions = []string{
	"1.0", "1.1", "1.2", "1.2.1", "1.2.2", "1.3", "1.4", "1.4.1", "1.4.2", "1.5",
	"1.6", "1.6.1", "1.6.2", "1.6.3", "1.6.4", "2.0",
}

func setVersion(o *Options, d *Def, value string, has bool) error {
	if !has {
		return ErrBadValue
	}
	parts := strings.Split(value, ".")
	if len(parts) < 2 || len(parts) > 3 {
		return ErrBadVersion
	}
	canon := make([]string, 0, 3)
	for i, p := range parts {
		n, ok := number(p)
		if !ok || strings.HasPrefix(p, "0x") || (len(p) > 1 && p[0] == '0') {
			return ErrBadVersion
		}
		if i < 2 || n != 0 {
			canon = append(canon, fmt.Sprint(n))
		}
	}
	v := strings.Join(canon, ".")
	for _, known := range versions {
		if v == known {
			o.texts[d.Name] = v
			return nil
		}
	}
	return ErrNoVersion
}

// Value returns a numeric option's value and whether it is set (a default
// counts as set). Flags read 1 when set.
func (o *Options) Value(name string) (int64, bool) {
	if v, ok := o.nums[name]; ok {
		return v, v != Unset
	}
	d, ok := byName[name]
	if !ok || d.Syntax == Flag {
		return Unset, false
	}
	return d.Default, d.Default != Unset
}

// Bool reports whether a flag or boolean option is on.
func (o *Options) Bool(name string) bool {
	_, on := o.Value(name)
	return on
}

// Text returns the value of a Text or Keyword option, "" when unset.
func (o *Options) Text(name string) string { return o.texts[name] }

// CppArgs returns the preprocessor arguments that -D, -U, -I, -H, and the
// define, undef, incdir, cpphdrs and cppargs options gave, in their order.
func (o *Options) CppArgs() []string { return append([]string(nil), o.cpp...) }

// Libdirs returns the D library directories that -L and libdir gave.
func (o *Options) Libdirs() []string { return append([]string(nil), o.libdir...) }

// setOformat takes FreeBSD's oformat values, which it hands to libxo: the
// style, then libxo's modifiers after commas (json,pretty). The style
// chooses the output; the modifiers do not apply to JSON lines and are
// ignored.
// xml and html, libxo's other styles, are refused when set: there is no
// writer for them, and refusing now beats tracing nothing after the probes
// matched.
func setOformat(o *Options, d *Def, value string, has bool) error {
	style, _, _ := strings.Cut(value, ",")
	return setRefusing(o, d, style, has, "xml", "html")
}

// setLinktype refuses dof: dtrace -G writes ELF objects only.
func setLinktype(o *Options, d *Def, value string, has bool) error {
	return setRefusing(o, d, value, has, "dof")
}

// setRefusing stores a keyword as setGeneric does, except the keywords
// refused, which DTrace knows and this port cannot honour: ErrNotSupported
// rather than ErrBadValue, so the message says why.
func setRefusing(o *Options, d *Def, value string, has bool, refused ...string) error {
	if has && slices.Contains(refused, d.keyword(value)) {
		return ErrNotSupported
	}
	return setGeneric(o, d, value, has)
}

// setExporterLabels adds "agg:name,name..." items, separated by ';', to
// those given before, so that each aggregation's key names may be given
// by an option or pragma of its own; Text returns them all, joined by
// ';'. Names are identifiers; agg is one too, or empty for @.
func setExporterLabels(o *Options, d *Def, value string, has bool) error {
	if !has || value == "" {
		return ErrBadValue
	}
	for item := range strings.SplitSeq(value, ";") {
		agg, names, ok := strings.Cut(item, ":")
		if !ok || agg != "" && !isIdent(agg) {
			return ErrBadValue
		}
		for n := range strings.SplitSeq(names, ",") {
			if !isIdent(n) {
				return ErrBadValue
			}
		}
	}
	if old := o.texts[d.Name]; old != "" {
		value = old + ";" + value
	}
	o.texts[d.Name] = value
	return nil
}

// isIdent reports whether s is a D (and Prometheus label) identifier.
func isIdent(s string) bool {
	for i, r := range s {
		switch {
		case r == '_', 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z':
		case i > 0 && '0' <= r && r <= '9':
		default:
			return false
		}
	}
	return s != ""
}
