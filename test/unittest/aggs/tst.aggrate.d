/*
 * With aggrate, printa() reads the aggregations at most once in that
 * time, as DTrace does: within an hour, the ticks print the count BEGIN's
 * printa() read. The end of the run reads them afresh (@b).  @@nosort
 */
#pragma D option quiet
#pragma D option aggrate=1h

BEGIN
{
	@a = count();
	@b = count();
	printa("begin %@d\n", @a);
}

tick-10ms
{
	@a = count();
	@b = count();
	printa("tick %@d\n", @a);
}

tick-10ms
/++i == 3/
{
	exit(0);
}
