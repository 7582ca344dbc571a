// Package bpfrt owns the BPF runtime ABI that code generation, providers
// and the consumer share: the maps of a tracing session, the layout of the
// per-CPU scratch value (machine state, this->, string scratch, record
// staging), the output record format, the run states, the fault
// subprogram, and the linking of a provider's trampoline with the clauses
// into one program, and its loading.
//
// # Programs
//
// Each unit of enabled probes (see package provider) is ONE BPF program:
//
//	trampoline:  prologue            R6 = ctx, R7 = the CPU's first
//	                                 scratch value not busy (a firing
//	                                 this one interrupted owns the
//	                                 others), R8 = state; scratch.busy = 1
//	             provider code       fill mstate args from ctx
//	             Fire(probe)         mstate.prid = id; for each clause:
//	                                   if state.activity != expected: exit
//	                                   mstate.epid, mstate.stmt = ...
//	                                   call dt_clause_N(ctx, scratch)
//	             exit                scratch.busy = 0; return 0
//	dt_clause_N: one per statement (Stmt.Insns), BPF-to-BPF functions
//	dt_error:    the fault subprogram, when some clause calls it
//	ERROR clauses, and dt_error_leaf when an ERROR clause can fault
//	dt_kstack_skip, dt_kstack_trim: kernel stacks from the probe site
//	             (stack.go), when some clause takes one
//
// Probes of one program that run the same clauses can share one firing
// block (Builder.FireGroup, Builder.FireIndexed), entered with the probe's
// index in R9: the EPIDs of such a group are contiguous, and the verifier
// then checks the clause calls once rather than once per probe.
//
// The kernel bounds a program to 256 BPF functions. A probe with more
// clauses than that (generated scripts have thousands) fires them along
// a chain: the program ends its part with a tail call to a continuation
// (Builder.Continuations), a program of the same type that starts with
// the prologue and goes on with the next clauses; Maps.LoadChain loads
// the continuations into a program array of the program's own. The
// machine state, this-> and alloca() live in the per-CPU scratch, which
// the tail call keeps, so the clauses see one firing; the kernel's 33
// tail calls a firing bound a probe to about 8,000 clauses.
//
// A clause is called with the probe context in R1 and the scratch pointer
// in R2, returns 0 in R0, and may use R6-R9 (the calls preserve the
// caller's). Jump labels are global to the instruction stream, so code
// generation prefixes a clause's labels with something unique to it.
// Frames nest trampoline -> clause -> dt_error -> ERROR clause ->
// dt_error_leaf, and the kernel bounds their stacks together to 512 bytes:
// the trampoline uses 8, so a clause's stack plus the largest ERROR
// clause's must stay within 504.
//
// # Scratch values (PERCPU_ARRAY dt_scratch, ScratchLevels values of Layout.Size)
//
// A firing uses the first of its CPU's scratch values that no other
// firing is using: one that interrupts another (a profile probe's NMI, a
// softirq's tracepoint) takes the next, so the interrupted firing's
// state stays its own, as in DTrace, whose probe context runs with
// interrupts disabled. Past ScratchLevels nested firings, a firing is
// dropped and counted ("N nested firing drops on CPU M").
//
//	0    u32 epid     4  u32 prid     8  u32 stmt id   12 u32 zero (map key)
//	16   u64 reserved (timestamp)     24 u64 arg0..arg9       (to 104)
//	104  u64 drops: outputs that failed because the CPU's buffer was full
//	112  u64 a speculation control record being staged (spec.go)
//	120  u64 aggregation drops: tuples the full aggregation map refused
//	128  u64 dynamic variable drops: stores the full dynvar map refused
//	136  u64 where strtok() goes on, -1 at the start of each firing
//	144  u64 dt_output's word: the CPU, the key of its ring buffer
//	152  u32 defer mode  156 u32 defer key  160 u32 resume point (defer.go)
//	164  u32 busy: a firing is using this value (link.go's claimScratch)
//	168  u64 nested firings dropped because every value was busy
//	176  Layout.Save     what dt_error saves while ERROR clauses run
//	     Layout.FaultRec the fault record being staged
//	     Layout.This     this-> variables (ThisSize)
//	     Layout.Str      StrSlots string scratch slots of StrSize
//	     Layout.Stage    the output record: header + data (RecordSize)
//
// The whole value is at most 32 KiB, the kernel's per-CPU value limit.
//
// # Records
//
// A clause that outputs data writes it at Stage+RecHeaderSize and emits
// Layout.Output, which writes the header [EPID u32][0 u32] (the second
// word is the speculation id for Layout.OutputSpec, see spec.go) and calls
// dt_output, which Maps.Load links into the program in the form the
// session's principal buffers need (ring.go): a BPF ring buffer per CPU
// (dt_buffers is then an ARRAY_OF_MAPS indexed by CPU), written without
// waking the consumer except past a fill mark or once tracing stops, or
// on kernels without ring buffers a perf ring per CPU (dt_buffers a
// PERF_EVENT_ARRAY). Either way drops are counted per CPU. The EPID names (probe, statement); the
// consumer finds the record description (Stmt.Recs, filled by code
// generation) through an EPTable. EPID 0 (EPIDFault) is the fault record;
// EPIDSpec a speculation control record (spec.go); EPIDKeyNotice the key
// of a new aggregation tuple holding user addresses (notice.go).
//
// # Run state (ARRAY dt_state, mmapped)
//
// [activity u32][exited u32][status u32][deferred firings u32, defer.go].
// The activity goes inactive ->
// active (after BEGIN) -> draining (exit(), Layout.Exit, or the consumer
// stopping) -> end (END firing) -> stopped. Every clause call checks it,
// so exit() stops the clauses after it, BEGIN clauses only run before
// tracing, END clauses only at the end.
//
// # Faults and ERROR
//
// Code generation detects a fault and emits Layout.Fault, which calls
// dt_error(ctx, scratch, kind, value, pc), then returns from the clause:
// the clause's partly staged record is abandoned. dt_error outputs the
// fault record [0][0][epid][prid][kind u64][value u64][pc u64][stmt u64],
// then runs the ERROR clauses in the same program with Oracle's ERROR
// arguments (arg1 = probe id, arg2 = statement id, arg3 = pc, arg4 = kind,
// arg5 = value), restoring the machine state afterwards, so tracing and
// the probe's remaining clauses continue. Kinds are DTrace's DTRACEFLT_*.
//
// # Other maps
//
// dt_globals (ARRAY[1], globals at offsets code generation chooses),
// dt_dvars (HASH sized by dynvarsize: associative arrays and self->),
// dt_aggs (HASH sized by aggsize, key [aggid u32][cpu u32][tuple]: each
// CPU's own entries, see Maps.Aggs), dt_aggvals (PERCPU_ARRAY, one
// element per aggregation without keys), dt_strtab (ARRAY[1],
// string constants), dt_spec (ARRAY[1], mmapped: the speculative buffers'
// states and failure counters, spec.go), and, for a program using
// curcpu, dt_cpuinfo (ARRAY of each CPU's cpuinfo_t, cpuinfo.go), and, for
// a program some clause of which defers a failed copy, dt_defer (HASH of
// thread to saved firing, defer.go). Instructions name maps by reference
// (asm.LoadMapPtr(r, 0).WithReference(MapGlobals)); Maps.Load binds them.
//
// # Deferred firings
//
// A clause whose copy from user memory fails at a system call's entry
// may defer instead of faulting (Stmt.Defers): the entry program saves
// the rest of the firing in dt_defer (Builder.Defer) and the return
// program runs it before its own clauses (Builder.Resume). defer.go
// says how; provider/syscall what the user sees.
//
// # BEGIN and END
//
// They are raw tracepoint programs fired with BPF_PROG_RUN from the dtrace
// process itself (Run), so helpers see dtrace's pid and comm. A firing
// costs 10-60us and needs no tracefs or uprobe; provider/dtrace gives the
// measurements behind this choice.
package bpfrt
