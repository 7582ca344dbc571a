/* @@nosort */
/* avg() divides the total by the count in integer arithmetic, the
   quotient truncated toward zero. printa()'s %@d divides as DTrace's
   pfprint_average does, in unsigned arithmetic, so a negative average
   prints as a large number there. */
#pragma D option quiet

BEGIN
{
	@a["one"] = avg(7);
	@a["trunc"] = avg(1);
	@a["trunc"] = avg(2);
	@a["neg"] = avg(-7);
	@a["neg"] = avg(-8);
	@a["mixed"] = avg(-10);
	@a["mixed"] = avg(3);
	@a["mixed"] = avg(4);
	@a["zero"] = avg(0);
	printa(@a);
	exit(0);
}

END
{
	printa("%-6s %@d\n", @a);
}
