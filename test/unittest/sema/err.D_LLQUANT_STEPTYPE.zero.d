BEGIN
{
	@ = llquantize(1, 10, 0, 2, 0);
}
