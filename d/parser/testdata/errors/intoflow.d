BEGIN
{
	x = /* ERROR D_INT_OFLOW "constant 0x10000000000000000 results in integer overflow" */ 0x10000000000000000;
}
