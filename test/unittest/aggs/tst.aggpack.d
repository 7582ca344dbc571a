/* @@nosort */
/* aggpack: each quantize() and lquantize() tuple on one line, a
   character per bucket over the range of buckets the whole aggregation
   uses (lquantize(): all of its range), negative counts as v and V; in
   ASCII here, as DTrace draws them on a terminal without UTF-8. */
#pragma D option quiet
#pragma D option aggpack
#pragma D option encoding=ascii

BEGIN
{
	@q["k"] = quantize(5);
	@q["k"] = quantize(6);
	@q["k"] = quantize(7);
	@q["k"] = quantize(8);
	@q["k"] = quantize(-2);
	@q["other"] = quantize(1);
	@q["other"] = quantize(2, 3);
	@q["other"] = quantize(100);
	@l[1] = lquantize(-1, 0, 10, 2, 3);
	@l[1] = lquantize(4, 0, 10, 2);
	@l[1] = lquantize(5, 0, 10, 2, -2);
	@l[2] = lquantize(20, 0, 10, 2, 7);
	@z = quantize(0);
	@c["plain"] = count();
	exit(0);
}
