package cg

// tableUnwind: user stacks may be walked with unwind tables on x86-64,
// whose registers the walk reads and whose rules uelf/unwind reads.
const tableUnwind = true
