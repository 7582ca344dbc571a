package ksym

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Symbol is one kernel symbol of a Table.
type Symbol struct {
	Addr uint64
	// Size is the size in bytes: real (from vmlinux) or inferred; 0 when
	// neither, and then the symbol covers no address.
	Size uint64
	Type byte
	Name string
	// Module is the module DTrace names the symbol by: "vmlinux" for the
	// core kernel, else the (first) module.
	Module string
	// Modules are all the modules of a symbol of built-in code shared by
	// several modules; nil for the core kernel.
	Modules []string
	Kind    ModuleKind
}

// CoreName is the name DTrace gives the core kernel's module.
const CoreName = "vmlinux"

// Table is the kernel's symbols, sorted by address, with their sizes and
// modules. It is read-only after Build and safe for concurrent use.
type Table struct {
	syms   []sym
	strtab string
	mods   []modSet // mods[0] is the core kernel

	// The address map: segment i covers [segStart[i], segStart[i+1]) and
	// belongs to symbol segs[i].sym (-1: none) in module set segs[i].mod
	// (noMod: none). The last segment is always a gap.
	segStart []uint64
	segs     []segment
	// sparse holds every sparseStep'th segStart: a search of it stays in
	// cache and narrows the search of segStart to one block.
	sparse []uint64

	modules []Module

	nameOnce sync.Once
	byName   []int32 // symbol indices sorted by name, then address
}

// sym is the compact form of a symbol: 24 bytes, its name in strtab.
type sym struct {
	addr uint64
	size uint32 // no kernel symbol is 4 GiB; larger sizes are clamped
	name uint32
	nlen uint16
	mod  uint16 // index in Table.mods
	typ  byte
}

type segment struct {
	sym int32
	mod uint16
}

// modSet is one module, or the several modules that share built-in code.
type modSet struct {
	names []string
	kind  ModuleKind
}

const (
	noMod   = ^uint16(0)
	maxSize = 1<<32 - 1
)

// Sources are the inputs Build combines; any may be empty.
type Sources struct {
	// Kallsyms are the running symbols (ParseKallsyms): their addresses
	// are the truth, and the only source of loadable modules' symbols.
	Kallsyms []Entry
	// SystemMap (ParseSystemMap) and VMLinux (ReadELFSymbols) have
	// link-time addresses, relocated by the KASLR offset. They add the
	// symbols kallsyms lacks (data, without CONFIG_KALLSYMS_ALL); VMLinux
	// also gives the sizes.
	SystemMap []Entry
	VMLinux   []Entry
	// Ranges (ParseBuiltinRanges) assign built-in code to modules.
	Ranges *BuiltinRanges
	// Builtin are the built-in modules' names (ParseModulesBuiltin).
	Builtin []string
	// Modules are the loaded and built-in modules (MergeModules).
	Modules []Module
}

// Build combines the sources into a Table.
func Build(src *Sources) (*Table, error) {
	b := builder{t: &Table{}, modIdx: map[string]uint16{}}
	b.t.mods = []modSet{{names: []string{CoreName}, kind: Core}}
	if err := b.addSymbols(src); err != nil {
		return nil, err
	}
	if err := b.assignBuiltin(src.Ranges); err != nil {
		return nil, err
	}
	b.sortAndSize(src.Modules)
	b.t.strtab = b.str.String()
	b.t.modules = b.moduleList(src)
	b.t.buildSegments()
	return b.t, nil
}

type builder struct {
	t      *Table
	str    strings.Builder
	modIdx map[string]uint16 // module set key → index in t.mods
	mods   []uint16          // per symbol, while sorting: module set
	es     []Entry           // merged entries, parallel to mods
}

// relocation returns what to add to link-time addresses to get running
// ones: the KASLR offset, seen in the address of _text (or _stext).
func relocation(running, linked []Entry) uint64 {
	for _, anchor := range []string{"_text", "_stext"} {
		r, ok1 := findCore(running, anchor)
		l, ok2 := findCore(linked, anchor)
		if ok1 && ok2 {
			return r - l
		}
	}
	return 0
}

func findCore(es []Entry, name string) (uint64, bool) {
	for _, e := range es {
		if e.Name == name && e.Module == "" {
			return e.Addr, true
		}
	}
	return 0, false
}

type symKey struct {
	addr uint64
	name string
}

func (b *builder) addSymbols(src *Sources) error {
	base := src.Kallsyms
	if len(base) == 0 {
		// No running addresses: the link-time ones are all there is.
		base = src.SystemMap
		if len(base) == 0 {
			base = src.VMLinux
		}
	}
	type source struct {
		what string
		es   []Entry
	}
	var linked []source
	for _, l := range []source{{"System.map", src.SystemMap}, {"vmlinux", src.VMLinux}} {
		if len(l.es) > 0 && &l.es[0] != &base[0] {
			linked = append(linked, l)
		}
	}
	b.es = base
	if len(linked) > 0 {
		b.es = slices.Clip(slices.Clone(base))
		seen := make(map[symKey]int, len(base)+len(linked[0].es))
		for i, e := range b.es {
			seen[symKey{e.Addr, e.Name}] = i
		}
		core := 0
		for _, e := range base {
			if e.Module == "" {
				core++
			}
		}
		for _, l := range linked {
			off := relocation(base, l.es)
			matched := 0
			for _, e := range l.es {
				if e.Type|0x20 != 'a' {
					e.Addr += off
				}
				k := symKey{e.Addr, e.Name}
				if i, ok := seen[k]; ok && b.es[i].Module == e.Module {
					matched++
					if e.Sized && !b.es[i].Sized {
						b.es[i].Size, b.es[i].Sized = e.Size, true
					}
					continue
				}
				seen[k] = len(b.es)
				b.es = append(b.es, e)
			}
			// A System.map or vmlinux of another build would give wrong
			// sizes and symbols: most running symbols must be in it, at
			// their running addresses.
			if len(src.Kallsyms) > 0 && matched*2 < core {
				return fmt.Errorf("ksym: %s does not match the running kernel: %d of %d kallsyms symbols found in it",
					l.what, matched, core)
			}
		}
	}
	b.mods = make([]uint16, len(b.es))
	last, lastMod := "", uint16(0)
	for i, e := range b.es {
		if e.Module == "" {
			continue
		}
		if e.Module != last {
			// A module's symbols come together: intern once per run.
			m, err := b.modSet([]string{e.Module}, Loadable)
			if err != nil {
				return err
			}
			last, lastMod = e.Module, m
		}
		b.mods[i] = lastMod
	}
	return nil
}

// modSet interns a module set.
func (b *builder) modSet(names []string, kind ModuleKind) (uint16, error) {
	key := strings.Join(names, " ")
	if kind == Loadable {
		key = "[" + key // a loadable and a built-in module may share a name
	}
	if i, ok := b.modIdx[key]; ok {
		return i, nil
	}
	if len(b.t.mods) >= int(noMod) {
		return 0, fmt.Errorf("ksym: more than %d module sets", noMod-1)
	}
	i := uint16(len(b.t.mods))
	b.t.mods = append(b.t.mods, modSet{names: slices.Clone(names), kind: kind})
	b.modIdx[key] = i
	return i, nil
}

// assignBuiltin gives the core kernel's symbols that fall in a built-in
// module's range that module.
func (b *builder) assignBuiltin(br *BuiltinRanges) error {
	if br == nil {
		return nil
	}
	type absRange struct {
		start, end uint64
		mod        uint16
	}
	var rs []absRange
	for _, sec := range br.Sections {
		anchor, ok := findCore(b.es, sec.Anchor)
		if !ok {
			continue // the section's anchor is not listed (no KALLSYMS_ALL)
		}
		base := anchor - sec.AnchorOff
		for _, r := range sec.Ranges {
			m, err := b.modSet(r.Modules, Builtin)
			if err != nil {
				return err
			}
			rs = append(rs, absRange{base + r.Start, base + r.End, m})
		}
	}
	slices.SortFunc(rs, func(x, y absRange) int { return cmp.Compare(x.start, y.start) })
	for i, e := range b.es {
		if e.Module != "" || e.Type|0x20 == 'a' {
			continue
		}
		j, _ := slices.BinarySearchFunc(rs, e.Addr, func(r absRange, a uint64) int {
			if r.end <= a {
				return -1
			}
			if r.start > a {
				return 1
			}
			return 0
		})
		if j < len(rs) && rs[j].start <= e.Addr && e.Addr < rs[j].end {
			b.mods[i] = rs[j].mod
		}
	}
	return nil
}

// sortAndSize sorts the merged symbols by address, keeping the sources'
// order at one address, infers missing sizes and packs the table.
func (b *builder) sortAndSize(modules []Module) {
	order := make([]int32, len(b.es))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(x, y int32) int { return cmp.Compare(b.es[x].Addr, b.es[y].Addr) })

	// A loadable module's symbols end at the next of its sections and at
	// the end of its core layout.
	bounds := map[string][]uint64{}
	for _, m := range modules {
		if m.Kind != Loadable || m.Addr == 0 || m.Size == 0 {
			continue
		}
		bs := []uint64{m.Addr + m.Size}
		for _, a := range m.Sections {
			if a > m.Addr && a < m.Addr+m.Size {
				bs = append(bs, a)
			}
		}
		slices.Sort(bs)
		bounds[m.Name] = slices.Compact(bs)
	}

	t := b.t
	t.syms = make([]sym, len(order))
	n := 0
	for _, e := range b.es {
		n += len(e.Name)
	}
	b.str.Grow(n)
	for i, o := range order {
		e := &b.es[o]
		t.syms[i] = sym{
			addr: e.Addr,
			size: uint32(min(e.Size, maxSize)),
			typ:  e.Type,
			name: b.intern(e.Name),
			nlen: uint16(min(len(e.Name), 0xffff)),
			mod:  b.mods[o],
		}
	}
	// Infer sizes a group of aliases at a time.
	for i := 0; i < len(t.syms); {
		j := i + 1
		for j < len(t.syms) && t.syms[j].addr == t.syms[i].addr {
			j++
		}
		// The next address that holds more than absolute symbols, which
		// are not in any section, and the classes of its symbols.
		next, nextClasses := j, uint32(0)
		for next < len(t.syms) {
			k := next
			for ; k < len(t.syms) && t.syms[k].addr == t.syms[next].addr; k++ {
				nextClasses |= 1 << typeClass(t.syms[k].typ)
			}
			if nextClasses &^= 1 << classAbs; nextClasses != 0 {
				break
			}
			next = k
		}
		for k := i; k < j; k++ {
			if t.syms[k].size == 0 && !b.es[order[k]].Sized {
				t.syms[k].size = uint32(b.inferSize(k, next, nextClasses, bounds))
			}
		}
		i = j
	}
}

// holePage bounds what a symbol followed by a hole is given: the rest
// of its page.
const holePage = 4096

func (b *builder) inferSize(k, next int, nextClasses uint32, bounds map[string][]uint64) uint64 {
	t := b.t
	s := &t.syms[k]
	class := typeClass(s.typ)
	limit := maxInferred(class)
	ms := &t.mods[s.mod]
	// end bounds a loadable module's symbol, when its module is known.
	end := uint64(0)
	if ms.kind == Loadable {
		bs := bounds[ms.names[0]]
		if i, _ := slices.BinarySearch(bs, s.addr+1); i < len(bs) {
			end = bs[i]
		}
	}
	size := uint64(0)
	if next < len(t.syms) && nextClasses&(1<<class) != 0 {
		n := &t.syms[next]
		nm := &t.mods[n.mod]
		sameArea := ms.kind != Loadable && nm.kind != Loadable || n.mod == s.mod
		switch {
		case sameArea && n.addr-s.addr <= limit:
			size = n.addr - s.addr
		case sameArea:
			// A hole follows: the symbol's own bytes still precede
			// it (srso_alias_return_thunk, a 5-byte thunk, is followed
			// by padding up to the next 2 MiB), so it keeps the rest of
			// its page, never the hole beyond.
			size = (s.addr | (holePage - 1)) + 1 - s.addr
		}
	}
	if end != 0 && (size == 0 || s.addr+size > end) && end-s.addr <= limit {
		size = end - s.addr
	}
	return size
}

// intern appends name to the string table. Names are not deduplicated:
// few repeat, and a map would cost more load time than it saves memory.
func (b *builder) intern(name string) uint32 {
	off := uint32(b.str.Len())
	b.str.WriteString(name)
	return off
}

// moduleList is the table's list of modules: those given, plus the
// built-in ones named by modules.builtin and the ranges, and loadable ones
// seen only in kallsyms.
func (b *builder) moduleList(src *Sources) []Module {
	have := map[string]bool{}
	var extra []Module
	for _, m := range src.Modules {
		have[m.Name] = true
	}
	addName := func(name string, kind ModuleKind) {
		if !have[name] {
			have[name] = true
			extra = append(extra, Module{Name: name, Kind: kind, Refs: -1})
		}
	}
	for _, n := range src.Builtin {
		addName(n, Builtin)
	}
	for _, ms := range b.t.mods[1:] {
		for _, n := range ms.names {
			addName(n, ms.kind)
		}
	}
	return MergeModules(src.Modules, extra)
}

// buildSegments turns the symbols' extents into the address map. At one
// address the symbol chosen is the one better prefers; absolute symbols
// are not code or data and take no addresses.
// Extents may nest (a sized object holding a label): a stack of open
// extents lets the innermost win and the outer one resume after it.
func (t *Table) buildSegments() {
	emit := func(start uint64, s int32, m uint16) {
		if n := len(t.segStart); n > 0 && t.segStart[n-1] == start {
			t.segs[n-1] = segment{s, m}
			return
		}
		t.segStart = append(t.segStart, start)
		t.segs = append(t.segs, segment{s, m})
	}
	end := func(i int32) uint64 { return t.syms[i].addr + uint64(t.syms[i].size) }
	var stack []int32
	// gapMod is the module of a gap from a symbol of module m to address
	// next, and the symbol there of module nm: the module, when both sides
	// agree.
	gapMod := func(m uint16, nm uint16) uint16 {
		if m == nm {
			return m
		}
		return noMod
	}
	closeTo := func(addr uint64, nextMod uint16) {
		for len(stack) > 0 && end(stack[len(stack)-1]) <= addr {
			top := stack[len(stack)-1]
			e := end(top)
			stack = stack[:len(stack)-1]
			for len(stack) > 0 && end(stack[len(stack)-1]) <= e {
				stack = stack[:len(stack)-1]
			}
			if len(stack) > 0 {
				in := stack[len(stack)-1]
				emit(e, in, t.syms[in].mod)
			} else {
				emit(e, -1, gapMod(t.syms[top].mod, nextMod))
			}
		}
	}
	t.segStart = make([]uint64, 0, len(t.syms)+1)
	t.segs = make([]segment, 0, len(t.syms)+1)
	for i := 0; i < len(t.syms); {
		j := i + 1
		for j < len(t.syms) && t.syms[j].addr == t.syms[i].addr {
			j++
		}
		p := int32(-1)
		for k := i; k < j; k++ {
			s := &t.syms[k]
			if typeClass(s.typ) == classAbs || s.size == 0 {
				continue
			}
			if p < 0 || better(s, &t.syms[p], t.strtab) {
				p = int32(k)
			}
		}
		i = j
		if p < 0 {
			continue
		}
		closeTo(t.syms[p].addr, t.syms[p].mod)
		stack = append(stack, p)
		emit(t.syms[p].addr, p, t.syms[p].mod)
	}
	closeTo(^uint64(0), noMod)
	if len(stack) > 0 {
		// An extent reaching the top of the address space.
		emit(^uint64(0), -1, noMod)
	}
	t.sparse = make([]uint64, 0, len(t.segStart)/sparseStep+1)
	for i := 0; i < len(t.segStart); i += sparseStep {
		t.sparse = append(t.sparse, t.segStart[i])
	}
}

// better reports whether alias a should name an address rather than b.
// The order is DTrace's (dt_symbol_sort_cmp): sized first, then non-weak,
// then the lexically first name.
func better(a, b *sym, strtab string) bool {
	if a.size != b.size {
		return a.size > b.size
	}
	if aw, bw := isWeak(a.typ), isWeak(b.typ); aw != bw {
		return bw
	}
	return strtab[a.name:a.name+uint32(a.nlen)] < strtab[b.name:b.name+uint32(b.nlen)]
}

func isWeak(t byte) bool { return t|0x20 == 'w' || t|0x20 == 'v' }

// Len is the number of symbols.
func (t *Table) Len() int { return len(t.syms) }

// At is the i'th symbol in address order (aliases in their sources' order).
func (t *Table) At(i int) Symbol { return t.symbol(int32(i)) }

func (t *Table) symbol(i int32) Symbol {
	s := &t.syms[i]
	ms := &t.mods[s.mod]
	sym := Symbol{
		Addr: s.addr,
		Size: uint64(s.size),
		Type: s.typ,
		Name: t.strtab[s.name : s.name+uint32(s.nlen)],
		Kind: ms.kind,
	}
	sym.Module = ms.names[0]
	if ms.kind != Core {
		sym.Modules = ms.names
	}
	return sym
}

// Lookup returns the symbol that contains addr and the offset of addr in
// it; ok is false when addr is inside no symbol.
func (t *Table) Lookup(addr uint64) (s Symbol, off uint64, ok bool) {
	i := t.find(addr)
	if i < 0 || t.segs[i].sym < 0 {
		return Symbol{}, 0, false
	}
	s = t.symbol(t.segs[i].sym)
	return s, addr - s.Addr, true
}

// ModuleAt returns the module addr belongs to, also when addr is in a gap
// between two symbols of that module; ok is false when no module holds it.
func (t *Table) ModuleAt(addr uint64) (name string, ok bool) {
	i := t.find(addr)
	if i < 0 || t.segs[i].mod == noMod {
		return t.loadableAt(addr)
	}
	return t.mods[t.segs[i].mod].names[0], true
}

// loadableAt finds a loaded module whose core layout holds addr.
func (t *Table) loadableAt(addr uint64) (string, bool) {
	for i := range t.modules {
		m := &t.modules[i]
		if m.Kind == Loadable && m.Addr <= addr && addr-m.Addr < m.Size {
			return m.Name, true
		}
	}
	return "", false
}

// sparseStep is the block size of Table.sparse: 32 addresses are four
// cache lines, and the sparse index (1/32 of the addresses, 30 KB here)
// stays in L1/L2. No step from 8 to 64 measured clearly better.
const sparseStep = 32

// find is the index of the segment holding addr, -1 below the first.
func (t *Table) find(addr uint64) int {
	i := above(t.sparse, 0, len(t.sparse), addr)
	if i == 0 {
		return -1
	}
	lo := (i - 1) * sparseStep
	return above(t.segStart, lo, min(lo+sparseStep, len(t.segStart)), addr) - 1
}

// above is the index of the first of the sorted starts[lo:hi] above addr,
// hi when there is none: the binary search of both levels of find.
func above(starts []uint64, lo, hi int, addr uint64) int {
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if starts[m] <= addr {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// Symbols returns every symbol named name (a name may be defined in
// several objects and modules), in address order.
func (t *Table) Symbols(name string) []Symbol {
	t.nameOnce.Do(t.sortNames)
	i, _ := slices.BinarySearchFunc(t.byName, name, func(j int32, n string) int {
		return strings.Compare(t.name(j), n)
	})
	var out []Symbol
	for ; i < len(t.byName) && t.name(t.byName[i]) == name; i++ {
		out = append(out, t.symbol(t.byName[i]))
	}
	return out
}

// ModuleSymbol returns the symbol name of module mod, as D's mod`name
// names it; mod is "vmlinux" for the core kernel.
func (t *Table) ModuleSymbol(mod, name string) (Symbol, bool) {
	for _, s := range t.Symbols(name) {
		if slices.Contains(t.moduleNames(s), mod) {
			return s, true
		}
	}
	return Symbol{}, false
}

func (t *Table) moduleNames(s Symbol) []string {
	if s.Kind == Core {
		return []string{CoreName}
	}
	return s.Modules
}

// ModuleSymbols returns the symbols of module mod in address order.
func (t *Table) ModuleSymbols(mod string) []Symbol {
	var out []Symbol
	for i := range t.syms {
		ms := &t.mods[t.syms[i].mod]
		if slices.Contains(ms.names, mod) {
			out = append(out, t.symbol(int32(i)))
		}
	}
	return out
}

// Modules returns the kernel's modules: the loaded ones, and the built-in
// ones the sources name, sorted by name.
func (t *Table) Modules() []Module { return t.modules }

func (t *Table) name(i int32) string {
	s := &t.syms[i]
	return t.strtab[s.name : s.name+uint32(s.nlen)]
}

func (t *Table) sortNames() {
	t.byName = make([]int32, len(t.syms))
	for i := range t.byName {
		t.byName[i] = int32(i)
	}
	slices.SortFunc(t.byName, func(a, b int32) int {
		if c := strings.Compare(t.name(a), t.name(b)); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
}
