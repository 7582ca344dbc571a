/* @@nosort */
/* A string key takes strsize bytes and its NUL by DTrace's measure,
   whatever it holds: with strsize=256 a tuple is 4 + 257 + 8 bytes and
   its data 16, so aggsize=600 holds two and the third and fourth names
   are aggregation drops, tagged under droptags. tick fires on the first
   online CPU. */
#pragma D option quiet
#pragma D option strsize=256
#pragma D option aggsize=600
#pragma D option droptags

tick-1ms
{
	@["a"] = count();
	@["b"] = count();
	@["c"] = count();
	@["d"] = count();
	exit(0);
}
