/*
 * The faults a probe's action can meet, as the ERROR probe's arg4 gives
 * them.
 */

inline int DTRACEFLT_UNKNOWN = 0;	/* unknown fault */
inline int DTRACEFLT_BADADDR = 1;	/* bad address */
inline int DTRACEFLT_BADALIGN = 2;	/* bad alignment */
inline int DTRACEFLT_ILLOP = 3;		/* illegal operation */
inline int DTRACEFLT_DIVZERO = 4;	/* divide by zero */
inline int DTRACEFLT_NOSCRATCH = 5;	/* out of scratch space */
inline int DTRACEFLT_KPRIV = 6;		/* kernel memory without privilege */
inline int DTRACEFLT_UPRIV = 7;		/* user memory without privilege */
inline int DTRACEFLT_TUPOFLOW = 8;	/* tuple stack overflow */
inline int DTRACEFLT_BADSTACK = 9;	/* bad stack */
