/* A target for the proc tests: prints its first argument and exits with
 * the status given as the second. The constructor lets tests tell whether
 * initialisers have run, and exits early when TARGET_EXIT_IN_CTOR is set. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

volatile int ctor_ran;

__attribute__((constructor)) static void ctor(void)
{
	ctor_ran = 1;
	if (getenv("TARGET_EXIT_IN_CTOR"))
		_exit(9);
}

int main(int argc, char **argv)
{
	printf("hello %s\n", argc > 1 ? argv[1] : "");
	fflush(stdout);
	return argc > 2 ? atoi(argv[2]) : 0;
}
