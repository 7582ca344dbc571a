/* A call chain main -> a -> b -> c whose frames must unwind without frame
 * pointers (built -O2 -fomit-frame-pointer). Each function keeps work on
 * both sides of its call, so none is a tail call, and c ends in a PLT
 * call. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

volatile long sink;

__attribute__((noinline)) long c(long x)
{
	char buf[64];
	snprintf(buf, sizeof buf, "%ld", x);
	sink += buf[0];
	return sink + x;
}

__attribute__((noinline)) long b(long x)
{
	long v[8];
	for (int i = 0; i < 8; i++)
		v[i] = x * i + sink;
	return c(v[x & 7]) + v[3];
}

__attribute__((noinline)) long a(long x)
{
	long r = b(x + 1);
	return r * 3 + sink;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	long r = 0;
	for (long i = 0; i < n; i++)
		r += a(i);
	printf("%ld\n", r & 1);
	return 0;
}
