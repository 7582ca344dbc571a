package ksym

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ErrAddressesHidden reports a kallsyms whose addresses all read as zero:
// the reader lacks the privilege kernel.kptr_restrict asks for. A table
// built from it would be bogus, so none is built.
var ErrAddressesHidden = errors.New("ksym: kallsyms addresses are hidden (kptr_restrict)")

// ParseKallsyms parses /proc/kallsyms: lines of "ADDR TYPE NAME", followed
// for a loadable module by a tab and "[MODULE]". It returns
// ErrAddressesHidden when every address is zero.
func ParseKallsyms(r io.Reader) ([]Entry, error) {
	es, err := parseNM(r, "kallsyms", true)
	if err != nil {
		return nil, err
	}
	for _, e := range es {
		if e.Addr != 0 {
			return es, nil
		}
	}
	if len(es) > 0 {
		return nil, ErrAddressesHidden
	}
	return es, nil
}

// ParseSystemMap parses a System.map: lines of "ADDR TYPE NAME", as nm(1)
// prints them, with link-time addresses.
func ParseSystemMap(r io.Reader) ([]Entry, error) {
	return parseNM(r, "System.map", false)
}

// parseNM parses nm-style lines. The whole input is read into one string
// and names are substrings of it, so parsing allocates per file, not per
// symbol.
func parseNM(r io.Reader, what string, modules bool) ([]Entry, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("ksym: reading %s: %w", what, err)
	}
	s := string(b)
	es := make([]Entry, 0, strings.Count(s, "\n")+1)
	for lineno := 1; len(s) > 0; lineno++ {
		var line string
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			line, s = s[:i], s[i+1:]
		} else {
			line, s = s, ""
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		e, err := parseNMLine(line, modules)
		if err != nil {
			return nil, fmt.Errorf("ksym: %s line %d: %w", what, lineno, err)
		}
		es = append(es, e)
	}
	return es, nil
}

var errSyntax = errors.New("want ADDR TYPE NAME")

func parseNMLine(line string, modules bool) (Entry, error) {
	var e Entry
	addr, rest, ok := cutField(line)
	if !ok {
		return e, errSyntax
	}
	typ, rest, ok := cutField(rest)
	if !ok || len(typ) != 1 {
		return e, errSyntax
	}
	name, rest, _ := cutField(rest)
	if name == "" {
		return e, errSyntax
	}
	a, err := strconv.ParseUint(addr, 16, 64)
	if err != nil {
		return e, fmt.Errorf("address %q: %w", addr, strconv.ErrSyntax)
	}
	e.Addr, e.Type, e.Name = a, typ[0], name
	mod, rest, _ := cutField(rest)
	if mod != "" {
		if !modules || len(mod) < 3 || mod[0] != '[' || mod[len(mod)-1] != ']' {
			return e, fmt.Errorf("unexpected %q after the name", mod)
		}
		e.Module = mod[1 : len(mod)-1]
	}
	if extra, _, _ := cutField(rest); extra != "" {
		return e, fmt.Errorf("unexpected %q at the end of the line", extra)
	}
	return e, nil
}

// cutField returns the first blank-separated field of s and what follows.
func cutField(s string) (field, rest string, ok bool) {
	i := 0
	for i < len(s) && isBlank(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !isBlank(s[j]) {
		j++
	}
	return s[i:j], s[j:], j > i
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }
