/*
 * The program of the -h and -G tests: it fires demo:::start and, when it
 * is enabled, demo:::work-done, argv[1] times, and exits with the number
 * of times work-done was enabled.
 */
#include <stdio.h>
#include <stdlib.h>
#include "usdtdemo.h"

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1, enabled = 0;
	char msg[16];

	for (int i = 0; i < n; i++) {
		/* On the stack, so that its page is resident when traced. */
		snprintf(msg, sizeof(msg), "hello%d", i);
		DEMO_START(i, msg);
		if (DEMO_WORK_DONE_ENABLED()) {
			enabled++;
			DEMO_WORK_DONE(-5L * i, 200, msg);
		}
		if (DEMO_NEVER_ENABLED())
			DEMO_NEVER();
	}
	return enabled;
}
