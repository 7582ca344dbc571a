/*
 * bufpolicy=fill: the buffer takes records until the next one does not
 * fit (a record counts its 4-byte EPID and its data: 4 + 4 here), then
 * tracing stops and END runs, its record printed though the buffer is
 * full.
 */
#pragma D option quiet
#pragma D option bufpolicy=fill
#pragma D option bufsize=40

int n;

tick-10ms
{
	printf("%d\n", n++);
}

END
{
	printf("end after %d\n", n > 0);
}
