/*
 * The target of the ustack tests: main calls outer, which calls middle,
 * which calls leaf, each in its own frame (build with -O0
 * -fno-omit-frame-pointer); cxx_leaf and rust_leaf carry C++ and Rust
 * mangled symbol names; lib_leaf is in a shared library (ustacklib.c).
 * It loops argv[1] times, then waits for SIGTERM if argv[2] is "wait".
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int lib_leaf(int);

int leaf(int x) { return x + 1; }
int cxx_leaf(int x) __asm__("_ZN4demo3cxx4leafEi");
int cxx_leaf(int x) { return x + 2; }
int rust_leaf(int x) __asm__("_ZN4demo4rust4leaf17h0123456789abcdefE");
int rust_leaf(int x) { return x + 3; }

long many(long a, long b, long c, long d, long e, long f, long g, long h)
{
	return a + b + c + d + e + f + g + h;
}

int middle(int x) { return leaf(x) + cxx_leaf(x) + rust_leaf(x) + lib_leaf(x); }
int outer(int x) { return middle(x) * 2; }

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1, s = 0;
	for (int i = 0; i < n; i++)
		s += outer(i);
	s += many(1, 2, 3, 4, 5, 6, 7, 8);
	if (argc > 2 && strcmp(argv[2], "wait") == 0)
		pause();
	return s == 12345;
}
