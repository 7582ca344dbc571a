/*
 * With aggrate, printa() reads the aggregations at most once in that
 * time, as DTrace does: within an hour, the ticks print the count BEGIN's
 * printa() read. Once exit() has stopped tracing, DTrace reads them afresh
 * whatever the aggrate: the last tick's printa(), read after its exit(),
 * and the end of the run (@b) print the final count; END's printa() what
 * END added.  @@nosort
 */
#pragma D option quiet
#pragma D option aggrate=1h
#pragma D option switchrate=10ms

BEGIN
{
	@a = count();
	@b = count();
	printa("begin %@d\n", @a);
}

tick-100ms
/++i < 3/
{
	@a = count();
	@b = count();
	printa("tick %@d\n", @a);
}

/*
 * exit() before printa() in one clause: the consumer sees tracing stopped
 * whenever it reads the record (with exit() in a later clause it could
 * read the record in between, on another CPU).
 */
tick-100ms
/i == 3/
{
	@a = count();
	@b = count();
	exit(0);
	printa("tick %@d\n", @a);
}

END
{
	@a = count();
	printa("end %@d\n", @a);
}
