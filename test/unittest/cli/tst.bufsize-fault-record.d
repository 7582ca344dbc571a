/*
 * 60 bytes hold a fault record as a perf sample; a clause that faults
 * reports it, and its ERROR clause runs.
 */
#pragma D option bufsize=60
#pragma D option quiet

BEGIN
{
	trace(*(int *)8);
}

ERROR
{
	exit(0);
}
