// Package usdtgen owns what dtrace -h and -G make of the USDT providers a
// D program defines (provider p { probe name(args); };): the C header a
// program includes to fire the probes, and the object file it links.
//
// # Design
//
// Oracle's DTrace makes a probe site a call of an undefined function
// (__dtrace_p___name), which dtrace -G finds through the relocations of
// the program's objects, rewrites into nops and describes in DOF that a
// kernel module reads. Linux has no DOF reader, and the usdt provider
// already places probes from SystemTap's .note.stapsdt notes, the format
// <sys/sdt.h> writes and that GDB, perf, bpftrace and systemtap read
// too. So the header generated here keeps DTrace's interface (the macros
// P_NAME(arg0, ...) and P_NAME_ENABLED(), the __dtrace_p___name names
// behind them) and makes each probe site a nop with a stapsdt note, written
// by an asm statement of its own: no <sys/sdt.h> is needed, and since the
// argument types are known from the provider definition, each argument's
// size and signedness is written literally in the note ("-4@%edi") rather
// than worked out by sdt.h's type tricks. Pointers are passed as uintptr_t,
// so the header needs no declaration of the types they point to.
//
// Is-enabled probes use semaphores, as sdt.h's do: each probe has an
// unsigned short __dtrace_p___name_semaphore that the note names and
// P_NAME_ENABLED() tests. The usdt provider attaches the probe's uprobe
// with the semaphore's file offset as reference counter, and the kernel
// increments it in every process of the file while the probe is traced:
// P_NAME_ENABLED() is 0 untraced, 1 traced, with no process memory written
// by the tracer. The semaphores are what dtrace -G defines: a relocatable
// x86-64 object with one hidden unsigned short per probe in a writable
// .probes section (file-backed, as reference counters must be, and
// hidden so that a library's notes never bind to another object's
// semaphore). Linking it is what makes the program link, as the DOF
// object is in DTrace; -G also checks that the objects given hold probe
// sites of the declared providers, and only of declared probes.
package usdtgen
