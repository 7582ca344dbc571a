package cg

// uregThread is empty on arm64: every register uregs[] names (x0-x30, sp,
// pc, pstate) is in pt_regs, as in DTrace for Linux's arm64 regs.d.
var uregThread = [...]string{}

// entryReturnReg is the uregs[] index of the link register, x30: at a
// function's first instruction (a pid entry probe) it holds the return
// address, which the frame records do not yet, so that the kernel's
// frame-pointer walk would skip the caller.
const entryReturnReg = 30

// entryReturnAtSP is false: on arm64 the return address is in x30
// (entryReturnReg).
const entryReturnAtSP = false
