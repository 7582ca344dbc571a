package check

// regsLib is the library file of the R_* names of uregs[] indexes.
const regsLib = "lib/regs_arm64.d"

// uregsLast is the last index of uregs[] on arm64, as DTrace for Linux
// numbers the registers: R_PSTATE.
const uregsLast = 33
