package lockstat

import (
	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/bpfrt"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/internal/stable"
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
	c := &contentions{m: &stable.Map{Spec: ebpf.MapSpec{
		Name: "dt_lockstat", Type: ebpf.LRUHash, KeySize: 16, ValueSize: 16, MaxEntries: maxEntries,
	}}}
	sources := func(cl class) []stable.Source {
		return []stable.Source{
			{Group: "lock", Tracepoint: "contention_begin", Rewrite: c.begin},
			{Group: "lock", Tracepoint: "contention_end", Rewrite: c.end(cl)},
		}
	}
	args := func(lock string) []provider.Arg {
		return []provider.Arg{stable.Arg(lock, "", 0), stable.Arg("uint64_t", "", 1)}
	}
	// The probes on the lock functions: a lock's entry stashes the lock,
	// its return fires with it. Each kind of lock has its own stash.
	mutexes, readers, writers := stable.NewStash("dt_lockstat_mx"), stable.NewStash("dt_lockstat_rd"), stable.NewStash("dt_lockstat_wr")
	held := func(stash *stable.Map, fns []lockFunc, outcome int, arg1 int32) []stable.Source {
		var srcs []stable.Source
		for _, f := range fns {
			srcs = append(srcs,
				stable.Source{Functions: []string{f.name}, Rewrite: stable.StashArg(stash, 0)},
				stable.Source{Functions: []string{f.name}, Return: true, Rewrite: stable.Seq(
					returned(f, outcome, arg1), stable.Unstash(stash, 0))})
		}
		return srcs
	}
	released := func(fns ...string) []stable.Source {
		var srcs []stable.Source
		for _, f := range fns {
			srcs = append(srcs, stable.Source{Functions: []string{f}, Rewrite: stable.Seq(
				stable.Zero(1), stable.Zero(2), stable.Zero(3), stable.Zero(4), stable.Zero(5))})
		}
		return srcs
	}
	rwReleased := func(fn string, rw int32) stable.Source {
		return stable.Source{Functions: []string{fn}, Rewrite: stable.Seq(
			stable.Set(1, rw), stable.Zero(2), stable.Zero(3), stable.Zero(4), stable.Zero(5))}
	}
	mutexLocks := []lockFunc{{"mutex_lock", retVoid}, {"mutex_lock_interruptible", retZero}, {"mutex_lock_killable", retZero}, {"mutex_trylock", retOne}}
	mutexWaits := []lockFunc{{"mutex_lock_interruptible", retZero}, {"mutex_lock_killable", retZero}}
	lockArg := func(lock string) []provider.Arg { return []provider.Arg{stable.Arg(lock, "", 0)} }
	rwArgs := []provider.Arg{stable.Arg("struct rw_semaphore *", "", 0), stable.Arg("int", "", 1)}
	return stable.New("lockstat", "vmlinux", stable.Attrs, []stable.Probe{
		{Name: "adaptive-acquire", Sources: held(mutexes, mutexLocks, acquired, 0), Args: lockArg("struct mutex *")},
		{Name: "adaptive-acquire-error", Sources: held(mutexes, mutexWaits, failed, 0), Args: []provider.Arg{stable.Arg("struct mutex *", "", 0), stable.Arg("int", "", 1)}},
		{Name: "adaptive-release", Sources: released("mutex_unlock"), Args: lockArg("struct mutex *")},
		{Name: "rw-acquire", Sources: append(
			held(readers, []lockFunc{{"down_read", retVoid}, {"down_read_killable", retZero}, {"down_read_interruptible", retZero}, {"down_read_trylock", retOne}}, acquired, rwReader),
			held(writers, []lockFunc{{"down_write", retVoid}, {"down_write_killable", retZero}, {"down_write_trylock", retOne}}, acquired, rwWriter)...), Args: rwArgs},
		{Name: "rw-release", Sources: []stable.Source{rwReleased("up_read", rwReader), rwReleased("up_write", rwWriter)}, Args: rwArgs},
		{Name: "adaptive-block", Sources: sources(class{any: flagMutex | flagRT, none: flagSpin | flagRead | flagWrite}), Args: args("struct mutex *")},
		{Name: "adaptive-spin", Sources: sources(class{all: flagMutex | flagSpin, none: flagRead | flagWrite}), Args: args("struct mutex *")},
		{Name: "rw-block", Sources: sources(class{any: flagRead | flagWrite, none: flagSpin}), Args: args("struct rw_semaphore *")},
		{Name: "rw-spin", Sources: sources(class{all: flagSpin, any: flagRead | flagWrite, none: flagPercpu}), Args: args("rwlock_t *")},
		{Name: "spin-spin", Sources: sources(class{all: flagSpin, none: flagMutex | flagRead | flagWrite}), Args: args("spinlock_t *")},
	})
}

// Solaris's krw_t values, which rw-acquire's and rw-release's args[1]
// take.
const (
	rwWriter = 0
	rwReader = 1
)

// lockFunc is a function that takes a lock, and what its return value
// says.
type lockFunc struct {
	name string
	ret  int
}

// What a lock function's return value says: nothing (void, the lock is
// taken), taken on 0 (else the error), taken on 1.
const (
	retVoid = iota
	retZero
	retOne
)

// The outcome a return probe fires for.
const (
	acquired = iota
	failed
)

// returned checks, at the return of f (args[0] its return value), that
// the outcome is the probe's, and sets args[1] to arg1, or for a failure
// to the error; it leaves args[0] for the lock. The stash stays: the
// next entry replaces it.
func returned(f lockFunc, outcome int, arg1 int32) stable.Step {
	return func(b *bpfrt.Builder, skip string) error {
		b.Emit(asm.LoadMem(asm.R0, bpfrt.RegScratch, bpfrt.MstArg(0), asm.DWord))
		switch {
		case f.ret == retZero && outcome == acquired:
			b.Emit(asm.JNE.Imm32(asm.R0, 0, skip))
		case f.ret == retZero:
			b.Emit(asm.JEq.Imm32(asm.R0, 0, skip))
		case f.ret == retOne:
			b.Emit(asm.JNE.Imm32(asm.R0, 1, skip))
		}
		if outcome == failed {
			// The error, an int, sign-extended.
			b.Emit(
				asm.LSh.Imm(asm.R0, 32),
				asm.ArSh.Imm(asm.R0, 32),
				asm.StoreMem(bpfrt.RegScratch, bpfrt.MstArg(1), asm.R0, asm.DWord))
		} else {
			b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(1), arg1))
		}
		for i := 2; i < 6; i++ {
			b.Emit(bpfrt.StoreImm64(bpfrt.RegScratch, bpfrt.MstArg(i), 0))
		}
		return nil
	}
}

// contentions is the provider's map of contentions in flight.
type contentions struct{ m *stable.Map }

func (c *contentions) load(b *bpfrt.Builder, dst asm.Register) error { return c.m.Load(b, dst) }

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
