BEGIN
{
	@ = llquantize(1, 4, 1, 3, 32);
}
