package output

import (
	"math"
	"os"
	"strings"

	"github.com/godtrace/godtrace/agg"
)

// Options is the part of the option catalogue the writers read, satisfied
// by *option.Options; nil means every option at its default.
type Options interface {
	Value(name string) (int64, bool)
	Bool(name string) bool
	Text(name string) string
}

func optBool(o Options, name string) bool { return o != nil && o.Bool(name) }

// printSize is the printsize option: the bytes of a value print() shows,
// DTrace's 8192 unless set.
func printSize(o Options) int {
	if o != nil {
		if v, ok := o.Value("printsize"); ok && v > 0 && v <= math.MaxInt32 {
			return int(v)
		}
	}
	return 8192
}

// aggOptions returns the aggregation options that are set (see
// readAggOptions).
func aggOptions(o Options) *agg.Options {
	ao := &agg.Options{}
	readAggOptions(ao, o)
	return ao
}

// readAggOptions sets in ao the aggregation options o has: the sort
// orders, the agghist, aggpack and aggzoom layouts, aggpercpu, and the
// characters distributions are drawn with.
func readAggOptions(ao *agg.Options, o Options) {
	pos := func(name string) int {
		if o == nil {
			return 0
		}
		if v, ok := o.Value(name); ok && v > 0 && v <= math.MaxInt32 {
			return int(v)
		}
		return 0
	}
	ao.SortKey, ao.SortRev = optBool(o, "aggsortkey"), optBool(o, "aggsortrev")
	ao.SortPos, ao.SortKeyPos = pos("aggsortpos"), pos("aggsortkeypos")
	ao.Zoom, ao.Hist, ao.Pack = optBool(o, "aggzoom"), optBool(o, "agghist"), optBool(o, "aggpack")
	ao.PerCPU = optBool(o, "aggpercpu")
	enc := optText(o, "encoding")
	ao.UTF8 = enc == "utf8"
	// As DTrace, aggpack draws with block elements unless told not to or
	// on a terminal known not to show them.
	if enc != "" {
		ao.PackUTF8 = ao.UTF8
	} else {
		term := os.Getenv("TERM")
		ao.PackUTF8 = term != "sun" && term != "sun-color" && term != "dumb"
	}
}

// optionSetter is satisfied by option sets that setopt() can change
// while tracing (*option.Options).
type optionSetter interface {
	SetArg(arg string) error
}

// applySetopt applies setopt(text) to o as DTrace does, and reports
// whether o took it: an option given without a value is set to 1, and a
// value the option does not take is ignored. The writer then reads the
// options again; with options it cannot set, it falls back on setopt.
func applySetopt(o Options, text string) bool {
	set, ok := o.(optionSetter)
	if !ok {
		return false
	}
	if !strings.Contains(text, "=") {
		text += "=1"
	}
	return set.SetArg(text) == nil
}

// setopt parses setopt()'s argument: the option's name, and whether the
// value turns it on.
func setopt(text string) (name string, on bool) {
	name, value, _ := strings.Cut(text, "=")
	switch value {
	case "0", "no", "false", "off", "unset", "disable", "disabled":
		return name, false
	}
	return name, true
}

// setAggOption applies a setopt() of an aggregation sorting option to ao,
// and reports whether it was one.
func setAggOption(ao *agg.Options, name string, on bool) bool {
	switch name {
	case "aggsortkey":
		ao.SortKey = on
	case "aggsortrev":
		ao.SortRev = on
	default:
		return false
	}
	return true
}

func optText(o Options, name string) string {
	if o == nil {
		return ""
	}
	return o.Text(name)
}
