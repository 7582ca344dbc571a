/* @@nosort */
/* clear() zeroes every tuple and keeps it: scalars print 0,
   distributions the rows around zero. Data added later, in END, adds to
   the cleared tuples. (The consumer applies clear() and printa() after
   the clauses of one firing have run, so data and operations are kept
   in different clauses.) */
#pragma D option quiet

BEGIN
{
	@c["x"] = count();
	@c["y"] = count();
	@s["x"] = sum(10);
	@q["x"] = quantize(5);
	@l["x"] = lquantize(3, 0, 10, 2);
}

BEGIN
{
	clear(@c);
	clear(@s);
	clear(@q);
	clear(@l);
	printa(@c);
	printa(@s);
	printa(@q);
	printa(@l);
	printf("--\n");
	exit(0);
}

END
{
	@c["y"] = count();
	@s["x"] = sum(2);
	@q["x"] = quantize(1);
}

END
{
	printa(@c);
	printa(@s);
	printa(@q);
}
