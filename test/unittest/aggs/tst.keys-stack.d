/* @@nosort */
/* stack() as a key: the same stack from the same firing is one tuple;
   a stack and an integer together make a tuple. */
#pragma D option quiet

BEGIN
{
	@s[stack()] = count();
	@s[stack()] = count();
	@t[stack(), 7] = sum(3);
	@t[stack(), 7] = sum(4);
	@t[stack(), 8] = sum(1);
	printa("%@d\n", @s);
	printa("%@d\n", @t);
	exit(0);
}
