package session

import (
	"cmp"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"os"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/proc"
	"github.com/godtrace/godtrace/uelf"
	"github.com/godtrace/godtrace/uelf/unwind"
)

// unwinder loads the unwind tables of the objects processes map into
// the maps ustack() walks them with (bpfrt/unwind.go), when the program
// unwinds. The target processes (-c, -p) are followed from the start:
// their mappings are read while they are stopped, and those they make
// later (dlopen) come from the session's mapFeed. Any other process is
// followed when a probe first walks its stack: the probe asks for it in
// MapUWant and walks it by frame pointers until its tables are in, at
// the next poll (see unwindPoll); a proc.SystemMapWatch, one for all
// processes, then says when its mappings change (they are re-read) and
// when it exits (its entry and mappings are dropped, for the pid to be
// reused). Without that watch (no CAP_PERFMON), the other processes are
// walked by frame pointers.
//
// An object's rows are built once per build ID and shared by the
// processes mapping it, in a range of the rows map (ustacktablesize
// bounds it); when no followed process maps the object any more, its
// range is freed. A process's mappings take a range of the mappings map,
// a new one at each change: its entry is switched to the new range in one
// update. A range freed is reused two polls later, when no probe can be
// walking it any more.
type unwinder struct {
	maps *bpfrt.UnwindMaps
	feed *mapFeed
	sys  *proc.SystemMapWatch // nil: only the targets have tables

	mu      sync.Mutex
	objects map[string]*object // by build ID, or path without one
	procs   map[int]*unwindProc
	free    spans // of the mappings map
	rowFree spans // of the rows map
	// freed are ranges of the mappings map no entry points at since the
	// last poll, and the poll before; rowsFreed the same of the rows map.
	freed, freedBefore         []span
	rowsFreed, rowsFreedBefore []span
	stats                      UnwindStats

	stop chan struct{}
	done chan struct{}
}

// UnwindStats counts the unwind tables a session built.
type UnwindStats struct {
	Objects int // objects with tables
	Rows    int
	Bytes   int // of the rows map used
	Skipped int // objects without tables: unreadable, too large, no room left
	// GoObjects are Go programs, walked by frame pointers (isGo).
	GoObjects int
	Build     time.Duration
	// Procs is the processes whose stacks were walked with tables;
	// FPProcs those walked by frame pointers only: unreadable, no room
	// left, or not followed (no system-wide watch).
	Procs, FPProcs int
	// SystemWide reports that the stacks of any process, not only the
	// targets', are walked with tables.
	SystemWide bool
}

// object is an object's rows in the rows map (count 0: none), and the
// followed processes that map it.
type object struct {
	first, count uint32
	refs         int
}

// unwindProc is a followed process.
type unwindProc struct {
	target bool
	maps   []proc.Mapping // its executable file mappings, by address
	// elf opens the files of its mappings through package uelf's cache,
	// which symbolization shares.
	elf *uelf.Process
	// span is its range of the mappings map.
	span span
	// objs are the objects its mappings there hold, by u.objects' key.
	objs []string
	// stale: its mappings changed, to be re-read.
	stale bool
}

// unwindPoll is how often the processes asking for tables and the
// mappings of those followed are checked: often while there are target
// processes, whose libraries' first events may come before their
// tables; less often else, as each wake-up costs the Go runtime's
// scheduler (at 5 ms, 7% of a CPU here with nothing to do).
const (
	unwindPoll     = 5 * time.Millisecond
	unwindPollIdle = 20 * time.Millisecond
)

func newUnwinder(maps *bpfrt.UnwindMaps, feed *mapFeed) *unwinder {
	u := &unwinder{
		maps: maps, feed: feed, objects: map[string]*object{}, procs: map[int]*unwindProc{},
		free: spans{{0, bpfrt.UMapsMax}}, rowFree: spans{{0, maps.Rows.MaxEntries()}},
		stop: make(chan struct{}), done: make(chan struct{}),
	}
	if sys, err := proc.WatchSystemMaps(); err == nil {
		u.sys = sys
		u.stats.SystemWide = true
	}
	feed.addSink(u.apply)
	go u.poll()
	return u
}

// follow loads the tables of target process pid's objects; the feed
// brings its later mappings.
func (u *unwinder) follow(pid int) error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if old := u.procs[pid]; old != nil {
		u.drop(pid, old, false)
	}
	return u.add(pid, true)
}

// add follows process pid, reading its mappings now; a process that
// cannot be read, or without room left, gets an entry that says to walk
// it by frame pointers.
func (u *unwinder) add(pid int, target bool) error {
	maps, err := proc.ReadMaps(pid)
	var ep *uelf.Process
	if err == nil {
		ep, err = uelf.NewProcess(pid)
	}
	if err != nil {
		u.stats.FPProcs++
		u.setProc(pid, span{})
		return err
	}
	p := &unwindProc{target: target, elf: ep, maps: execMaps(maps)}
	u.procs[pid] = p
	if err := u.load(pid, p); err != nil {
		u.stats.FPProcs++
		return err
	}
	u.stats.Procs++
	return nil
}

// execMaps keeps the executable file mappings of maps.
func execMaps(maps []proc.Mapping) []proc.Mapping {
	var out []proc.Mapping
	for _, m := range maps {
		if m.Perm&proc.PermExec != 0 && m.IsFile() {
			out = append(out, m)
		}
	}
	return out
}

// apply is the feed's sink: a target's new mappings, in order.
func (u *unwinder) apply(pid int, events []proc.MapEvent) {
	u.mu.Lock()
	defer u.mu.Unlock()
	p := u.procs[pid]
	if p == nil {
		return
	}
	for _, ev := range events {
		if ev.Exec {
			p.maps = p.maps[:0]
			continue
		}
		m := ev.Mapping
		if !m.IsFile() {
			continue
		}
		p.maps = slices.DeleteFunc(p.maps, func(o proc.Mapping) bool { return o.Start < m.End && m.Start < o.End })
		p.maps = append(p.maps, m)
	}
	_ = u.load(pid, p)
}

// poll serves the processes that ask for tables and follows the changes
// of those followed, until close.
func (u *unwinder) poll() {
	defer close(u.done)
	t := time.NewTimer(unwindPollIdle)
	defer t.Stop()
	for {
		select {
		case <-u.stop:
			return
		case <-t.C:
		}
		if u.feed.watchingAny() {
			t.Reset(unwindPoll)
		} else {
			t.Reset(unwindPollIdle)
		}
		u.feed.sync()
		u.mu.Lock()
		u.release()
		if u.sys != nil {
			u.system()
		}
		u.wants()
		u.mu.Unlock()
	}
}

// release frees the ranges of the maps freed two polls ago: a probe
// that found them then has finished with them.
func (u *unwinder) release() {
	u.free.release(u.freedBefore...)
	u.freedBefore, u.freed = u.freed, nil
	u.rowFree.release(u.rowsFreedBefore...)
	u.rowsFreedBefore, u.rowsFreed = u.rowsFreed, nil
}

// system applies what the system-wide watch saw: exits drop their
// processes, other changes to a process that is not a target make its
// mappings be re-read (the CPUs' records may come out of order), and
// lost records make every such process's be.
func (u *unwinder) system() {
	events, lost := u.sys.Read()
	for _, ev := range events {
		p := u.procs[ev.Pid]
		switch {
		case ev.Exit:
			u.drop(ev.Pid, p, true)
		case p != nil && !p.target:
			p.stale = true
		}
	}
	for pid, p := range u.procs {
		if !p.stale && !(lost && !p.target) {
			continue
		}
		p.stale = false
		maps, err := proc.ReadMaps(pid)
		if err != nil || len(maps) == 0 {
			// Gone, its exit lost: the pid may be reused.
			u.drop(pid, p, true)
			continue
		}
		p.maps = execMaps(maps)
		_ = u.load(pid, p)
	}
}

// wants follows the processes the probes asked for.
func (u *unwinder) wants() {
	var pids []uint32
	var pid, next uint32
	err := u.maps.Want.NextKey(nil, &next)
	for err == nil {
		pids = append(pids, next)
		pid = next
		err = u.maps.Want.NextKey(&pid, &next)
	}
	for _, pid := range pids {
		_ = u.maps.Want.Delete(pid)
		if _, ok := u.procs[int(pid)]; ok {
			continue
		}
		if u.sys == nil || int(pid) == os.Getpid() {
			// Nothing would say when it exits; or this process, Go
			// code, which keeps frame pointers, and whose tables would
			// be large: frame pointers.
			u.stats.FPProcs++
			u.setProc(int(pid), span{})
			continue
		}
		_ = u.add(int(pid), false)
	}
}

// drop forgets process pid (p, when followed): its entry goes, so that
// the next process to have its pid asks again, and its range of the
// mappings map is freed.
func (u *unwinder) drop(pid int, p *unwindProc, entry bool) {
	if entry {
		_ = u.maps.Procs.Delete(uint32(pid))
	}
	if p == nil {
		return
	}
	u.freeSpan(p)
	u.unref(p.objs)
	p.objs = nil
	delete(u.procs, pid)
}

// unref drops a process's references to objects: those no process maps
// any more are forgotten, and their rows freed.
func (u *unwinder) unref(ids []string) {
	for _, id := range ids {
		o := u.objects[id]
		if o == nil {
			continue
		}
		if o.refs--; o.refs > 0 {
			continue
		}
		delete(u.objects, id)
		if o.count > 0 {
			u.rowsFreed = append(u.rowsFreed, span{o.first, o.count})
		}
	}
}

// close stops the polling and the system-wide watch.
func (u *unwinder) close() {
	close(u.stop)
	<-u.done
	if u.sys != nil {
		u.sys.Close()
	}
}

// setProc points process pid's entry at its mappings, s: none, walk it
// by frame pointers.
func (u *unwinder) setProc(pid int, s span) error {
	var pv [bpfrt.UProcSize]byte
	binary.NativeEndian.PutUint32(pv[0:], s.first)
	binary.NativeEndian.PutUint32(pv[4:], s.n)
	if err := u.maps.Procs.Update(uint32(pid), pv[:], 0); err != nil {
		return fmt.Errorf("unwind: %w", err)
	}
	return nil
}

// load writes the mappings of process p, with the rows of their objects,
// in a new range of the mappings map, and points its entry at them.
func (u *unwinder) load(pid int, p *unwindProc) (err error) {
	sort.Slice(p.maps, func(i, j int) bool { return p.maps[i].Start < p.maps[j].Start })
	n := uint32(min(len(p.maps), bpfrt.UMapsPerProc))
	// The objects are referenced from the start, so that those p
	// already maps keep their rows; what it mapped before is let go once
	// the entry no longer points at it (switched), and what it maps now
	// if the entry does not.
	var ids []string
	switched := false
	defer func() {
		if err != nil {
			u.unref(ids)
			ids = nil
		}
		if switched {
			u.unref(p.objs)
			p.objs = ids
		}
	}()
	s := span{n: n}
	if n > 0 {
		var ok bool
		if s.first, ok = u.free.alloc(n); !ok {
			// No room: frame pointers.
			u.freeSpan(p)
			u.setProc(pid, span{})
			switched = true
			return fmt.Errorf("unwind: mappings map full")
		}
	}
	var v [bpfrt.UMapSize]byte
	ne := binary.NativeEndian
	for i, m := range p.maps[:n] {
		obj, id, bias := u.object(p, m)
		if id != "" {
			obj.refs++
			ids = append(ids, id)
		}
		ne.PutUint64(v[bpfrt.UMapStart:], m.Start)
		ne.PutUint64(v[bpfrt.UMapEnd:], m.End)
		ne.PutUint64(v[bpfrt.UMapBias:], bias)
		ne.PutUint32(v[bpfrt.UMapFirst:], obj.first)
		ne.PutUint32(v[bpfrt.UMapCount:], obj.count)
		if err := u.maps.Maps.Update(s.first+uint32(i), v[:], 0); err != nil {
			u.free.release(s)
			return fmt.Errorf("unwind: %w", err)
		}
	}
	if err := u.setProc(pid, s); err != nil {
		u.free.release(s)
		return err
	}
	u.freeSpan(p)
	p.span = s
	switched = true
	return nil
}

// freeSpan frees p's range of the mappings map, which no entry points at.
func (u *unwinder) freeSpan(p *unwindProc) {
	if p.span.n > 0 {
		u.freed = append(u.freed, p.span)
	}
	p.span = span{}
}

// span is a range of the mappings map.
type span struct{ first, n uint32 }

// spans are the free ranges of the mappings map, by index, none adjacent.
type spans []span

// alloc takes n elements, the first free range that holds them.
func (s *spans) alloc(n uint32) (uint32, bool) {
	for i, r := range *s {
		if r.n >= n {
			(*s)[i] = span{r.first + n, r.n - n}
			if (*s)[i].n == 0 {
				*s = slices.Delete(*s, i, i+1)
			}
			return r.first, true
		}
	}
	return 0, false
}

// release gives ranges back, merged with their neighbours.
func (s *spans) release(rs ...span) {
	for _, r := range rs {
		if r.n == 0 {
			continue
		}
		i, _ := slices.BinarySearchFunc(*s, r.first, func(a span, f uint32) int { return cmp.Compare(a.first, f) })
		*s = slices.Insert(*s, i, r)
		if i+1 < len(*s) && (*s)[i].first+(*s)[i].n == (*s)[i+1].first {
			(*s)[i].n += (*s)[i+1].n
			*s = slices.Delete(*s, i+1, i+2)
		}
		if i > 0 && (*s)[i-1].first+(*s)[i-1].n == (*s)[i].first {
			(*s)[i-1].n += (*s)[i].n
			*s = slices.Delete(*s, i, i+1)
		}
	}
}

// object returns the rows of the object mapping m holds, loading them on
// first use, its key in u.objects ("" for a file that cannot be read: no
// rows) and the mapping's load bias: its address minus the ELF virtual
// address there.
func (u *unwinder) object(p *unwindProc, m proc.Mapping) (*object, string, uint64) {
	f, err := p.elf.File(uelf.Module{Path: m.Path, Mappings: []proc.Mapping{m}})
	if err != nil {
		u.stats.Skipped++
		return &object{}, "", 0
	}
	vaddr, err := f.OffsetToVaddr(m.Offset)
	if err != nil {
		return &object{}, "", 0
	}
	bias := m.Start - vaddr
	id := f.BuildID
	if id == "" {
		id = m.Path
	}
	if obj, ok := u.objects[id]; ok {
		return obj, id, bias
	}
	obj := u.build(f)
	u.objects[id] = obj
	return obj, id, bias
}

// build loads the rows of file f into the rows map.
func (u *unwinder) build(f *uelf.File) *object {
	start := time.Now()
	defer func() { u.stats.Build += time.Since(start) }()
	if isGo(f.Path) {
		u.stats.GoObjects++
		return &object{}
	}
	t, err := unwind.Open(f.Path, f.DebugFile)
	if err != nil || len(t.Rows) == 0 || len(t.Rows) >= 1<<bpfrt.URowSteps {
		u.stats.Skipped++
		return &object{}
	}
	first, ok := u.rowFree.alloc(uint32(len(t.Rows)))
	if !ok {
		u.stats.Skipped++
		return &object{}
	}
	var v [bpfrt.URowSize]byte
	for i, r := range t.Rows {
		if r.PC >= 1<<32 {
			u.rowFree.release(span{first, uint32(len(t.Rows))})
			u.stats.Skipped++
			return &object{}
		}
		kind, cfa, fp, split := encodeRow(r)
		bpfrt.PutURow(v[:], uint32(r.PC), cfa, fp, kind, split)
		if err := u.maps.Rows.Update(first+uint32(i), v[:], 0); err != nil {
			u.rowFree.release(span{first, uint32(len(t.Rows))})
			u.stats.Skipped++
			return &object{}
		}
	}
	obj := &object{first: first, count: uint32(len(t.Rows))}
	u.stats.Objects++
	u.stats.Rows += len(t.Rows)
	u.stats.Bytes += len(t.Rows) * bpfrt.URowSize
	return obj
}

// isGo reports whether the ELF file at path is a Go program, whose code
// keeps frame pointers (amd64, arm64): its mappings take the
// frame-pointer rule, as tables from its .debug_frame would only repeat
// it, at the cost of many rows.
func isGo(path string) bool {
	f, err := elf.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return f.Section(".go.buildinfo") != nil || f.Section(".note.go.buildid") != nil
}

// encodeRow turns a row into the probe's form: the return address at
// CFA-8 (what x86-64 code always has), the frame pointer unchanged or
// saved near the CFA; anything else stops the walk.
func encodeRow(r unwind.Row) (kind uint8, cfa int32, fp int16, split uint8) {
	switch r.CFA {
	case unwind.CFASignal:
		return bpfrt.URowSignal, 0, 0, 0
	case unwind.CFASP, unwind.CFAFP, unwind.CFAPLT:
	default:
		return bpfrt.URowStop, 0, 0, 0
	}
	switch {
	case r.RA.Kind == unwind.Undefined:
		return bpfrt.URowEnd, 0, 0, 0
	case r.RA != unwind.Rule{Kind: unwind.AtCFA, Off: -8}:
		return bpfrt.URowStop, 0, 0, 0
	}
	switch r.FP.Kind {
	case unwind.AtCFA:
		if r.FP.Off == 0 || r.FP.Off < -1<<15 || r.FP.Off >= 1<<15 {
			return bpfrt.URowStop, 0, 0, 0
		}
		fp = int16(r.FP.Off)
	case unwind.Unsupported:
		return bpfrt.URowStop, 0, 0, 0
	}
	switch r.CFA {
	case unwind.CFASP:
		kind = bpfrt.URowSP
	case unwind.CFAFP:
		kind = bpfrt.URowFP
	default:
		kind, split = bpfrt.URowPLT, r.PLTSplit
	}
	return kind, r.CFAOff, fp, split
}
