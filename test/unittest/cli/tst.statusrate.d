/*
 * With statusrate set, dtrace notices exit() when it next checks the
 * state (at the start of tracing, then every statusrate), as DTrace's
 * consumer does: END comes about two seconds after an exit() at 100 ms.
 */
#pragma D option quiet
#pragma D option statusrate=2sec

tick-100ms
{
	ts = timestamp;
	exit(0);
}

END
/timestamp - ts > 1000000000/
{
	printf("exit noticed at the next status check\n");
}

END
/timestamp - ts <= 1000000000/
{
	printf("exit noticed %d ns after it ran\n", timestamp - ts);
}
