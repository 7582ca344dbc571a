BEGIN
{
	@ = lquantize(1, 0, 7 / 2 * 4);
	@ = lquantize(1, 1, 12);
}
