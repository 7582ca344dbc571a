// Package unwind turns the call frame information of an x86-64 ELF
// object (.eh_frame, found through .eh_frame_hdr when the section
// headers are gone, and .debug_frame, also from a separate debug file)
// into compact unwind rows, from which a user stack can be walked without
// frame pointers: the probes of ustack() do so in BPF.
//
// # Rows
//
// A Table is a sorted list of Rows, each valid from its PC to the next
// row's. A row says how to find the canonical frame address (CFA, the
// stack pointer of the caller before its call): SP or FP plus an offset;
// in a PLT entry SP plus an offset plus 8 past the entry's push (the
// expression gcc and ld emit for .plt, recognised as such); in a signal
// handler's return trampoline from the ucontext on the stack; or not at
// all (CFANone where no FDE covers the address, CFAUnsupported for
// another register or expression). It says where the caller's return
// address is (at CFA+off; undefined in the outermost frame, _start) and
// where its frame pointer is (unchanged, or at CFA+off). Only the CFA,
// FP and return address are tracked: the other callee-saved registers
// are not needed to walk the stack, since gcc and clang never compute a
// CFA from them outside stack realignment, which is unsupported.
//
// The call frame instructions gcc, clang and the assembler emit on
// x86-64 are interpreted: DW_CFA_def_cfa and its _register, _offset, _sf
// forms, offset and its extended and signed forms, advance_loc1/2/4 and
// set_loc, remember_state and restore_state (which, as in libgcc and
// readelf, save the CFA rule too), restore, undefined, same_value, and
// the register, expression and val_ rules (as unsupported, or as the
// signal frame's). A malformed CIE or FDE is skipped and counted
// (Stats.Skipped), so one bad entry costs its own addresses only.
//
// When .eh_frame and .debug_frame both describe an address, .eh_frame
// wins: it is what the C++ unwinder relies on, and is always complete
// where present.
//
// # Unwinding in the probe
//
// The tables are made for a BPF walk, which package cg generates
// (cg/unwind.go) and the session feeds (session/unwind.go, the maps in
// bpfrt/unwind.go): one frame per iteration of a bounded loop, from the user registers at the probe site (a uprobe's
// context; for other probes the user registers saved at kernel entry,
// bpf_task_pt_regs): find the mapping of PC (a sorted array of the
// target process's executable mappings, each with the index and count of
// its object's rows and the load bias), binary-search its rows for the
// last row at or below PC - bias (PC - 1 past the first frame, as a
// return address may lie just past a call that ends its function),
// compute CFA, read the return address and, when saved, the frame
// pointer, and go on with SP = CFA. An object without tables falls back
// to the frame-pointer rule (CFA = FP + 16, RA at CFA-8, FP at CFA-16);
// CFANone, CFAUnsupported and an undefined return address end the stack.
// A row takes RowSize bytes in the map.
package unwind
