/* sysloop N: makes N getpriority() calls with the arguments 0x1234 and
 * 0x5678, which the kernel refuses at once (no such "which"). */
#include <stdlib.h>
#include <unistd.h>
#include <sys/syscall.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000000;

	for (long i = 0; i < n; i++)
		syscall(SYS_getpriority, 0x1234, 0x5678);
	return 0;
}
