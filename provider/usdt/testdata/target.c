/* The traced program of the usdt provider's tests: argv[1] rounds of
 * four USDT probes. test:args reports the is-enabled semaphore of
 * test:guarded, which only fires while it is traced. */
#define _SDT_HAS_SEMAPHORES 1
#include <stdio.h>
#include <stdlib.h>
#include <sys/sdt.h>
#include <unistd.h>

unsigned short test_args_semaphore __attribute__((section(".probes")));
unsigned short test_guarded_semaphore __attribute__((section(".probes")));
unsigned short test_mem_semaphore __attribute__((section(".probes")));

/* test:mem passes an element of it, a base+index*scale memory operand. */
int squares[8] = {0, 1, 4, 9, 16, 25, 36, 49};

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;

	for (int i = 0; i < n; i++) {
		/* On the stack: a string in a page the program never touched
		 * could not be read from BPF, which cannot fault pages in. */
		char msg[16];

		snprintf(msg, sizeof(msg), "msg%d", i);
		STAP_PROBE5(test, args, i, -5L - i, msg, test_guarded_semaphore, 42);
		STAP_PROBE1(test, mem, squares[i & 7]);
		if (test_guarded_semaphore)
			STAP_PROBE1(test, guarded, i * 3);
		usleep(1000);
	}
	return 0;
}
