package main

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestGetopt(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		flags string // letter=arg, space separated
		words []string
		err   string
	}{
		{args: []string{"-qe"}, flags: "q= e="},
		{args: []string{"-qs", "a.d"}, flags: "q= s=a.d"},
		{args: []string{"-sa.d", "-q"}, flags: "s=a.d q="},
		{args: []string{"-s", "a.d", "17", "word"}, flags: "s=a.d", words: []string{"17", "word"}},
		{args: []string{"-s", "a.d", "17", "-c", "/bin/echo hi", "x"}, flags: "s=a.d c=/bin/echo hi", words: []string{"17", "x"}},
		{args: []string{"-n", "BEGIN", "-P", "syscall", "-s", "x.d", "-m", "vmlinux", "-f", "read", "-i", "12"},
			flags: "n=BEGIN P=syscall s=x.d m=vmlinux f=read i=12"},
		{args: []string{"-xquiet", "-x", "bufsize=4m", "-xswitchrate=10hz"}, flags: "x=quiet x=bufsize=4m x=switchrate=10hz"},
		{args: []string{"-32", "-64"}, flags: "3=2 6=4"},
		{args: []string{"-wqn", "BEGIN{exit(0)}"}, flags: "w= q= n=BEGIN{exit(0)}"},
		{args: []string{"-", "--", "-q", "-e"}, flags: "e=", words: []string{"-", "-q"}},
		{args: []string{"-aAB"}, flags: "a= A= B="},
		{args: []string{"-CDFOO=1", "-UBAR", "-I/inc", "-H", "-Xa"}, flags: "C= D=FOO=1 U=BAR I=/inc H= X=a"},
		// FreeBSD's structured output options.
		{args: []string{"-On", "BEGIN", "--libxo", "json,pretty"}, flags: "O= n=BEGIN x=oformat=json,pretty"},
		{args: []string{"--libxo=json", "-q"}, flags: "x=oformat=json q="},
		{args: []string{"--libxo"}, err: "option '--libxo' requires an argument"},
		{args: []string{"-k"}, err: "invalid option -- 'k'"},
		{args: []string{"-q:"}, err: "invalid option -- ':'"},
		{args: []string{"-s"}, err: "option requires an argument -- 's'"},
		{args: []string{"-q", "-x"}, err: "option requires an argument -- 'x'"},
		{args: []string{"-33"}, err: "illegal option -- 33"},
		{args: []string{"-6", "5"}, err: "illegal option -- 65"},
	} {
		flags, words, err := getopt(tc.args)
		if tc.err != "" || err != nil {
			if err == nil || err.Error() != tc.err {
				t.Errorf("getopt(%q) error %v; want %q", tc.args, err, tc.err)
			}
			continue
		}
		var got []string
		for _, f := range flags {
			got = append(got, fmt.Sprintf("%c=%s", f.letter, f.arg))
		}
		if g := fmt.Sprint(got); g != fmt.Sprint(splitFlags(tc.flags)) {
			t.Errorf("getopt(%q) flags %s; want %s", tc.args, g, splitFlags(tc.flags))
		}
		if !slices.Equal(words, tc.words) {
			t.Errorf("getopt(%q) words %q; want %q", tc.args, words, tc.words)
		}
	}
}

// splitFlags splits "a=x b=y" on the spaces before a letter and '='.
func splitFlags(s string) []string {
	var out []string
	start := 0
	for i := 1; i+2 < len(s); i++ {
		if s[i] == ' ' && s[i+2] == '=' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func FuzzMain(f *testing.F) {
	for _, s := range []string{"-qe", "-x\x00bufsize=4m", "-s", "-32\x00-e", "--\x00-q", "-lV", "-b\x00\x00-e"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		args := strings.Split(s, "\x00")
		for _, a := range args {
			// Scripts and output files the fuzzer names are not for it to
			// read or create.
			if strings.ContainsAny(a, "so") {
				return
			}
		}
		var out, errb bytes.Buffer
		if status := Main(append([]string{"dtrace"}, args...), &out, &errb); status < 0 || status > 2 {
			t.Errorf("status %d", status)
		}
	})
}
