package ksym

import (
	"bufio"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
)

// BuiltinRanges is a parsed modules.builtin.ranges: for each ELF section of
// vmlinux, the offset ranges that hold built-in modules' code or data.
type BuiltinRanges struct {
	Sections []RangeSection
}

// RangeSection is one section of modules.builtin.ranges. Offsets are from
// the section's base, which at run time is the anchor symbol's address
// minus AnchorOff.
type RangeSection struct {
	Name      string // ELF section, e.g. ".text"
	Anchor    string // symbol whose running address fixes the base, e.g. "_text"
	AnchorOff uint64
	Ranges    []Range
}

// Range is an offset range [Start, End) of a section and the built-in
// modules it belongs to (shared objects belong to several).
type Range struct {
	Start, End uint64
	Modules    []string
}

// ParseBuiltinRanges parses modules.builtin.ranges as the kernel's
// scripts/generate_builtin_ranges.awk writes it. Each line is
//
//	SECTION START-END = ANCHOR
//	SECTION START-END MODULE [MODULE...]
//
// with START and END as hexadecimal offsets (END exclusive). The first form,
// with START equal to END, names the section's anchor; the second lists,
// in ascending order, the ranges of one or more modules.
func ParseBuiltinRanges(r io.Reader) (*BuiltinRanges, error) {
	br := &BuiltinRanges{}
	index := map[string]int{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for lineno := 1; sc.Scan(); lineno++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		if len(f) < 3 {
			return nil, fmt.Errorf("ksym: modules.builtin.ranges line %d: want SECTION START-END MODULE...", lineno)
		}
		lo, hi, ok := strings.Cut(f[1], "-")
		start, err1 := strconv.ParseUint(lo, 16, 64)
		end, err2 := strconv.ParseUint(hi, 16, 64)
		if !ok || err1 != nil || err2 != nil || end < start {
			return nil, fmt.Errorf("ksym: modules.builtin.ranges line %d: bad range %q", lineno, f[1])
		}
		i, seen := index[f[0]]
		if !seen {
			i = len(br.Sections)
			index[f[0]] = i
			br.Sections = append(br.Sections, RangeSection{Name: f[0]})
		}
		sec := &br.Sections[i]
		if f[2] == "=" {
			if len(f) != 4 || sec.Anchor != "" {
				return nil, fmt.Errorf("ksym: modules.builtin.ranges line %d: bad anchor for section %s", lineno, f[0])
			}
			sec.Anchor, sec.AnchorOff = f[3], start
			continue
		}
		if n := len(sec.Ranges); n > 0 && start < sec.Ranges[n-1].End {
			return nil, fmt.Errorf("ksym: modules.builtin.ranges line %d: range %q overlaps the previous one", lineno, f[1])
		}
		sec.Ranges = append(sec.Ranges, Range{Start: start, End: end, Modules: f[2:]})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ksym: reading modules.builtin.ranges: %w", err)
	}
	for _, sec := range br.Sections {
		if sec.Anchor == "" && len(sec.Ranges) > 0 {
			return nil, fmt.Errorf("ksym: modules.builtin.ranges: section %s has no anchor", sec.Name)
		}
	}
	return br, nil
}

// ParseModulesBuiltin parses modules.builtin, one path a line
// ("kernel/fs/ext4/ext4.ko"), into module names ("ext4"). As modprobe does,
// a module's name is its file's base name without .ko, with - read as _.
func ParseModulesBuiltin(r io.Reader) ([]string, error) {
	var names []string
	sc := bufio.NewScanner(r)
	for lineno := 1; sc.Scan(); lineno++ {
		p := strings.TrimSpace(sc.Text())
		if p == "" {
			continue
		}
		name, ok := strings.CutSuffix(path.Base(p), ".ko")
		if !ok || name == "" || strings.ContainsAny(p, " \t") {
			return nil, fmt.Errorf("ksym: modules.builtin line %d: %q is not a module path", lineno, p)
		}
		names = append(names, ModuleName(name))
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ksym: reading modules.builtin: %w", err)
	}
	return names, nil
}

// ModuleName is the canonical name of a module: - and _ are the same in
// module names, and the kernel shows _.
func ModuleName(s string) string { return strings.ReplaceAll(s, "-", "_") }
