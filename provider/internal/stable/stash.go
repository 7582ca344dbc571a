package stable

import (
	"fmt"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
)

// Map is a BPF map a provider's rewrites share, created when a program
// first needs it and living as long as the provider.
type Map struct {
	Spec ebpf.MapSpec
	once sync.Once
	m    *ebpf.Map
	err  error
}

// Load emits the load of the map's address into dst.
func (m *Map) Load(b *bpfrt.Builder, dst asm.Register) error {
	m.once.Do(func() {
		m.m, m.err = ebpf.NewMap(&m.Spec)
		if m.err != nil {
			m.err = fmt.Errorf("map %s: %w", m.Spec.Name, m.err)
		}
	})
	if m.err != nil {
		return m.err
	}
	ins := asm.LoadMapPtr(dst, 0)
	if err := ins.AssociateMap(m.m); err != nil {
		return fmt.Errorf("map %s: %w", m.Spec.Name, err)
	}
	b.Emit(ins)
	return nil
}

// NewStash returns a map for StashArg and Unstash: an LRU hash from a
// thread (its pid_tgid) to one value, so a thread that never comes back
// for its value costs nothing.
func NewStash(name string) *Map {
	return &Map{Spec: ebpf.MapSpec{Name: name, Type: ebpf.LRUHash, KeySize: 8, ValueSize: 8, MaxEntries: 8192}}
}

// The slots of args[] the stash uses for its key and value, past the
// arguments any probe has.
const (
	stashKey = bpfrt.NumArgs - 2
	stashVal = bpfrt.NumArgs - 1
)

// stashKeyAddr stores the thread's pid_tgid in the key slot and leaves
// the slot's address in R2.
func stashKeyAddr(b *bpfrt.Builder) {
	b.Emit(
		asm.FnGetCurrentPidTgid.Call(),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(stashKey), asm.R0, asm.DWord),
		asm.Mov.Reg(asm.R2, bpfrt.RegScratch),
		asm.Add.Imm(asm.R2, int32(bpfrt.MstArg(stashKey))))
}

// StashArg records args[i] for the current thread in m, for a later
// Unstash (at a function's return, say), and ends the firing.
func StashArg(m *Map, i int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(i), asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(stashVal), asm.R0, asm.DWord))
		stashKeyAddr(b)
		if err := m.Load(b, asm.R1); err != nil {
			return err
		}
		b.Emit(
			asm.Mov.Reg(asm.R3, bpfrt.RegScratch),
			asm.Add.Imm(asm.R3, int32(bpfrt.MstArg(stashVal))),
			asm.Mov.Imm(asm.R4, 0),
			asm.FnMapUpdateElem.Call(),
			// The update returns 0 or a negative errno, so this always
			// ends the firing; an unconditional jump would leave the
			// firing code unreachable, which the verifier refuses.
			asm.JSLE.Imm(asm.R0, 0, skip))
		return nil
	}
}

// Unstash sets args[i] to what StashArg last recorded for the current
// thread in m, ending the firing when it recorded nothing.
func Unstash(m *Map, i int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		stashKeyAddr(b)
		if err := m.Load(b, asm.R1); err != nil {
			return err
		}
		b.Emit(
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, skip),
			asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R1, asm.DWord),
			bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(stashKey), 0))
		return nil
	}
}

// NewCPUStash returns a map for StashCPU and UnstashCPU: one value for
// each CPU, for what a tracepoint leaves to one that fires after it on
// the same CPU with nothing in between to preempt it (one softirq's
// processing of a received packet).
func NewCPUStash(name string) *Map {
	return &Map{Spec: ebpf.MapSpec{Name: name, Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: 8, MaxEntries: 1}}
}

// cpuSlot leaves the address of this CPU's value of m in R0, jumping to
// none when the lookup fails.
func cpuSlot(b *bpfrt.Builder, m *Map, none string) error {
	b.Emit(
		bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(stashKey), 0),
		asm.Mov.Reg(asm.R2, bpfrt.RegScratch),
		asm.Add.Imm(asm.R2, int32(bpfrt.MstArg(stashKey))))
	if err := m.Load(b, asm.R1); err != nil {
		return err
	}
	b.Emit(
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, none))
	return nil
}

// StashCPU records args[i] as this CPU's value in m and ends the firing.
func StashCPU(m *Map, i int) Step { return Seq(PutCPU(m, i), End) }

// PutCPU records args[i] as this CPU's value in m and goes on.
func PutCPU(m *Map, i int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		none := b.Label("put_none")
		if err := cpuSlot(b, m, none); err != nil {
			return err
		}
		b.Emit(
			asm.LoadMem(asm.R1, bpfrt.RegScratch, bpfrt.MstArg(i), asm.DWord),
			asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord))
		b.Mark(none)
		return nil
	}
}

// End ends the firing: for a rewrite that only records, for another
// source to find.
func End(b *bpfrt.Builder, skip string) error {
	// A jump the verifier can see both ways of keeps the firing code
	// reachable; it is always taken.
	b.Emit(
		asm.Mov.Imm(asm.R0, 0),
		asm.JEq.Imm(asm.R0, 0, skip))
	return nil
}

// NewKeyedStash returns a map for StashKeyed and TakeKeyed: an LRU hash
// from an 8-byte key to an 8-byte value, so what is never taken ages
// out.
func NewKeyedStash(name string, entries uint32) *Map {
	return &Map{Spec: ebpf.MapSpec{Name: name, Type: ebpf.LRUHash, KeySize: 8, ValueSize: 8, MaxEntries: entries}}
}

// StashKeyed records args[val] under the key args[key] in m and ends the
// firing.
func StashKeyed(m *Map, key, val int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		if err := m.Load(b, asm.R1); err != nil {
			return err
		}
		b.Emit(
			asm.Mov.Reg(asm.R2, bpfrt.RegScratch),
			asm.Add.Imm(asm.R2, int32(bpfrt.MstArg(key))),
			asm.Mov.Reg(asm.R3, bpfrt.RegScratch),
			asm.Add.Imm(asm.R3, int32(bpfrt.MstArg(val))),
			asm.Mov.Imm(asm.R4, 0),
			asm.FnMapUpdateElem.Call(),
			// 0 or a negative errno: always taken.
			asm.JSLE.Imm(asm.R0, 0, skip))
		return nil
	}
}

// TakeKeyed sets args[dst] to the value recorded under the key args[key]
// in m, 0 when there is none, and deletes it: a value is taken once.
// args[key] is left as it was.
func TakeKeyed(m *Map, key, dst int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		none, done := b.Label("take_none"), b.Label("take_done")
		if err := m.Load(b, asm.R1); err != nil {
			return err
		}
		b.Emit(
			asm.Mov.Reg(asm.R2, bpfrt.RegScratch),
			asm.Add.Imm(asm.R2, int32(bpfrt.MstArg(key))),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, none),
			asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(dst), asm.R1, asm.DWord))
		if err := m.Load(b, asm.R1); err != nil {
			return err
		}
		b.Emit(
			asm.Mov.Reg(asm.R2, bpfrt.RegScratch),
			asm.Add.Imm(asm.R2, int32(bpfrt.MstArg(key))),
			asm.FnMapDeleteElem.Call(),
			asm.Ja.Label(done))
		b.Mark(none)
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(dst), 0))
		b.Mark(done)
		return nil
	}
}

// UnstashCPU sets args[i] to this CPU's value in m, 0 when there is none,
// and clears it: a value is taken once.
func UnstashCPU(m *Map, i int) Step {
	return func(b *bpfrt.Builder, skip string) error {
		none, done := b.Label("unstash_none"), b.Label("unstash_done")
		if err := cpuSlot(b, m, none); err != nil {
			return err
		}
		b.Emit(
			asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(i), asm.R1, asm.DWord),
			bpfrt.StoreImm64(asm.R0, 0, 0),
			asm.Ja.Label(done))
		b.Mark(none)
		b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
		b.Mark(done)
		return nil
	}
}
