/* The traced program of the pid provider's tests: it calls add3 and
 * usleep argv[1] times. */
#include <stdlib.h>
#include <unistd.h>

__attribute__((noinline)) long add3(long a, long b, long c)
{
	return a + b * c;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1;
	volatile long sum = 0;

	for (int i = 0; i < n; i++) {
		sum += add3(7, 11, i);
		usleep(1000);
	}
	return 0;
}
