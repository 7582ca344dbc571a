BEGIN
{
	@ = llquantize(1, 2, 5, 4, 2);
}
