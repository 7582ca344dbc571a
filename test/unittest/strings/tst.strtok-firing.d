/*
 * strtok(NULL, ...) goes on with the string of an earlier call of the
 * same firing, in another clause too; each firing starts without one, so
 * strtok(NULL, ...) first in a firing faults, as does a string that is
 * NULL at run time. (@@ids: the tick probe's ID varies.)
 */
#pragma D option quiet

BEGIN
{
	printf("[%s]", strtok("a b c", " "));
}

BEGIN
{
	printf("[%s]\n", strtok(NULL, " "));
	n = 0;
}

tick-10ms
/n++ == 0/
{
	trace(strtok(NULL, " "));
}

tick-10ms
/n == 2/
{
	trace(strtok(strstr("abc", "x"), " "));
}

tick-10ms
/n == 3/
{
	exit(0);
}

ERROR
{
	printf("fault %d\n", n);
}
