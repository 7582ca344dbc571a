// Package uprobe holds the mechanics of user-level probes that the pid
// and usdt providers build on, so that neither imports the other: the
// uprobe unit (Site, NewUnit) and the process id a provider name such as
// pid1234 ends in (ParsePID).
//
// All enabled probes of a provider (pid, usdt) are one program. Sites
// that fill the arguments the same way and run the same clauses share one
// block of it, whose size does not depend on how many sites it serves, so that
// every function of every object of a process (tens of thousands of
// probes) is one program that loads. Each uprobe's BPF cookie holds its
// block, its index in the block and its probe id; the trampoline
// dispatches on the block and fires by the index (bpfrt.FireIndexed).
// The PID filter is the kernel's (per mm, so other processes running the
// same binary do not fire).
//
// Where the kernel has uprobe_multi links (Linux 6.6), the sites of each
// file are attached with one link, and detached with it: attaching and
// detaching every function entry of libc (about 3,000 sites) then takes
// a fraction of a second, where a perf event per site took minutes.
// Elsewhere each site is its own uprobe. Sites whose first instruction
// x86 uprobes refuse (lock-prefixed, VEX or EVEX encoded) are left out
// before attaching and reported (provider.PartialAttach), as are any
// others the kernel refuses; a refused uprobe_multi link is retried in
// smaller pieces to find them.
package uprobe
