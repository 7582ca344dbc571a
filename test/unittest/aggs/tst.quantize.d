/* @@nosort */
/* quantize(): a bucket per power of two on either side of zero, the
   rows around the non-zero buckets, and the extremes of int64: INT64_MIN
   falls in the lowest bucket, INT64_MAX in the highest. */
#pragma D option quiet

BEGIN
{
	@small = quantize(0);
	@small = quantize(1);
	@small = quantize(2);
	@small = quantize(3);
	@small = quantize(3);
	@small = quantize(-1);
	@small = quantize(-5);
	@max = quantize(0x7fffffffffffffff);
	@max = quantize(0x4000000000000000);
	@max = quantize(0x3fffffffffffffff);
	@min = quantize(0x8000000000000000);
	@min = quantize(-0x4000000000000000);
	@min = quantize(-0x3fffffffffffffff);
	exit(0);
}
