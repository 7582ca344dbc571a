package uelf

// A note's arguments as GCC writes them on x86-64, and the register of the second.
const testNoteArgs, testNoteArg1 = "-4@%edi -8@%rsi", RegRSI
