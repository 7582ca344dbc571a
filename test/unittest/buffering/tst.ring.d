/*
 * bufpolicy=ring: the buffer keeps the most recent records that fit in
 * bufsize (8 bytes each here, their 4-byte EPID and an int), printed when
 * tracing ends; the record of exit() is among them.
 */
#pragma D option quiet
#pragma D option bufpolicy=ring
#pragma D option bufsize=40

int n;

tick-10ms
/n < 50/
{
	printf("%d\n", n++);
}

tick-10ms
/n == 50/
{
	exit(0);
}
