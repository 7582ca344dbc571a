/* @@nosort */
/* aggzoom: the largest bucket fills 95% of the bar (38 of 40 columns),
   the others in proportion to it; with agghist, the largest value. */
#pragma D option quiet
#pragma D option aggzoom

BEGIN
{
	@q = quantize(1);
	@q = quantize(2, 4);
	@q = quantize(8, 2);
	@q = quantize(100);
	@l = lquantize(5, 0, 10, 5, -2);
	@l = lquantize(0, 0, 10, 5, 8);
}

BEGIN
{
	printa(@q);
	printa(@l);
	setopt("agghist");
	@h[1] = sum(1);
	@h[2] = sum(2);
	@h[3] = sum(19);
	@h[4] = sum(20);
	exit(0);
}
