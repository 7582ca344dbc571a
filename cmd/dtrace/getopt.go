package main

import (
	"fmt"
	"strings"
)

// optstring is dtrace(8)'s getopt option string: a letter followed by ':'
// takes an argument. -3 and -6 take "2" and "4", which is how getopt reads
// -32 and -64.
//
// -O is FreeBSD's: it prints the aggregations at exit under oformat, which
// godtrace's JSON output always does, so it is accepted and changes
// nothing. FreeBSD's --libxo FORMAT, the same as -x oformat=FORMAT, is
// read too.
const optstring = "3:6:aAb:Bc:CD:ef:FGhHi:I:lL:m:n:Oo:p:P:qs:SU:vVwx:X:Z"

// flag is one option letter given on the command line, with its argument.
type flag struct {
	letter byte
	arg    string
}

// usageError is a malformed command line; dtrace(8) prints the message and
// its usage text, and exits with status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// getopt splits the arguments after argv[0] into option letters and other
// words, as dtrace(8)'s passes over getopt(3) do: options may cluster (-qe),
// an option's argument may be attached (-sfoo.d) or be the next word, and
// options may follow the other words, which become the macro arguments.
// "--" stops option parsing for the one word after it only.
func getopt(args []string) (flags []flag, words []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			if i+1 < len(args) {
				i++
				words = append(words, args[i])
			}
			continue
		}
		if f, ok := strings.CutPrefix(a, "--libxo"); ok && (f == "" || f[0] == '=') {
			if f == "" {
				if i+1 >= len(args) {
					return nil, nil, &usageError{"option '--libxo' requires an argument"}
				}
				i++
				f = args[i]
			} else {
				f = f[1:]
			}
			flags = append(flags, flag{'x', "oformat=" + f})
			continue
		}
		if len(a) < 2 || a[0] != '-' {
			words = append(words, a)
			continue
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			k := strings.IndexByte(optstring, c)
			if c == ':' || k < 0 {
				return nil, nil, &usageError{fmt.Sprintf("invalid option -- '%c'", c)}
			}
			if k+1 >= len(optstring) || optstring[k+1] != ':' {
				flags = append(flags, flag{c, ""})
				continue
			}
			var arg string
			switch {
			case j+1 < len(a):
				arg = a[j+1:]
			case i+1 < len(args):
				i++
				arg = args[i]
			default:
				return nil, nil, &usageError{fmt.Sprintf("option requires an argument -- '%c'", c)}
			}
			if (c == '3' && arg != "2") || (c == '6' && arg != "4") {
				return nil, nil, &usageError{fmt.Sprintf("illegal option -- %c%s", c, arg)}
			}
			flags = append(flags, flag{c, arg})
			break
		}
	}
	return flags, words, nil
}
