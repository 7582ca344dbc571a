BEGIN
{
	@ = llquantize(1, 10, 0, 6, 20);
	@ = llquantize(1, 10, 1, 6, 20);
}
