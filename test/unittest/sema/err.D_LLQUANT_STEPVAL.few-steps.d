BEGIN
{
	@ = llquantize(1, 6, 0, 2, 4);
}
