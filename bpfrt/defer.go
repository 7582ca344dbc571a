package bpfrt

import (
	"slices"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
)

// Deferred firings.
//
// A tracepoint program may not sleep, so it reads user memory only where
// the memory is mapped: a string the process has not touched yet (a path
// in a page of a file it mapped and never read) cannot be copied at a
// system call's entry, although the kernel is about to read it itself.
// Where the provider has a later event of the same thread at which the
// memory has been faulted in (the system call's return), a firing may
// defer: a clause whose copy fails (Stmt.Defers) tells the firing so
// (MstDefer = DeferDone) instead of faulting, and returns, having changed
// nothing but its record, which is dropped. The firing then stops, and
// saves what its remaining clauses need in the defer map, keyed by
// thread: the machine state (the probe, the clause's EPID, the
// arguments, the timestamp, now read if no clause read it yet), the
// this-> space, and its resume point, the clause it stopped at. At the
// later event, the program there (Builder.Resume) finds the thread's
// entry, restores that state, deletes the entry and runs the clauses of
// the resume point onward, each with the EPID it has at the first
// event, with deferral off, so that a copy that fails again is reported
// as a fault of the first probe. Only then do the later event's own
// clauses run.
//
// Both programs number the resume points the same way, from the clause
// lists of the deferring probes (ResumePoints), so the entry holds a
// number rather than code addresses. When the defer map is full, the
// clause runs again without deferral, and its fault is reported at once.

// The values of MstDefer.
const (
	DeferOff  = 0 // a failed copy faults
	DeferOn   = 1 // a clause that Defers defers a failed copy
	DeferDone = 2 // a clause deferred: the firing stops and is saved
)

// MapDefer names the map of deferred firings: HASH of the thread
// (bpf_get_current_pid_tgid) to the scratch value's first DeferValueSize
// bytes.
const MapDefer = "dt_defer"

// deferEntries is how many threads the defer map holds at once: the
// threads between a deferred firing and the event that resumes it.
const deferEntries = 1024

// DeferValueSize is the size of an entry of the defer map: the scratch
// value from its start to the end of the this-> space.
func (l *Layout) DeferValueSize() int { return l.This + align8(l.ThisSize) }

func newDeferMap(l *Layout) (*ebpf.Map, error) {
	return ebpf.NewMap(&ebpf.MapSpec{Name: MapDefer, Type: ebpf.Hash, KeySize: 8, ValueSize: uint32(l.DeferValueSize()), MaxEntries: deferEntries})
}

// ResumePoint is where a deferred firing resumes: at clause J of Stmts,
// the clauses of the probe that deferred.
type ResumePoint struct {
	Stmts []*Stmt
	J     int
}

// ResumePoints numbers the resume points of probes whose clause lists
// are lists: each clause that Defers in each distinct list, in order.
// The deferring program and the resuming one call it with the same
// lists.
func ResumePoints(lists [][]*Stmt) []ResumePoint {
	var pts []ResumePoint
	for i, stmts := range lists {
		if slices.ContainsFunc(lists[:i], func(o []*Stmt) bool { return slices.Equal(o, stmts) }) {
			continue
		}
		for j, s := range stmts {
			if s.Defers {
				pts = append(pts, ResumePoint{stmts, j})
			}
		}
	}
	return pts
}

// ResumeFits reports whether a program that resumes at points and fires
// clause lists others holds all their clauses as BPF functions, with room
// to spare for the ERROR clauses and the runtime's own: Resume does not
// continue a program with tail calls, as Fire does, so a provider defers
// only when it fits.
func ResumeFits(points []ResumePoint, others [][]*Stmt) bool {
	seen := map[*Stmt]bool{}
	for _, p := range points {
		for _, s := range p.Stmts[p.J:] {
			seen[s] = true
		}
	}
	for _, l := range others {
		for _, s := range l {
			seen[s] = true
		}
	}
	return len(seen) <= maxResumeFuncs
}

// maxResumeFuncs bounds the clauses of a program that resumes deferred
// firings, well within the kernel's bound on BPF functions.
const maxResumeFuncs = (maxSubprograms - 1 - helperFuncs) / 2

// resumeID is the number of clause j of stmts among points, or -1.
func resumeID(points []ResumePoint, stmts []*Stmt, j int) int {
	return slices.IndexFunc(points, func(p ResumePoint) bool { return p.J == j && slices.Equal(p.Stmts, stmts) })
}

// Defer makes the firings of blocks (FireGroup, FireIndexed) emitted
// after it deferring ones: their clauses that Defers may defer a failed
// copy, which stops the firing and saves it for Resume at points. Before
// each firing the provider sets MstDefer, to DeferOn, or to DeferOff for
// an event that has no later one to resume at, and stores its key of the
// event that resumes (the system call number) at MstDeferKey.
func (b *Builder) Defer(points []ResumePoint) { b.deferPoints, b.deferring = points, true }

// deferMode emits, when some of stmts Defers, the firing's MstDefer
// outside a deferring program: off (the clause may run in other programs
// too). In a deferring program the provider has set it.
func (b *Builder) deferMode(stmts []*Stmt) {
	if b.deferring || !slices.ContainsFunc(stmts, func(s *Stmt) bool { return s.Defers }) {
		return
	}
	b.Emit(asm.StoreImm(RegScratch, MstDefer, DeferOff, asm.Word))
}

// afterClause emits, after the call of clause j of stmts in a deferring
// firing, what a deferral there does: save the firing and end the
// program, or, when the defer map is full, call the clause again
// without deferral. Nothing when the clause does not defer.
func (b *Builder) afterClause(stmts []*Stmt, j int) {
	s := stmts[j]
	id := resumeID(b.deferPoints, stmts, j)
	if !b.deferring || !s.Defers || id < 0 {
		return
	}
	next, now, full := b.label("defer_next"), b.label("defer_time"), b.label("defer_full")
	b.Emit(
		asm.LoadMem(asm.R1, RegScratch, MstDefer, asm.Word),
		asm.JNE.Imm(asm.R1, DeferDone, next),
		asm.StoreImm(RegScratch, MstResume, int64(id), asm.Word),
		// The clauses that resume see the timestamp of this firing.
		asm.LoadMem(asm.R1, RegScratch, MstTime, asm.DWord),
		asm.JNE.Imm(asm.R1, 0, now),
		asm.FnKtimeGetNs.Call(),
		asm.StoreMem(RegScratch, MstTime, asm.R0, asm.DWord),
		asm.FnGetCurrentPidTgid.Call().WithSymbol(now),
		asm.StoreMem(asm.RFP, -8, asm.R0, asm.DWord),
		asm.LoadMapPtr(asm.R1, 0).WithReference(MapDefer),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -8),
		asm.Mov.Reg(asm.R3, RegScratch),
		asm.Mov.Imm(asm.R4, 0), // BPF_ANY
		asm.FnMapUpdateElem.Call(),
		asm.JNE.Imm(asm.R0, 0, full),
		asm.Mov.Imm(asm.R1, 1),
		asm.AddAtomic.Mem(RegState, asm.R1, asm.Word, StateDeferred),
		asm.Ja.Label(exitLabel),
		asm.StoreImm(RegScratch, MstDefer, DeferOff, asm.Word).WithSymbol(full),
	)
	b.callClause(s)
	b.Mark(next)
}

// Resume emits the resumption of the current thread's deferred firing,
// if it has one saved for this event: key holds the provider's key of
// the event, which must be the one the firing saved (else the entry is
// stale and dropped). points are the deferring program's resume points.
// Resume uses R0-R5 and R9 and the trampoline's stack word; the provider
// fills the machine state for its own probes after it.
func (b *Builder) Resume(points []ResumePoint, key asm.Register) {
	done, drop := b.label("resume_done"), b.label("resume_drop")
	b.Emit(
		asm.Mov.Reg(asm.R9, key),
		asm.FnGetCurrentPidTgid.Call(),
		asm.StoreMem(asm.RFP, -8, asm.R0, asm.DWord),
	)
	b.Emit(lookupAt(MapDefer, done)...)
	b.Emit(
		asm.LoadMem(asm.R1, asm.R0, MstDeferKey, asm.Word),
		asm.JNE.Reg(asm.R1, asm.R9, drop),
	)
	// The machine state up to the drop counters, which are this CPU's.
	for off := int16(0); off < MstDrops; off += 8 {
		b.Emit(asm.LoadMem(asm.R1, asm.R0, off, asm.DWord), asm.StoreMem(RegScratch, off, asm.R1, asm.DWord))
	}
	b.Emit(
		asm.LoadMem(asm.R1, asm.R0, MstTok, asm.DWord),
		asm.StoreMem(RegScratch, MstTok, asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, asm.R0, MstResume, asm.Word),
		asm.StoreMem(RegScratch, MstResume, asm.R1, asm.Word),
		asm.Mov.Reg(asm.R3, asm.R0),
		asm.Add.Imm(asm.R3, int32(b.l.This)),
		asm.Mov.Reg(asm.R1, RegScratch),
		asm.Add.Imm(asm.R1, int32(b.l.This)),
		asm.Mov.Imm(asm.R2, int32(align8(b.l.ThisSize))),
		asm.FnProbeReadKernel.Call(),
		asm.LoadMapPtr(asm.R1, 0).WithReference(MapDefer),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -8),
		asm.FnMapDeleteElem.Call(),
		asm.Mov.Imm(asm.R1, -1),
		asm.AddAtomic.Mem(RegState, asm.R1, asm.Word, StateDeferred),
		asm.StoreImm(RegScratch, MstDefer, DeferOff, asm.Word),
		asm.LoadMem(asm.R1, RegScratch, MstResume, asm.Word),
		// R9 = the EPID of the clause the firing resumes at; the
		// clauses after it have the EPIDs after it (AddBlock).
		asm.LoadMem(asm.R9, RegScratch, MstEPID, asm.Word),
	)
	// One ladder of clause calls per clause list, entered at the clause
	// a point resumes at, so that the code grows with the clauses, not
	// with the clauses times the points. R9 becomes the EPID of the
	// list's first clause: clause k's is R9 + k.
	entries := make([]string, len(points))
	for i := range points {
		entries[i] = b.label("resume")
		b.Emit(asm.JEq.Imm(asm.R1, int32(i), entries[i]))
	}
	b.Emit(asm.Ja.Label(done))
	for i := 0; i < len(points); {
		stmts := points[i].Stmts
		n := i + 1
		for n < len(points) && slices.Equal(points[n].Stmts, stmts) {
			n++
		}
		rungs := map[int]string{}
		for _, p := range points[i:n] {
			rungs[p.J] = b.label("rung")
		}
		for k, p := range points[i:n] {
			b.Emit(asm.Sub.Imm(asm.R9, int32(p.J)).WithSymbol(entries[i+k]), asm.Ja.Label(rungs[p.J]))
		}
		for k := points[i].J; k < len(stmts); k++ {
			if l, ok := rungs[k]; ok {
				b.Mark(l)
			}
			b.Emit(
				asm.LoadMem(asm.R1, RegState, StateActivity, asm.Word),
				asm.JNE.Imm(asm.R1, int32(ActivityActive), exitLabel),
				asm.Mov.Reg(asm.R1, asm.R9),
				asm.Add.Imm(asm.R1, int32(k)),
				asm.StoreMem(RegScratch, MstEPID, asm.R1, asm.Word),
			)
			b.callClause(stmts[k])
		}
		b.Emit(asm.Ja.Label(done))
		i = n
	}
	b.Emit(
		asm.LoadMapPtr(asm.R1, 0).WithReference(MapDefer).WithSymbol(drop),
		asm.Mov.Reg(asm.R2, asm.RFP),
		asm.Add.Imm(asm.R2, -8),
		asm.FnMapDeleteElem.Call(),
		asm.Mov.Imm(asm.R1, -1),
		asm.AddAtomic.Mem(RegState, asm.R1, asm.Word, StateDeferred),
	)
	b.Mark(done)
}

// SkipUnlessDeferred emits a jump to label when no firing is saved in
// the defer map, which is most of the time: the program that resumes
// firings runs on every system call's exit, and that test costs a load
// where looking for the thread's entry costs a system call number's read
// and a hash lookup.
func (b *Builder) SkipUnlessDeferred(label string) {
	b.Emit(
		asm.LoadMem(asm.R1, RegState, StateDeferred, asm.Word),
		asm.JEq.Imm(asm.R1, 0, label))
}
