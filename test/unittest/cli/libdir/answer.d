/*
 * A D library file of our own, read by -L libdir and -x libdir=libdir like
 * the system library: its inlines and types serve every program.
 */
inline int ANSWER = 42;
typedef struct pair {
	int first;
	int second;
} pair_t;
/* The system library is read first: this file may use its names. */
inline int ANSWER_PERM = ANSWER + EPERM;
