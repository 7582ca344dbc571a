/* Prints CLOCK_MONOTONIC in ns on stderr, then runs its arguments. */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	fprintf(stderr, "launch %ld\n", ts.tv_sec * 1000000000L + ts.tv_nsec);
	execvp(argv[1], argv + 1);
	perror(argv[1]);
	return 127;
}
