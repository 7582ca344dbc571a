package uelf

import (
	"debug/elf"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
)

// ProbeFuncs returns the functions a pid probe description's function
// field names, as DTrace's dt_pid.c chooses them. A pattern matches each
// function once: of the names that share its address and size (mmap and
// mmap64, memcpy and memcpy@@GLIBC_2.14), the first in libproc's order
// (see byAddrLess) that matches; versioned names (with @), names a
// compiler made (with ., foo.cold) and functions of size 0 are passed
// over. A name without pattern characters is the function of that name,
// under the name libproc gives its address (AddrName), as dt_pid.c
// renames it: mmap64 is probed as mmap. The result is sorted by name.
func (f *File) ProbeFuncs(pattern string) ([]Symbol, error) {
	if _, err := path.Match(pattern, ""); err != nil {
		return nil, fmt.Errorf("uelf: bad pattern %q: %w", pattern, err)
	}
	if !strings.ContainsAny(pattern, "*?[\\") {
		if s, ok := f.Func(pattern); ok {
			s.Name = f.AddrName(s)
			return []Symbol{s}, nil
		}
		return nil, nil
	}
	var funcs []Symbol
	for _, s := range f.syms {
		if s.IsFunc() && s.Size > 0 {
			funcs = append(funcs, s)
		}
	}
	sort.SliceStable(funcs, func(i, j int) bool { return byAddrLess(&funcs[i], &funcs[j]) })
	var out []Symbol
	var last *Symbol
	for i := range funcs {
		s := &funcs[i]
		if last != nil && s.Value == last.Value && s.Size == last.Size {
			continue // an alias of the function just taken
		}
		if strings.ContainsAny(s.Name, "@.") {
			continue
		}
		last = nil
		if ok, _ := path.Match(pattern, s.Name); ok {
			last = s
			out = append(out, *s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// AddrName is the name libproc's lookup by address (Plookup_by_addr)
// gives function s: of the symbols that start at its address and have a
// size, code first, then the first in libproc's order (byAddrLess),
// versioned names included.
func (f *File) AddrName(s Symbol) string {
	best := s
	for i := range f.syms {
		c := &f.syms[i]
		if c.Value != s.Value || c.Size == 0 {
			continue
		}
		if cf, bf := c.IsFunc(), best.IsFunc(); cf != bf {
			if cf {
				best = *c
			}
			continue
		}
		if byAddrLess(c, &best) {
			best = *c
		}
	}
	return best.Name
}

// Aliases returns the names of the functions that start where s starts
// and have a size, s's own included, sorted.
func (f *File) Aliases(s Symbol) []string {
	var out []string
	for i := range f.syms {
		if c := &f.syms[i]; c.Value == s.Value && c.Size > 0 && c.IsFunc() && !slices.Contains(out, c.Name) {
			out = append(out, c.Name)
		}
	}
	sort.Strings(out)
	return out
}

// byAddrLess orders symbols as libproc's by-address table does (its
// byaddr_cmp): by address; at one address, global or weak before local,
// a name not starting with '$' first, then the one with fewer leading
// underscores, the smaller, and the lesser name.
func byAddrLess(a, b *Symbol) bool {
	if a.Value != b.Value {
		return a.Value < b.Value
	}
	if al, bl := a.Bind == elf.STB_LOCAL, b.Bind == elf.STB_LOCAL; al != bl {
		return bl
	}
	if ad, bd := strings.HasPrefix(a.Name, "$"), strings.HasPrefix(b.Name, "$"); ad != bd {
		return bd
	}
	an, bn := a.Name, b.Name
	for strings.HasPrefix(an, "_") && strings.HasPrefix(bn, "_") {
		an, bn = an[1:], bn[1:]
	}
	if au, bu := strings.HasPrefix(an, "_"), strings.HasPrefix(bn, "_"); au != bu {
		return bu
	}
	if a.Size != b.Size {
		return a.Size < b.Size
	}
	return an < bn
}
