/* @@nosort */
/* A tuple the full aggregation map cannot take is an aggregation drop,
   counted on the CPU where it happened and reported as DTrace reports
   it. aggsize=144 holds two tuples of 16-byte keys and 8-byte values
   with the kernel's 48-byte header of each; tick fires on the first
   online CPU. */
#pragma D option quiet
#pragma D option aggsize=144

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
