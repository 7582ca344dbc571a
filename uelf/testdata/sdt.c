/* USDT probes with known arguments, for the stapsdt tests. Every probe has
 * a semaphore (sys/sdt.h wants one per probe once _SDT_HAS_SEMAPHORES is
 * set); only "withsem" is guarded by its own. */
#define _SDT_HAS_SEMAPHORES 1
#include <sys/sdt.h>
#include <stdio.h>

__extension__ unsigned short test_plain_semaphore __attribute__((unused, section(".probes")));
__extension__ unsigned short test_withsem_semaphore __attribute__((unused, section(".probes")));
__extension__ unsigned short test_mixed_semaphore __attribute__((unused, section(".probes")));
__extension__ unsigned short test_global_semaphore __attribute__((unused, section(".probes")));

long global_counter = 7;
static int arr[4] = {10, 20, 30, 40};

__attribute__((noinline)) int work(int a, long b)
{
	STAP_PROBE2(test, plain, a, b);
	if (test_withsem_semaphore)
		STAP_PROBE1(test, withsem, b * 2);
	STAP_PROBE3(test, mixed, (short)-3, &global_counter, 42);
	/* Globals come out as symbolic operands: "counter(%rip)", "arr(,%rdi,4)". */
	STAP_PROBE2(test, global, global_counter, arr[a & 3]);
	return a + (int)b;
}

int main(int argc, char **argv)
{
	(void)argv;
	printf("%d\n", work(argc + 4, -6));
	return 0;
}
