/*
 * Linux has no interrupt priority level: reading ipl faults with an
 * illegal operation, as in DTrace for Linux, rather than giving a value
 * that means nothing.
 */
#pragma D option quiet

BEGIN
{
	trace(ipl);
	printf("not reached\n");
}

ERROR
{
	printf("faulted\n");
	exit(0);
}
