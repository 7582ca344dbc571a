/*
 * DTrace checks a clause's actions before its predicate, so a global the
 * actions assign may be named first in the predicate; a variable the
 * predicate assigns may still be used by the actions.
 * @@nosort
 */
#pragma D option quiet

tick-1ms
/n < 3/
{
	printf("%d\n", n++);
}

tick-1ms
/n == 3 && (m = n * 2) > 0/
{
	printf("m %d\n", m);
	exit(0);
}
