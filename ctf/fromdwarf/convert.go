package fromdwarf

import (
	"cmp"
	"debug/dwarf"
	"fmt"
	"runtime"
	"slices"
	"sync"

	"github.com/godtrace/godtrace/ctf"
)

// DefaultParent is the archive member name of the shared parent dict, the
// name DTrace looks for in vmlinux.ctfa.
const DefaultParent = "shared_ctf"

// Input is one ELF file to convert.
type Input struct {
	// Name is the input's archive member; empty means the file name
	// without directories or ".ko".
	Name string
	Path string
}

// Options tune Convert; nil means the defaults.
type Options struct {
	ParentName string // DefaultParent when empty
	Workers    int    // GOMAXPROCS when 0
	// ChunkBytes is how much .debug_info one job reads (1 MiB when 0);
	// an input of more than two chunks is read by all workers at once,
	// smaller inputs by one worker each.
	ChunkBytes int
}

// Convert reads the DWARF of every input and returns the archive's
// members: the parent, then one child per input with types or variables
// of its own. The result depends only on the inputs and their order.
func Convert(inputs []Input, opts *Options) ([]ctf.ArchiveMember, error) {
	o := Options{ParentName: DefaultParent, Workers: runtime.GOMAXPROCS(0), ChunkBytes: 1 << 20}
	if opts != nil {
		if opts.ParentName != "" {
			o.ParentName = opts.ParentName
		}
		if opts.Workers > 0 {
			o.Workers = opts.Workers
		}
		if opts.ChunkBytes > 0 {
			o.ChunkBytes = opts.ChunkBytes
		}
	}
	if len(inputs) >= 1<<23 {
		return nil, fmt.Errorf("fromdwarf: %d inputs are too many", len(inputs))
	}
	m := newMerge(len(inputs))
	names := map[string]bool{o.ParentName: true}
	for i := range inputs {
		if inputs[i].Name == "" {
			inputs[i].Name = memberName(inputs[i].Path)
		}
		if names[inputs[i].Name] {
			return nil, fmt.Errorf("fromdwarf: two inputs named %q", inputs[i].Name)
		}
		names[inputs[i].Name] = true
	}
	if err := m.read(inputs, &o); err != nil {
		return nil, err
	}
	return m.emit(inputs, o.ParentName)
}

// merge is the table of canonical types of all inputs, keyed by hash.
type merge struct {
	shards [64]struct {
		sync.Mutex
		m map[uint64]*entry
	}
	namesMu sync.Mutex
	names   map[uint64]nameKey
	inputs  []inputState
}

// entry is one distinct canonical type and where it was seen.
type entry struct {
	c     *canon
	h     uint64
	pos   uint64 // smallest input<<40|DIE offset it was seen at
	first int32  // smallest input that uses it
	last  int32  // the input that used it last, to count each once
	uses  int32  // how many inputs use it
	multi bool   // more than one input uses it
}

// inputState is what one input uses: the hashes of its types, as a list
// (8 bytes a type: a kernel has thousands of modules that each use
// thousands of header types) that may repeat across chunks.
type inputState struct {
	mu   sync.Mutex
	used []uint64
	vars []variable
}

func newMerge(n int) *merge {
	m := &merge{names: map[uint64]nameKey{}, inputs: make([]inputState, n)}
	for i := range m.shards {
		m.shards[i].m = map[uint64]*entry{}
	}
	return m
}

// add records that input uses the type c with hash h at pos; c may be
// scratch space, copied only when the type is new.
func (m *merge) add(h uint64, c *canon, pos uint64, input int32) {
	s := &m.shards[h%uint64(len(m.shards))]
	s.Lock()
	e := s.m[h]
	switch {
	case e == nil:
		s.m[h] = &entry{c: c.clone(), h: h, pos: pos, first: input, last: input, uses: 1}
	default:
		// A large input's chunks run alone, a small input merges each
		// type once: an input seen other than last is a new one.
		if input != e.last {
			e.uses++
			e.last = input
		}
		e.pos = min(e.pos, pos)
		if input != e.first {
			e.multi = true
			e.first = min(e.first, input)
		}
	}
	s.Unlock()
}

func (m *merge) get(h uint64) *entry {
	s := &m.shards[h%uint64(len(m.shards))]
	s.Lock()
	defer s.Unlock()
	return s.m[h]
}

// read runs every input through the decoder: large inputs one at a time
// with all workers on their chunks, then the small ones one per worker.
func (m *merge) read(inputs []Input, o *Options) error {
	var small []int
	for i, in := range inputs {
		size, err := debugInfoSize(in.Path)
		if err != nil {
			return fmt.Errorf("fromdwarf: %w", err)
		}
		if size < uint64(2*o.ChunkBytes) {
			small = append(small, i)
			continue
		}
		src, err := openSource(in.Path)
		if err != nil {
			return fmt.Errorf("fromdwarf: %w", err)
		}
		chunks := chunk(src.units, o.ChunkBytes)
		// The chunks of one input hand their decoders' buffers (nodes,
		// their member lists, the offset index) on to the next ones; not
		// to another input, as the names left in them point into this
		// input's sections, which are unmapped or freed when it is done.
		decoders := &decoderPool{}
		err = parallel(len(chunks), o.Workers, func(j int) error {
			return m.runUnits(src, chunks[j], int32(i), decoders)
		})
		src.close()
		if err != nil {
			return fmt.Errorf("fromdwarf: %s: %w", in.Path, err)
		}
	}
	return parallel(len(small), o.Workers, func(j int) error {
		in := inputs[small[j]]
		src, err := openSource(in.Path)
		if err != nil {
			return fmt.Errorf("fromdwarf: %w", err)
		}
		defer src.close()
		if err := m.runUnits(src, src.units, int32(small[j]), nil); err != nil {
			return fmt.Errorf("fromdwarf: %s: %w", in.Path, err)
		}
		return nil
	})
}

// chunk groups consecutive units into runs of about size bytes.
func chunk(units []unit, size int) [][]unit {
	var out [][]unit
	start := 0
	for i := range units {
		if int(units[i].end-units[start].first) >= size || i == len(units)-1 {
			out = append(out, units[start:i+1])
			start = i + 1
		}
	}
	return out
}

// parallel runs f(0..n-1) on workers goroutines and returns the first
// error.
func parallel(n, workers int, f func(int) error) error {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		next int
		err  error
	)
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				stop := err != nil
				mu.Unlock()
				if i >= n || stop {
					return
				}
				if e := f(i); e != nil {
					mu.Lock()
					if err == nil {
						err = e
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	return err
}

// decoderPool holds the idle decoders of one input's chunks. Unlike a
// sync.Pool, which the runtime keeps for two collections, it is garbage as
// soon as the input is read, so no live object points into the unmapped
// sections.
type decoderPool struct {
	mu   sync.Mutex
	idle []*cuDecoder
}

func (p *decoderPool) get() *cuDecoder {
	if p == nil {
		return nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.idle) == 0 {
		return nil
	}
	c := p.idle[len(p.idle)-1]
	p.idle = p.idle[:len(p.idle)-1]
	return c
}

func (p *decoderPool) put(c *cuDecoder) {
	if p != nil {
		p.mu.Lock()
		p.idle = append(p.idle, c)
		p.mu.Unlock()
	}
}

// runUnits decodes a run of units of one input and merges what they
// hold; decoders, if not nil, has decoders of the same input to reuse.
func (m *merge) runUnits(src *source, units []unit, input int32, decoders *decoderPool) error {
	out := &chunkOut{used: map[uint64]struct{}{}, names: map[uint64]nameKey{}}
	r := newDieReader(src)
	c := decoders.get()
	if c == nil {
		c = &cuDecoder{m: m, decls: map[dwarf.Offset]vdecl{}}
	}
	defer decoders.put(c)
	c.input, c.out = input, out
	for i := range units {
		u := &units[i]
		if err := r.seekUnit(u); err != nil {
			return fmt.Errorf("unit at %#x: %w", u.base, err)
		}
		c.reset(u.first)
		for {
			more, err := r.next()
			if err != nil {
				return fmt.Errorf("unit at %#x: %w", u.base, err)
			}
			if !more {
				break
			}
			if r.tag() == dwarf.TagSubprogram && r.children() {
				// Function bodies (parameters, locals, lexical blocks,
				// inlined calls) are most of a kernel's DWARF and hold
				// no global types or variables; DW_AT_sibling lets the
				// reader jump over them.
				if err := r.skipChildren(); err != nil {
					return fmt.Errorf("unit at %#x: %w", u.base, err)
				}
				continue
			}
			c.entry(r)
		}
		c.finish()
	}
	st := &m.inputs[input]
	st.mu.Lock()
	for h := range out.used {
		st.used = append(st.used, h)
	}
	st.vars = append(st.vars, out.vars...)
	st.mu.Unlock()
	m.namesMu.Lock()
	for h, k := range out.names {
		m.names[h] = k
	}
	m.namesMu.Unlock()
	return nil
}

// emit decides which types are shared and builds the dicts.
func (m *merge) emit(inputs []Input, parentName string) ([]ctf.ArchiveMember, error) {
	var all []*entry
	for i := range m.shards {
		for _, e := range m.shards[i].m {
			all = append(all, e)
		}
	}
	slices.SortFunc(all, func(a, b *entry) int { return cmp.Or(cmp.Compare(a.pos, b.pos), cmp.Compare(a.h, b.h)) })
	// A name is conflicting when it has more than one definition; the
	// definition most inputs use (the first seen, on a tie) may still go
	// into the parent, the others go into the children that use them.
	type def struct {
		h        uint64 // the most used definition
		uses     int32
		conflict bool
	}
	defs := map[nameKey]*def{}
	for _, e := range all {
		if k, ok := e.c.nameKey(); ok {
			if d := defs[k]; d == nil {
				defs[k] = &def{h: e.h, uses: e.uses}
			} else if d.h != e.h {
				d.conflict = true
				if e.uses > d.uses {
					d.h, d.uses = e.h, e.uses
				}
			}
		}
	}
	conflicting := func(c *canon, h uint64) bool {
		k, ok := c.nameKey()
		return ok && defs[k].conflict && defs[k].h != h
	}
	inParent := map[uint64]bool{}
	for _, e := range all {
		if (e.multi || e.first == 0) && !conflicting(e.c, e.h) {
			inParent[e.h] = true
		}
	}
	// Withdraw every candidate that needs a type the parent will not
	// have, until what remains is closed.
	rev := map[uint64][]uint64{}
	var queue []uint64
	for _, e := range all {
		if !inParent[e.h] {
			continue
		}
		for _, d := range deps(e.c) {
			if d.byName {
				k := m.names[d.h]
				if k.kind != ctf.KindTypedef {
					continue // a forward stands in for a missing struct
				}
				// a typedef has no forward: the parent's pointers
				// name the definition most inputs use
				def := defs[k]
				if def == nil {
					queue = append(queue, e.h)
					continue
				}
				d = edge{h: def.h}
			}
			if !inParent[d.h] {
				queue = append(queue, e.h)
			} else {
				rev[d.h] = append(rev[d.h], e.h)
			}
		}
	}
	for len(queue) > 0 {
		h := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if inParent[h] {
			delete(inParent, h)
			queue = append(queue, rev[h]...)
		}
	}

	var parentList []*entry
	for _, e := range all {
		if inParent[e.h] {
			parentList = append(parentList, e)
		}
	}
	forwardOnly := map[nameKey]bool{}
	for k, d := range defs {
		if d.conflict && k.kind != ctf.KindTypedef {
			forwardOnly[k] = true
		}
	}
	pb := newBuilder(m, nil, &ctf.Dict{CUName: parentName}, parentList, forwardOnly)
	declaredBy := declaredOnly(m.inputs)
	members := []ctf.ArchiveMember{{Name: parentName, Dict: pb.d}}
	for i, in := range inputs {
		st := &m.inputs[i]
		slices.Sort(st.used)
		var list []*entry
		for _, h := range slices.Compact(st.used) {
			if !inParent[h] {
				list = append(list, m.get(h))
			}
		}
		st.used = nil
		slices.SortFunc(list, func(a, b *entry) int { return cmp.Or(cmp.Compare(a.pos, b.pos), cmp.Compare(a.h, b.h)) })
		cb := newBuilder(m, pb, &ctf.Dict{ParentName: parentName, CUName: in.Name}, list, nil)
		slices.SortFunc(st.vars, func(a, b variable) int { return cmp.Compare(a.pos, b.pos) })
		seen := map[string]bool{}
		for _, v := range st.vars {
			if v.decl && declaredBy[v.name] != v.pos {
				continue
			}
			if !seen[v.name] {
				seen[v.name] = true
				cb.d.Vars = append(cb.d.Vars, ctf.Symbol{Name: v.name, Type: cb.resolve(v.ref)})
			}
		}
		if len(cb.d.Types) > 0 || len(cb.d.Vars) > 0 {
			members = append(members, ctf.ArchiveMember{Name: in.Name, Dict: cb.d})
		}
	}
	return members, nil
}

// declaredOnly finds the variables no input defines and picks, for each,
// the first declaration (by position) as the one the archive records.
func declaredOnly(inputs []inputState) map[string]uint64 {
	defined := map[string]bool{}
	for i := range inputs {
		for _, v := range inputs[i].vars {
			if !v.decl {
				defined[v.name] = true
			}
		}
	}
	first := map[string]uint64{}
	for i := range inputs {
		for _, v := range inputs[i].vars {
			if p, ok := first[v.name]; v.decl && !defined[v.name] && (!ok || v.pos < p) {
				first[v.name] = v.pos
			}
		}
	}
	return first
}

// deps lists the edges of c; the zero edge is no reference at all.
func deps(c *canon) []edge {
	var d []edge
	for _, e := range []edge{c.ref, c.index} {
		if e != (edge{}) {
			d = append(d, e)
		}
	}
	for _, m := range c.members {
		d = append(d, m.ref)
	}
	return append(d, c.params...)
}
