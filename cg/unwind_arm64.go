package cg

// tableUnwind: user stacks are walked by frame pointers on arm64 (frame
// records of x29, x30); the table walk knows x86-64's registers and rules only.
const tableUnwind = false
