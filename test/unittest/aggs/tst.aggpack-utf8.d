/* @@nosort */
/* aggpack in UTF-8: the eight lower block elements, scaled with
   aggzoom to the largest bucket. */
#pragma D option quiet
#pragma D option aggpack
#pragma D option aggzoom
#pragma D option encoding=utf8

BEGIN
{
	@ = quantize(1, 0);
	@ = quantize(2, 1);
	@ = quantize(4, 4);
	@ = quantize(8, 9);
	@ = quantize(16, 16);
	@ = quantize(32, 25);
	@ = quantize(64, 36);
	@ = quantize(128, 49);
	exit(0);
}
