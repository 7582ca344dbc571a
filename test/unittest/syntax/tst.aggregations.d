/* Aggregations: every aggregating function, keys, and the aggregation actions. */
#pragma D option quiet

BEGIN
{
	@ = count();
	@c = count();
	@s[execname] = sum(arg0);
	@a[probefunc, pid] = avg(arg0);
	@mn = min(arg0);
	@mx = max(arg0);
	@sd = stddev(arg0);
	@q = quantize(arg0);
	@l = lquantize(arg0, 0, 100, 10);
	@ll = llquantize(arg0, 10, 0, 6, 20);
	@qi = quantize(arg0, 2);
	@li["k"] = lquantize(arg0, 0, 100, 10, 3);
	trunc(@s, 5);
	trunc(@a);
	normalize(@c, 10);
	denormalize(@c);
	clear(@mn);
	printa(@c);
	printa("%s %@d\n", @s);
	@t[execname] = sum(1);
	printa("%s %@d %@d\n", @s, @t);
	setopt("aggsortkey");
	exit(0);
}
