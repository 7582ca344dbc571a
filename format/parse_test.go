package format

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		format string
		want   string // Prefix|Name|flags|width|prec per piece
	}{
		{"hello\n", "hello\n|||0|0"},
		{"", "|||0|0"},
		{"%d", "|d||0|0"},
		{"a%db", "a|d||0|0 b|||0|0"},
		{"%-08.3lld", "|lld|0|8|3"},
		{"%0-8d", "|d|-|8|0"},
		{"%+ #'x", "|x|+ #'|0|0"},
		{"%*.*s", "|s|*.*|0|0"},
		{"%@d %@u", "|d|@|0|0  |u|@|0|0"},
		{"%?p", "|p||16|0"},
		{"100%%", "100|%||0|0"},
		{"%hhd", "|hhd||0|0"},
		{"%Y %T %k %a %A %S %C", "|Y||0|0  |T||0|0  |k||0|0  |a||0|0  |A||0|0  |S||0|0  |C||0|0"},
		{"%.0d", "|d||0|0"},
	}
	for _, c := range cases {
		convs, err := Parse(c.format)
		if c.format == "%hhd" {
			// DTrace has no hh conversions: %hhd is undefined.
			if err == nil || err.Error() != "format conversion #1 is undefined: %hhd" {
				t.Errorf("Parse(%q) error = %v", c.format, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", c.format, err)
			continue
		}
		var parts []string
		for _, v := range convs {
			parts = append(parts, v.Prefix+"|"+v.Name+"|"+flagString(v.Flags)+"|"+strconv.Itoa(v.Width)+"|"+strconv.Itoa(v.Prec))
		}
		if got := strings.Join(parts, " "); got != c.want {
			t.Errorf("Parse(%q) = %q, want %q", c.format, got, c.want)
		}
	}
}

func flagString(f Flag) string {
	var s string
	for _, x := range []struct {
		f Flag
		c string
	}{{FlagZero, "0"}, {FlagLeft, "-"}, {FlagPlus, "+"}, {FlagSpace, " "}, {FlagAlt, "#"}, {FlagGroup, "'"}, {FlagAgg, "@"}, {FlagDynWidth, "*"}, {FlagDynPrec, ".*"}} {
		if f&x.f != 0 {
			s += x.c
		}
	}
	return s
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		"%":          "format conversion #1 name expected before end of format string",
		"%d %":       "format conversion #2 name expected before end of format string",
		"%r":         "format conversion #1 is undefined: %r",
		"%1$d":       "format conversion #1 uses unsupported positional format (%n$)",
		"%..d":       "format conversion #1 has more than one '.' specified",
		"%**d":       "format conversion #1 has more than one '*' specified for the output width",
		"%.**d":      "format conversion #1 has more than one '*' specified for the output precision",
		"%5%":        "format conversion #1 cannot be combined with other format flags: %%",
		"%lllld":     "format conversion #1 is undefined: %lllld",
		"%d%lq":      "format conversion #2 is undefined: %lq",
		"%hhhhhhhhd": "format conversion #1 is undefined: %hhhhhhd",
	}
	for f, want := range cases {
		_, err := Parse(f)
		var pe *ParseError
		if !errors.As(err, &pe) || err.Error() != want {
			t.Errorf("Parse(%q) error = %v, want %q", f, err, want)
		}
	}
}

func TestConvPrototypes(t *testing.T) {
	convs, err := Parse("%d%s%p%c%lld%hx%%%Y%@d%*.*f")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		proto string
		class ArgClass
		args  int
	}{
		{"char, short, int, long, or long long", ArgInteger, 1},
		{"char [] or string (or use stringof)", ArgString, 1},
		{"pointer or integer", ArgAddr, 1},
		{"char, short, or int", ArgSmallInt, 1},
		{"long long", ArgType, 1},
		{"short", ArgShortName, 1},
		{"void", ArgNone, 0},
		{"int64_t", ArgTime, 1},
		{"char, short, int, long, or long long", ArgInteger, 0},
		{"float, double, or long double", ArgFloat, 3},
	}
	if len(convs) != len(want) {
		t.Fatalf("got %d conversions, want %d", len(convs), len(want))
	}
	for i, w := range want {
		c := convs[i]
		if c.Proto() != w.proto || c.Class() != w.class || c.NumArgs() != w.args {
			t.Errorf("conversion %d (%%%s): proto %q class %v args %d, want %q %v %d", i+1, c.Name, c.Proto(), c.Class(), c.NumArgs(), w.proto, w.class, w.args)
		}
	}
}
