/*
 * Indexes into uregs[] on x86-64, as DTrace for Linux numbers them: the
 * 64-bit registers in the order of the kernel's struct pt_regs, then the
 * segment registers and the trap number, then the names of the 32-bit
 * registers. The generic names (R_PC, R_SP, ...) follow DTrace for
 * Linux, which binds them to the 32-bit names.
 */

inline int R_R15 = 0;
inline int R_R14 = 1;
inline int R_R13 = 2;
inline int R_R12 = 3;
inline int R_RBP = 4;
inline int R_RBX = 5;
inline int R_R11 = 6;
inline int R_R10 = 7;
inline int R_R9 = 8;
inline int R_R8 = 9;
inline int R_RAX = 10;
inline int R_RCX = 11;
inline int R_RDX = 12;
inline int R_RSI = 13;
inline int R_RDI = 14;
inline int R_ERR = 15;
inline int R_RIP = 16;
inline int R_CS = 17;
inline int R_RFL = 18;
inline int R_RSP = 19;
inline int R_SS = 20;
inline int R_DS = 21;
inline int R_ES = 22;
inline int R_FS = 23;
inline int R_GS = 24;
inline int R_TRAPNO = 25;

inline int R_EBX = R_GS + 1;
inline int R_ECX = R_GS + 2;
inline int R_EDX = R_GS + 3;
inline int R_ESI = R_GS + 4;
inline int R_EDI = R_GS + 5;
inline int R_EBP = R_GS + 6;
inline int R_EAX = R_GS + 7;
inline int R_EIP = R_GS + 13;
inline int R_EFL = R_GS + 15;
inline int R_ESP = R_GS + 16;

inline int R_PC = R_EIP;
inline int R_FP = R_EBP;
inline int R_SP = R_ESP;
inline int R_PS = R_EFL;
inline int R_R0 = R_EAX;
inline int R_R1 = R_EBX;
