/* The call chain the gdb comparison test stops at c, built -O2
 * -fomit-frame-pointer: main -> a, which signals itself with kill(); the
 * handler -> b -> lib_call, in a shared library (gdblib.c) -> c. Each
 * function does work after its call, so none is a tail call. */
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

long lib_call(long (*f)(long), long x);
#include "leaf.h"

__attribute__((noinline)) long b(long x)
{
	long v[8];
	for (int i = 0; i < 8; i++)
		v[i] = x * i + sink;
	return lib_call(c, v[x & 7]) + v[3];
}

static void handler(int sig)
{
	sink += b(sig);
}

__attribute__((noinline)) long a(long x)
{
	kill(getpid(), SIGUSR1);
	return x * 3 + sink;
}

int main(int argc, char **argv)
{
	signal(SIGUSR1, handler);
	return a(argc) == 42;
}
