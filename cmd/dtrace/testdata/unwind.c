/* A call chain main -> a -> b -> c built -O2 -fomit-frame-pointer, so that
 * only unwind tables find its frames. Each function does work after its
 * call, so none is a tail call; c makes a system call. With an argument
 * "signal", main reaches a from a signal handler; with "jit", main calls c
 * through code copied to an anonymous mapping, as a JIT compiler's, which
 * no unwind table covers. */
#include <signal.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "leaf.h"

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

static void handler(int sig)
{
	sink += a(sig);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	if (argc > 2 && strcmp(argv[2], "signal") == 0) {
		signal(SIGUSR1, handler);
		for (long i = 0; i < n; i++)
			raise(SIGUSR1);
		return 0;
	}
	if (argc > 2 && strcmp(argv[2], "jit") == 0) {
		/* sub $8,%rsp; call *%rsi; add $8,%rsp; ret */
		static const unsigned char code[] = {0x48, 0x83, 0xec, 0x08, 0xff, 0xd6, 0x48, 0x83, 0xc4, 0x08, 0xc3};
		unsigned char *jit = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (jit == MAP_FAILED)
			return 2;
		memcpy(jit, code, sizeof(code));
		long (*stub)(long, long (*)(long)) = (long (*)(long, long (*)(long)))jit;
		for (long i = 0; i < n; i++)
			sink += stub(i, c);
		return 0;
	}
	long r = 0;
	for (long i = 0; i < n; i++)
		r += a(i);
	return r == 42;
}
