package check

// regsLib is the library file of the R_* names of uregs[] indexes.
const regsLib = "lib/regs_amd64.d"

// uregsLast is the last index of uregs[] on x86-64, as DTrace for Linux
// numbers the registers: R_TRAPNO.
const uregsLast = 25
