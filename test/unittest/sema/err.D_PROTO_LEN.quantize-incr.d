BEGIN
{
	@ = quantize(1, 2, 3);
}
