package output

import (
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

// aggOptions returns the aggregation sorting options that are set.
func aggOptions(o Options) *agg.Options {
	return &agg.Options{SortKey: optBool(o, "aggsortkey"), SortRev: optBool(o, "aggsortrev")}
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
