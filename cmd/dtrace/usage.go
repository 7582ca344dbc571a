package main

import (
	"fmt"
	"io"
	"strings"
)

// usage writes dtrace(8)'s usage text, laid out as Oracle's DTrace lays it
// out so that scripts and people comparing the two see the same thing.
func usage(w io.Writer, pname string) {
	const clause = "[[ predicate ] action ]"
	var b strings.Builder
	fmt.Fprintf(&b, "Usage: %s [-32|-64] [-CeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n", pname)
	b.WriteString("\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n")
	b.WriteString("\t[-x opt[=val]] [-X a|c|s|t]\n\n")
	for _, form := range []string{
		"-P provider",
		"-m [ provider: ] module",
		"-f [[ provider: ] module: ] func",
		"-n [[[ provider: ] module: ] func: ] name",
	} {
		fmt.Fprintf(&b, "\t[%s %s]\n", form, clause)
	}
	fmt.Fprintf(&b, "\t[-i probe-id %s] [ args ... ]\n\n", clause)
	b.WriteString("\tpredicate -> '/' D-expression '/'\n")
	b.WriteString("\t   action -> '{' D-statements '}'\n\n")
	b.WriteString("\t-32 generate 32-bit D programs and ELF files\n")
	b.WriteString("\t-64 generate 64-bit D programs and ELF files\n\n")
	for _, o := range [][2]string{
		{"b", "set trace buffer size"},
		{"c", "run specified command and exit upon its completion"},
		{"C", "run cpp(1) preprocessor on script files"},
		{"D", "define symbol when invoking preprocessor"},
		{"e", "exit after compiling request but prior to enabling probes"},
		{"f", "enable or list probes matching the specified function name"},
		{"F", "coalesce trace output by function"},
		{"G", "generate an ELF file containing embedded dtrace program"},
		{"h", "generate a header file with definitions for static probes"},
		{"H", "print included files when invoking preprocessor"},
		{"i", "enable or list probes matching the specified probe id"},
		{"I", "add include directory to preprocessor search path"},
		{"l", "list probes matching specified criteria"},
		{"L", "add library directory to library search path"},
		{"m", "enable or list probes matching the specified module name"},
		{"n", "enable or list probes matching the specified probe name"},
		{"o", "set output file"},
		{"p", "grab specified process-ID and cache its symbol tables"},
		{"P", "enable or list probes matching the specified provider name"},
		{"q", "set quiet mode (only output explicitly traced data)"},
		{"s", "enable or list probes according to the specified D script"},
		{"S", "print D compiler intermediate code"},
		{"U", "undefine symbol when invoking preprocessor"},
		{"v", "set verbose mode (report stability attributes, arguments)"},
		{"V", "report DTrace API version"},
		{"w", "permit destructive actions"},
		{"x", "enable or modify compiler and tracing options"},
		{"X", "specify ISO C conformance settings for preprocessor"},
		{"Z", "permit probe descriptions that match zero probes"},
	} {
		fmt.Fprintf(&b, "\t-%s  %s\n", o[0], o[1])
	}
	io.WriteString(w, b.String())
}
