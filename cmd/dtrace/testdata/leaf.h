/* The leaf of the call chains of unwind.c and gdbchain.c, the function
 * the tests stop in: it makes a system call (getppid), and keeps work
 * after it, so that it is no tail call. Its includer includes
 * <sys/syscall.h> and <unistd.h>. */
volatile long sink;

__attribute__((noinline)) long c(long x)
{
	long v[4] = {x, x + 1, x + 2, x + 3};
	sink += syscall(SYS_getppid);
	return v[sink & 3] + sink;
}
