// Package lockstat owns the lockstat provider: DTrace's kernel lock
// contention probes (lockstat:vmlinux::NAME), built on the raw
// tracepoints lock:contention_begin and lock:contention_end.
//
// contention_begin never fires a probe: it records, per thread and lock,
// the time and the contention flags in an LRU hash of the provider. A
// contention_end that acquired the lock (ret 0) looks the record up and
// fires the probe its flags name, with the time since the begin:
//
//	adaptive-block (struct mutex *, uint64_t ns)   MUTEX or RT, no SPIN: slept
//	adaptive-spin  (struct mutex *, uint64_t ns)   MUTEX and SPIN: optimistic spin
//	rw-block       (struct rw_semaphore *, uint64_t ns)  READ or WRITE, no SPIN
//	rw-spin        (rwlock_t *, uint64_t ns)       READ or WRITE, and SPIN
//	spin-spin      (spinlock_t *, uint64_t ns)     SPIN alone
//
// args[0] is the lock's address, args[1] the nanoseconds the thread
// spun or blocked. A mutex that spins and then sleeps fires
// adaptive-block only, timed from when it started to sleep: the kernel
// reports the second begin without ending the first. The percpu
// rw-semaphores (PERCPU with READ or WRITE) fire rw-block, whose args[0]
// is then a struct percpu_rw_semaphore *.
//
// The probes on the lock functions themselves are built, as DTrace
// builds them, on those functions with kprobes, and are absent where the
// kernel has none: a lock function's entry stashes the lock for the
// thread (stable.StashArg, a stash for each kind of lock), and its
// return fires with it.
//
//	adaptive-acquire       (struct mutex *)   mutex_lock, _interruptible, _killable (0), _trylock (1)
//	adaptive-acquire-error (struct mutex *, int error)  mutex_lock_interruptible, _killable failing
//	adaptive-release       (struct mutex *)   mutex_unlock entry
//	rw-acquire             (struct rw_semaphore *, int rw)  down_read*, down_write* (RW_READER 1, RW_WRITER 0)
//	rw-release             (struct rw_semaphore *, int rw)  up_read, up_write entry
//
// spin-acquire, spin-release and the rwlock_t ones would sit on
// _raw_spin_* and _raw_read_*/_raw_write_*, which the tracer's own path
// takes: fbt excludes them, and they are absent. The map is created when
// a program first needs it and lives as long as the provider.
package lockstat
