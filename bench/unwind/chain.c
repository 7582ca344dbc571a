/* main -> a -> b -> c, N times, then a pause in which the tracer's program
 * statistics are read: ./chain N [pause-seconds]. Built with and without
 * frame pointers by run.sh. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

volatile long sink;

__attribute__((noinline)) long c(long x)
{
	sink += x;
	return sink;
}

__attribute__((noinline)) long b(long x)
{
	long r = c(x + 1);
	return r + sink;
}

__attribute__((noinline)) long a(long x)
{
	long r = b(x * 2);
	return r - sink;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	for (long i = 0; i < n; i++)
		sink += a(i);
	printf("done\n");
	fflush(stdout);
	if (argc > 2)
		sleep(atoi(argv[2]));
	return 0;
}
