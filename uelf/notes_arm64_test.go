package uelf

// A note's arguments as GCC writes them on arm64, and the register of the second.
const testNoteArgs, testNoteArg1 = "-4@[sp, 16] -8@x1", RegX1
