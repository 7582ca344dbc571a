BEGIN
{
	@ = lquantize(1, 10, 0);
}
