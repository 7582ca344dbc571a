/*
 * timestamp is read once per probe firing: it keeps its value through the
 * firing's clauses, and a later firing sees a later time. walltimestamp
 * reads the clock at each use.
 * @@nosort
 */
#pragma D option quiet

BEGIN
{
	t = timestamp;
	w = walltimestamp;
	printf("%d\n", timestamp - t);
}

BEGIN
{
	printf("%d %d\n", timestamp - t, walltimestamp > w);
}

tick-10ms
{
	printf("%d\n", timestamp > t);
	exit(0);
}
