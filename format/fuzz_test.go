package format

import (
	"strings"
	"testing"
)

// FuzzParse checks that no format string makes Parse or the printf engine
// panic, and that text without conversions prints as itself.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"%d", "%-08.3lld|%s", "%*.*d", "%@d", "100%%", "%Y %T %k", "%1$d", "%.*s%c%e%#x", "plain text", "%?p %A %a %S %C %ls"} {
		f.Add(s)
	}
	args := []Value{Int(-42, 4), String("str\x01"), Uint(1<<63, 8), Int(7, 1), Float(2.5), Bytes([]byte("ab\x00c")), {Kind: KindStack, Frames: []uint64{1, 2, 0}}}
	p := NewPrinter()
	f.Fuzz(func(t *testing.T, s string) {
		convs, err := Parse(s)
		if err != nil {
			return
		}
		for i := range args {
			out, _ := p.Append(nil, convs, args[i:], args[:i+1])
			if !strings.Contains(s, "%") && string(out) != s {
				t.Fatalf("text %q printed as %q", s, out)
			}
		}
	})
}
