package session

import (
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/proc"
	"github.com/godtrace/godtrace/uelf"
	"github.com/godtrace/godtrace/uelf/unwind"
)

// unwinder loads the unwind tables of the objects the target processes
// map into the maps ustack() walks them with (bpfrt/unwind.go), when the
// program unwinds: the mappings are read when a process is followed,
// while it is stopped, and a proc.MapWatch brings those it makes later
// (dlopen), polled every unwindPoll, so a library's first events may
// come before its tables and have their stacks end in it. An object's
// rows are built once per build ID and shared by the processes mapping
// it; the rows and mappings maps are filled append-only, and a process's
// entry is switched to its new mappings in one update.
type unwinder struct {
	maps *bpfrt.UnwindMaps

	mu       sync.Mutex
	objects  map[string]object // by build ID, or path without one
	procs    map[int]*unwindProc
	rows     uint32 // rows used in the rows map
	mappings uint32 // elements used in the mappings map
	stats    UnwindStats

	stop chan struct{}
	done chan struct{}
}

// UnwindStats counts the unwind tables a session built.
type UnwindStats struct {
	Objects int // objects with tables
	Rows    int
	Bytes   int // of the rows map used
	Skipped int // objects without tables: unreadable, too large, no room left
	Build   time.Duration
}

// object is an object's rows in the rows map; count 0: none.
type object struct {
	first, count uint32
}

// unwindProc is a followed process.
type unwindProc struct {
	watch *proc.MapWatch
	maps  []proc.Mapping // its executable file mappings, by address
	// elf opens the files of its mappings through package uelf's cache,
	// which symbolization shares.
	elf *uelf.Process
}

// unwindPoll is how often the mappings of the processes are checked.
const unwindPoll = 5 * time.Millisecond

func newUnwinder(maps *bpfrt.UnwindMaps) *unwinder {
	u := &unwinder{
		maps: maps, objects: map[string]object{}, procs: map[int]*unwindProc{},
		stop: make(chan struct{}), done: make(chan struct{}),
	}
	go u.poll()
	return u
}

// follow loads the tables of process pid's objects and watches its
// mappings.
func (u *unwinder) follow(pid int) error {
	maps, err := proc.ReadMaps(pid)
	if err != nil {
		return err
	}
	ep, err := uelf.NewProcess(pid)
	if err != nil {
		return err
	}
	w, err := proc.WatchMaps(pid)
	if err != nil {
		return err
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if old := u.procs[pid]; old != nil {
		old.watch.Close()
	}
	p := &unwindProc{watch: w, elf: ep}
	for _, m := range maps {
		if m.Perm&proc.PermExec != 0 && m.IsFile() {
			p.maps = append(p.maps, m)
		}
	}
	u.procs[pid] = p
	return u.load(pid, p)
}

// poll applies the processes' new mappings until close.
func (u *unwinder) poll() {
	defer close(u.done)
	t := time.NewTicker(unwindPoll)
	defer t.Stop()
	for {
		select {
		case <-u.stop:
			return
		case <-t.C:
		}
		u.mu.Lock()
		for pid, p := range u.procs {
			events, _ := p.watch.Read()
			if len(events) == 0 {
				continue
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
		u.mu.Unlock()
	}
}

// close stops the polling and the watches.
func (u *unwinder) close() {
	close(u.stop)
	<-u.done
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, p := range u.procs {
		p.watch.Close()
	}
}

// load writes the mappings of process p, with the rows of their objects,
// and points its entry at them.
func (u *unwinder) load(pid int, p *unwindProc) error {
	sort.Slice(p.maps, func(i, j int) bool { return p.maps[i].Start < p.maps[j].Start })
	n := min(len(p.maps), bpfrt.UMapsPerProc)
	if u.mappings+uint32(n) > bpfrt.UMapsMax {
		return fmt.Errorf("unwind: mappings map full")
	}
	first := u.mappings
	var v [bpfrt.UMapSize]byte
	ne := binary.NativeEndian
	for i, m := range p.maps[:n] {
		obj, bias := u.object(p, m)
		ne.PutUint64(v[bpfrt.UMapStart:], m.Start)
		ne.PutUint64(v[bpfrt.UMapEnd:], m.End)
		ne.PutUint64(v[bpfrt.UMapBias:], bias)
		ne.PutUint32(v[bpfrt.UMapFirst:], obj.first)
		ne.PutUint32(v[bpfrt.UMapCount:], obj.count)
		if err := u.maps.Maps.Update(first+uint32(i), v[:], 0); err != nil {
			return fmt.Errorf("unwind: %w", err)
		}
	}
	u.mappings += uint32(n)
	var pv [bpfrt.UProcSize]byte
	ne.PutUint32(pv[0:], first)
	ne.PutUint32(pv[4:], uint32(n))
	if err := u.maps.Procs.Update(uint32(pid), pv[:], 0); err != nil {
		return fmt.Errorf("unwind: %w", err)
	}
	return nil
}

// object returns the rows of the object mapping m holds, loading them on
// first use, and the mapping's load bias: its address minus the ELF
// virtual address there.
func (u *unwinder) object(p *unwindProc, m proc.Mapping) (object, uint64) {
	f, err := p.elf.File(uelf.Module{Path: m.Path, Mappings: []proc.Mapping{m}})
	if err != nil {
		u.stats.Skipped++
		return object{}, 0
	}
	vaddr, err := f.OffsetToVaddr(m.Offset)
	if err != nil {
		return object{}, 0
	}
	bias := m.Start - vaddr
	id := f.BuildID
	if id == "" {
		id = m.Path
	}
	if obj, ok := u.objects[id]; ok {
		return obj, bias
	}
	obj := u.build(f)
	u.objects[id] = obj
	return obj, bias
}

// build loads the rows of file f into the rows map.
func (u *unwinder) build(f *uelf.File) object {
	start := time.Now()
	defer func() { u.stats.Build += time.Since(start) }()
	t, err := unwind.Open(f.Path, f.DebugFile)
	if err != nil || len(t.Rows) >= 1<<bpfrt.URowSteps || u.rows+uint32(len(t.Rows)) > u.maps.Rows.MaxEntries() {
		u.stats.Skipped++
		return object{}
	}
	var v [bpfrt.URowSize]byte
	for i, r := range t.Rows {
		if r.PC >= 1<<32 {
			u.stats.Skipped++
			return object{}
		}
		kind, cfa, fp, split := encodeRow(r)
		bpfrt.PutURow(v[:], uint32(r.PC), cfa, fp, kind, split)
		if err := u.maps.Rows.Update(u.rows+uint32(i), v[:], 0); err != nil {
			u.stats.Skipped++
			return object{}
		}
	}
	obj := object{first: u.rows, count: uint32(len(t.Rows))}
	u.rows += obj.count
	u.stats.Objects++
	u.stats.Rows += len(t.Rows)
	u.stats.Bytes += len(t.Rows) * bpfrt.URowSize
	return obj
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
