/* The shared library of gdbchain.c: it calls back into the program. */
volatile long libsink;

__attribute__((noinline)) long lib_call(long (*f)(long), long x)
{
	long r = f(x + 1);
	return r + libsink;
}
