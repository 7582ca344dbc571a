/*
 * epid is DTrace 2's: the probe ID in the upper 32 bits, the statement ID
 * (the N of the clause's dt_clause_N, counted from 0 in program order) in
 * the lower, so that one clause on two probes sees two values.
 */
#pragma D option quiet

BEGIN
{
	printf("%x\n", epid);
}

BEGIN, END
{
	printf("%x %d %d\n", epid, epid >> 32 == id, sizeof (epid));
}

BEGIN
{
	exit(0);
}
