/* @@nosort */
/* lquantize() with and without a step: the "< base" and ">= limit"
   buckets, values on bucket boundaries, negative ranges, and the
   extremes of int64. */
#pragma D option quiet

BEGIN
{
	@unit = lquantize(0, 0, 5);
	@unit = lquantize(4, 0, 5);
	@unit = lquantize(2, 0, 5);
	@unit = lquantize(2, 0, 5);
	@step = lquantize(-1, 0, 100, 10);
	@step = lquantize(0, 0, 100, 10);
	@step = lquantize(9, 0, 100, 10);
	@step = lquantize(10, 0, 100, 10);
	@step = lquantize(55, 0, 100, 10);
	@step = lquantize(99, 0, 100, 10);
	@step = lquantize(100, 0, 100, 10);
	@neg = lquantize(-7, -10, 10, 5);
	@neg = lquantize(-6, -10, 10, 5);
	@neg = lquantize(-5, -10, 10, 5);
	@neg = lquantize(3, -10, 10, 5, 4);
	@ext = lquantize(0x8000000000000000, 0, 1000, 250);
	@ext = lquantize(0x7fffffffffffffff, 0, 1000, 250);
	@ext = lquantize(0x7fffffffffffffff, 0, 1000, 250);
	exit(0);
}
