package cg

// uregThread is empty on arm64: every register uregs[] names (x0-x30, sp,
// pc, pstate) is in pt_regs, as in DTrace for Linux's arm64 regs.d.
var uregThread = [...]string{}
