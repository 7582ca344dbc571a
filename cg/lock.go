package cg

import (
	"fmt"
	"sync"

	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/ctype"
	"github.com/godtrace/godtrace/d/ast"
)

// The lock subroutines read Linux's locks as the kernel lays them out:
// a struct mutex's owner word is the owning task's address with flag
// bits in its low three bits (kernel/locking/mutex.c); an rwlock_t is a
// queued rwlock whose count holds the writer byte in its low 8 bits
// (0xff when a writer holds it), a writer-waiting bit above it and the
// readers from bit 9 up (include/asm-generic/qrwlock.h).
const (
	mutexFlags = 0x07
	rwWLocked  = 0xff
	rwWaiting  = 0x100
	rwReaderSh = 9
)

// lockOffsets are where the lock subroutines read, from the kernel's BTF.
type lockOffsets struct {
	mutexOwner, rwCount uint32
}

var kernelLocks = sync.OnceValues(func() (lockOffsets, error) {
	spec, err := btf.LoadKernelSpec()
	if err != nil {
		return lockOffsets{}, fmt.Errorf("kernel BTF: %w", err)
	}
	var off lockOffsets
	if off.mutexOwner, err = memberOffset(spec, "mutex", "owner"); err != nil {
		return off, err
	}
	if off.rwCount, err = memberOffset(spec, "rwlock_t", "raw_lock", "cnts"); err != nil {
		return off, err
	}
	return off, nil
})

// memberOffset is the byte offset of the member path in the struct or
// typedef named name, looking through anonymous members.
func memberOffset(spec *btf.Spec, name string, path ...string) (uint32, error) {
	var t btf.Type
	var st *btf.Struct
	if err := spec.TypeByName(name, &st); err == nil {
		t = st
	} else {
		var td *btf.Typedef
		if err := spec.TypeByName(name, &td); err != nil {
			return 0, fmt.Errorf("kernel BTF: %s: %w", name, err)
		}
		t = td
	}
	var total uint32
	for _, m := range path {
		off, mt, ok := findMember(t, m)
		if !ok {
			return 0, fmt.Errorf("kernel BTF: %s has no member %s", name, m)
		}
		total += off
		t = mt
	}
	return total, nil
}

// findMember finds member name of the struct or union t, also inside its
// anonymous members.
func findMember(t btf.Type, name string) (uint32, btf.Type, bool) {
	var members []btf.Member
	switch u := btf.UnderlyingType(t).(type) {
	case *btf.Struct:
		members = u.Members
	case *btf.Union:
		members = u.Members
	default:
		return 0, nil, false
	}
	for _, m := range members {
		if m.Name == name {
			return m.Offset.Bytes(), m.Type, true
		}
		if m.Name == "" {
			if off, mt, ok := findMember(m.Type, name); ok {
				return m.Offset.Bytes() + off, mt, true
			}
		}
	}
	return 0, nil, false
}

// lockSubr generates the mutex_*() and rw_*() subroutines on the lock
// whose address is call's argument; a lock that cannot be read faults.
func (g *gen) lockSubr(call *ast.CallExpr, name string) {
	off, err := kernelLocks()
	if err != nil {
		g.fail(call, fmt.Errorf("%s(): %w", name, err))
	}
	g.expr(call.Args[0])
	switch name {
	case "mutex_type_adaptive":
		// Linux mutexes spin while the owner runs, then sleep.
		g.emit(asm.Mov.Imm(asm.R0, 1))
		return
	case "mutex_type_spin":
		g.emit(asm.Mov.Imm(asm.R0, 0))
		return
	}
	field, t := off.rwCount, ctype.UIntType
	if name == "mutex_owned" || name == "mutex_owner" {
		field, t = off.mutexOwner, ctype.ULongType
	}
	g.emit(asm.Add.Imm(asm.R0, int32(field)))
	g.loadKernel(call, t)
	switch name {
	case "mutex_owned":
		g.emit(asm.And.Imm(asm.R0, ^mutexFlags))
		g.isNonzero()
	case "mutex_owner":
		g.emit(asm.And.Imm(asm.R0, ^mutexFlags))
	case "rw_write_held":
		g.emit(asm.And.Imm(asm.R0, rwWLocked), asm.Xor.Imm(asm.R0, rwWLocked))
		g.isNonzero()
		g.emit(asm.Xor.Imm(asm.R0, 1))
	case "rw_iswriter":
		g.emit(asm.And.Imm(asm.R0, rwWLocked|rwWaiting))
		g.isNonzero()
	case "rw_read_held":
		// Readers hold it when some are counted and no writer does: a
		// reader that finds a writer backs its count out again.
		writer, done := g.label("rwwriter"), g.label("rwdone")
		g.emit(
			asm.Mov.Reg(asm.R1, asm.R0),
			asm.And.Imm(asm.R1, rwWLocked),
			asm.JEq.Imm(asm.R1, rwWLocked, writer),
			asm.RSh.Imm(asm.R0, rwReaderSh),
		)
		g.isNonzero()
		g.emit(asm.Ja.Label(done))
		g.setLabel(writer)
		g.emit(asm.Mov.Imm(asm.R0, 0))
		g.setLabel(done)
		g.emit(nop())
	}
}

// isNonzero turns R0 into 1 when it is not 0.
func (g *gen) isNonzero() {
	zero := g.label("nz")
	g.emit(asm.JEq.Imm(asm.R0, 0, zero), asm.Mov.Imm(asm.R0, 1))
	g.setLabel(zero)
	g.emit(nop())
}
