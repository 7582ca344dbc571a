/*
 * The workload of the uprobe benchmarks: calls target_fn argv[1] times as
 * soon as main starts, then prints the loop's ns per call (CLOCK_MONOTONIC)
 * and, on stderr, the monotonic time at which main started; then sleeps
 * argv[2] seconds, if given, so that the tracer's statistics can be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000L + ts.tv_nsec;
}

__attribute__((noinline)) int target_fn(int x)
{
	__asm__ __volatile__("" ::: "memory");
	return x + 1;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1, start = now(), s = 0;
	for (long i = 0; i < n; i++)
		s += target_fn((int)i);
	long end = now();
	fprintf(stderr, "main %ld\n", start);
	printf("%.1f ns/call %ld\n", (double)(end - start) / n, s);
	fflush(stdout);
	if (argc > 2)
		sleep(atoi(argv[2]));
	return 0;
}
