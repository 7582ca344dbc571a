BEGIN
{
	@ = llquantize(1, 4, 0, 32, 4);
}
