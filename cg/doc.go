// Package cg owns code generation: it turns a checked D program into one
// bpfrt.Stmt per probe clause (the clause's eBPF body, called by the
// providers' trampolines) together with what the consumer needs to read
// its records back: the record descriptions, the printf formats, the
// string constant table, the aggregations and their key layouts, and the
// sizes of the runtime maps the program relies on.
//
// Code generation follows the checker's types: an integer value is loaded
// into a register as a 64-bit value truncated and sign- or zero-extended
// to its C type. Operators work on full registers and leave their result
// as it comes, so a chain of int operations computes in 64 bits as
// DTrace's does; whatever converts a value to another type (an operand
// of another type, a cast, a store), compares it or tests it first wraps
// it to its own type, as C's conversions do (expr.go, dirty). A string value is a pointer to a
// NUL-terminated buffer (the string table, a scratch slot or a
// variable). Expressions are evaluated into R0, with pending operands
// spilled to the stack, so the helpers that builtins call never clobber
// them. Each clause keeps the probe context in R6, the per-CPU scratch in
// R7, the globals in R8 and the string table in R9.
//
// The kernel the code is for is an input (Target: the BPF ISA level,
// whether BPF may write user memory, whether the kernel gives the
// addresses of its variables), never probed here: the same program
// compiles the same way for the same target, in tests as under dtrace,
// which passes HostTarget (whose answer about kernel variables is probed
// once, when a program first reads one).
//
// What the checker accepts, code generation generates
// (TestBuiltinsGenerate tries every built-in): it fails on what the
// kernel will not allow (copyout() in lockdown, a kernel variable with no
// address, types a built-in needs that the kernel's lack) or on a limit
// (an expression nesting deeper than the BPF stack holds), saying which,
// with ErrNotSupported left for what it does not do yet.
//
// Computed strings live in string scratch slots, taken like a stack while
// a full expression (a statement, a predicate, an action argument) is
// generated and given back when its value has been consumed; a program
// whose expressions need more than the default number is laid out with
// as many as they need (within the scratch space). alloca() memory is a per-clause area of the clause-local space
// (memory.go), laid out at compile time, or, in a clause with a size
// known only at run time, taken in order from scratchsize bytes; string
// searches and cleanpath() loop with bpf_iter_num so the verifier checks
// their bodies a few times, not once per character.
//
// Kernel stacks (kstack.go) start at the probe site, as DTrace shows
// them, for stack(), @[stack()] keys, caller and stackdepth alike. What
// lies above the site depends on the program a clause is linked into
// (the BPF functions and the tracepoint dispatch of raw tracepoints, the
// perf handler of classic ones, nothing for perf events and kprobes, no
// stack at all for BEGIN and END), so the clause asks the program's
// subprograms how many frames to skip and, for tracepoints, to trim what
// varies at run time; bpfrt/stack.go says how and why.
//
// Translated values (xlate<T>(x), a translated args[i], curpsinfo and
// the D library's other inlines) exist nowhere: a member of one is the
// translator's expression for it, evaluated on the raw input, and only a
// value used whole is built, member by member, in a translation area of
// the clause-local space (xlate.go). args[i] reads the native argument
// the provider maps it from.
//
// Speculations (bpfrt/spec.go has the runtime side): speculation() takes
// a free buffer with a compare-and-exchange on the speculation map, and
// returns its id or 0. A clause calling speculate(id) stores the id in
// its record's header and outputs the record to the principal buffer as
// usual, or nothing at all for id 0; commit() and discard() mark the
// buffer done and output a control record. The consumer holds tagged
// records per id, bounded by specsize, until the control record prints
// or drops them, and then frees the buffer (package consume).
//
// Copies from user memory (copyin(), copyinto(), copyinstr()) that fail
// may defer rather than fault where the firing allows it (defer.go): the
// clause then returns having changed nothing outside its record, and runs
// again at the system call's return. Only a copy before which the clause
// has no effect defers; code generation decides that statement by
// statement, and the option nocopyretry turns it off.
//
// User stacks and symbols (ustack.go): ustack() and jstack() record the
// process ID, then the frames bpf_get_stack(BPF_F_USER_STACK) writes
// (ustackframes, jstackframes or the call's count, at most maxframes);
// usym(), ufunc(), uaddr(), umod() and %A of an integer record the
// process ID and the address. As aggregation keys they take the same
// layout in the map key, and the first event of a new tuple sends the key
// to the consumer (bpfrt.KeyNotice), which reads the process's mappings
// while it most likely still runs. Unless ustackfp is set (package
// dtrace then clears ustackunwind), ustack(), jstack() and ucaller walk
// the stack in BPF with the .eh_frame rows of the process's objects
// (unwind.go), which code built without frame pointers needs: those of
// the target processes are loaded before they run, those of another
// process when a probe first walks its stack. A walk that stops where no
// row says how to go on ends the stack with format.FrameTruncated. A
// process without tables yet (and every stack with ustackfp, or on a
// kernel without bpf_iter_num) gets the kernel's walk along the frame
// pointers, where code built without them shows the function the probe
// fired in and then stops, or shows what a stale frame pointer leads to.
// At a pid entry probe on a function that starts with push %rbp, the
// kernel reads the caller from the top of the stack, so the immediate
// caller is not lost there either. uregs[] reads the probe context in pid
// and usdt clauses, which is the user registers, and the task's saved
// user registers elsewhere.
package cg
