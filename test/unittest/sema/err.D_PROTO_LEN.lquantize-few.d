BEGIN
{
	@ = lquantize(1);
}
