// Package waitfd owns waiting for process state changes through a file
// descriptor: a File becomes readable whenever waitpid(2) on its process
// would return, and reading it returns what waitpid would have returned.
//
// It recreates the semantics of the out-of-tree waitfd(2) system call that
// Oracle's DTrace used (waitfd(P_PID, pid, WEXITED|WSTOPPED, 0): reads
// yield a siginfo_t describing the change and consume it, as waitid(2)
// does) on top of mainline interfaces: pidfd_open(2) and waitid(P_PIDFD).
//
// # Design
//
// A pidfd polls readable only once its process has exited; job-control
// and ptrace stops do not wake it. A File therefore exposes an eventfd as
// its descriptor and keeps it readable while a state change may be
// pending. Two sources feed it:
//
//   - SIGCHLD, received through os/signal. The kernel sends it to the
//     parent (or the ptrace tracer) after every stop, continue and exit of
//     a child, and after the change is already visible to waitid: both
//     happen under the tasklist lock that waitid also takes.
//   - The pidfd itself, watched by the Go runtime poller. This covers
//     processes that are not our children (dtrace -p), which never send
//     us SIGCHLD; for them only the exit is observable.
//
// The eventfd is only a hint. Read first drains it and then asks the
// kernel (waitid with WNOHANG); only if nothing is pending does it sleep
// on the eventfd again. Because the hint is raised after the kernel state
// changed and cleared before the kernel is asked, no change can be lost
// between the two, and spurious wake-ups cost one waitid call. Signals
// coalesce, so after each consumed change Read re-checks and re-raises
// the hint when another change is already queued.
//
// Trade-offs against the alternatives: a goroutine blocked in
// waitid(WNOWAIT) would pin an OS thread per File and cannot be
// interrupted by Close; signalfd needs SIGCHLD blocked in every thread,
// which the Go runtime does not allow. SIGCHLD via os/signal costs one
// goroutine per File, parked, and a waitid per SIGCHLD the process
// receives for any child; that is cheap for a tracer with a handful of
// targets.
//
// Only one consumer per process should collect its state changes: like
// waitpid itself, a Read reaps the change it reports, so a second File,
// or os.Process.Wait on the same child, would race with it for them.
package waitfd
