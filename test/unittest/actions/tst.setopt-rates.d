/*
 * setopt() of switchrate and aggrate takes effect while tracing: once
 * both are 10 seconds, the records of the later printa() calls are read
 * only when exit() stops tracing, and the aggregation is then read afresh,
 * so that each of them shows the final count.
 */
#pragma D option quiet
#pragma D option switchrate=10ms
#pragma D option aggrate=10ms

tick-200ms
{
	n++;
	@ = count();
}

tick-200ms
/n == 2/
{
	printa("%@d\n", @);
	setopt("switchrate", "10sec");
	setopt("aggrate", "10sec");
}

tick-200ms
/n > 2/
{
	printa("%@d\n", @);
}

tick-200ms
/n == 6/
{
	exit(0);
}
