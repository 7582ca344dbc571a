/* @@nosort */
/* quantize() with increments: zero, negative (bars left of the axis),
   mixed signs (half bars either side of a centre axis), and counts so
   large that the bars are computed in long double, as DTrace does. */
#pragma D option quiet

BEGIN
{
	@zero = quantize(4, 0);
	@neg = quantize(4, -3);
	@neg = quantize(100, -1);
	@mixed = quantize(-4, 2);
	@mixed = quantize(0, -1);
	@mixed = quantize(8, 3);
	@huge = quantize(1, 0x7fffffffffffffff);
	@huge = quantize(2, 0x7ffffffffffffffe);
	@huge = quantize(16, 0x1000000000);
	@gone = quantize(2, 5);
	@gone = quantize(2, -5);
	exit(0);
}
