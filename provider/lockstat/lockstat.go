package lockstat

import (
	"fmt"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/stable"
)

// The contention flags of include/trace/events/lock.h.
const (
	flagSpin   = 1 << 0
	flagRead   = 1 << 1
	flagWrite  = 1 << 2
	flagRT     = 1 << 3
	flagPercpu = 1 << 4
	flagMutex  = 1 << 5
)

// class is the contention a probe fires for: its flags hold every flag
// of all, at least one of any (when non-zero) and none of none.
type class struct{ all, any, none int32 }

// The slots of args[] the rewrites use: the key (pid_tgid, lock) and the
// value (begin time, flags) of the contention map, cleared before firing.
const (
	argKey = 2
	argVal = 4
)

// maxEntries bounds the contentions in flight the map remembers; an LRU
// hash forgets the oldest, so a thread that never ends one costs nothing.
const maxEntries = 8192

// New returns the lockstat provider.
func New() *stable.Provider {
	c := &contentions{}
	sources := func(cl class) []stable.Source {
		return []stable.Source{
			{Group: "lock", Tracepoint: "contention_begin", Rewrite: c.begin},
			{Group: "lock", Tracepoint: "contention_end", Rewrite: c.end(cl)},
		}
	}
	args := func(lock string) []provider.Arg {
		return []provider.Arg{stable.Arg(lock, "", 0), stable.Arg("uint64_t", "", 1)}
	}
	return stable.New("lockstat", "vmlinux", stable.Attrs, []stable.Probe{
		{Name: "adaptive-block", Sources: sources(class{any: flagMutex | flagRT, none: flagSpin | flagRead | flagWrite}), Args: args("struct mutex *")},
		{Name: "adaptive-spin", Sources: sources(class{all: flagMutex | flagSpin, none: flagRead | flagWrite}), Args: args("struct mutex *")},
		{Name: "rw-block", Sources: sources(class{any: flagRead | flagWrite, none: flagSpin}), Args: args("struct rw_semaphore *")},
		{Name: "rw-spin", Sources: sources(class{all: flagSpin, any: flagRead | flagWrite, none: flagPercpu}), Args: args("rwlock_t *")},
		{Name: "spin-spin", Sources: sources(class{all: flagSpin, none: flagMutex | flagRead | flagWrite}), Args: args("spinlock_t *")},
	})
}

// contentions is the provider's map of contentions in flight.
type contentions struct {
	once sync.Once
	m    *ebpf.Map
	err  error
}

func (c *contentions) load(b *bpfrt.Builder, dst asm.Register) error {
	c.once.Do(func() {
		c.m, c.err = ebpf.NewMap(&ebpf.MapSpec{
			Name: "dt_lockstat", Type: ebpf.LRUHash, KeySize: 16, ValueSize: 16, MaxEntries: maxEntries,
		})
		if c.err != nil {
			c.err = fmt.Errorf("lockstat: contention map: %w", c.err)
		}
	})
	if c.err != nil {
		return c.err
	}
	ins := asm.LoadMapPtr(dst, 0)
	if err := ins.AssociateMap(c.m); err != nil {
		return fmt.Errorf("lockstat: %w", err)
	}
	b.Emit(ins)
	return nil
}

// key fills the map key (pid_tgid, lock address) in args[argKey:] and
// leaves its address in R2.
func key(b *bpfrt.Builder) {
	b.Emit(
		asm.FnGetCurrentPidTgid.Call(),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(argKey), asm.R0, asm.DWord),
		asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(0), asm.DWord),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(argKey+1), asm.R0, asm.DWord),
		asm.Mov.Reg(asm.R2, bpfrt.RegScratch),
		asm.Add.Imm(asm.R2, int32(bpfrt.MstArg(argKey))))
}

// begin records contention_begin (lock, flags) and fires nothing.
func (c *contentions) begin(b *bpfrt.Builder, skip string) error {
	b.Emit(
		asm.FnKtimeGetNs.Call(),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(argVal), asm.R0, asm.DWord),
		asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(1), asm.DWord),
		asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(argVal+1), asm.R0, asm.DWord))
	key(b)
	if err := c.load(b, asm.R1); err != nil {
		return err
	}
	b.Emit(
		asm.Mov.Reg(asm.R3, bpfrt.RegScratch),
		asm.Add.Imm(asm.R3, int32(bpfrt.MstArg(argVal))),
		asm.Mov.Imm(asm.R4, 0), // BPF_ANY: a new begin replaces a stale one
		asm.FnMapUpdateElem.Call(),
		// The update returns 0 or a negative errno, so this always skips;
		// an unconditional jump would leave the firing code unreachable,
		// which the verifier refuses.
		asm.JSLE.Imm(asm.R0, 0, skip))
	return nil
}

// end fires on contention_end (lock, ret) of a contention of class cl
// that acquired the lock, with args[1] the time since its begin.
func (c *contentions) end(cl class) stable.Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(
			asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(1), asm.DWord),
			asm.JNE.Imm32(asm.R0, 0, skip))
		key(b)
		if err := c.load(b, asm.R1); err != nil {
			return err
		}
		b.Emit(
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, skip),
			asm.LoadMem(asm.R1, asm.R0, 8, asm.DWord),
			asm.LoadMem(asm.R2, asm.R0, 0, asm.DWord),
			asm.Mov.Reg(asm.R3, asm.R1),
			asm.And.Imm(asm.R3, cl.none),
			asm.JNE.Imm(asm.R3, 0, skip),
			asm.Mov.Reg(asm.R3, asm.R1),
			asm.And.Imm(asm.R3, cl.all),
			asm.JNE.Imm(asm.R3, cl.all, skip))
		if cl.any != 0 {
			b.Emit(
				asm.Mov.Reg(asm.R3, asm.R1),
				asm.And.Imm(asm.R3, cl.any),
				asm.JEq.Imm(asm.R3, 0, skip))
		}
		b.Emit(
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(1), asm.R2, asm.DWord),
			asm.FnKtimeGetNs.Call(),
			asm.LoadMem(asm.R1, bpfrt.RegScratch, bpfrt.MstArg(1), asm.DWord),
			asm.Sub.Reg(asm.R0, asm.R1),
			asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(1), asm.R0, asm.DWord))
		for i := argKey; i < argVal+2; i++ {
			b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
		}
		return nil
	}
}
