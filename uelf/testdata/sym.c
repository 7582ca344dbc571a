/* A PIE whose functions the symbolization tests look up: it prints the
 * address of leaf() and of libc's malloc, then waits for stdin to close. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((noinline)) int leaf(int x) { return x * 3 + 1; }

int main(void)
{
	void *(*m)(size_t) = malloc;
	printf("%p %p %d\n", (void *)leaf, (void *)m, leaf(2));
	fflush(stdout);
	while (getchar() != EOF)
		;
	return 0;
}
