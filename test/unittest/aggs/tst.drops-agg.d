/* @@nosort */
/* A tuple the full aggregation map cannot take is an aggregation drop,
   counted on the CPU where it happened and reported as DTrace reports
   it. aggsize=64 holds two tuples by DTrace's measure: 16 bytes of
   tuple (the variable id, the int key, a trailing word) and 16 of data
   (a counter word, the count) each; tick fires on the first online
   CPU. */
#pragma D option quiet
#pragma D option aggsize=64

int i;

tick-1ms
/i < 4/
{
	@[i] = count();
	i++;
}

tick-1ms
/i == 4/
{
	exit(0);
}
