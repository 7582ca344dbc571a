/* @@nosort */
/* llquantize(): log-linear buckets, zero, at and above the highest
   magnitude, and negative values. */
#pragma D option quiet

BEGIN
{
	@ll = llquantize(0, 10, 0, 2, 10);
	@ll = llquantize(5, 10, 0, 2, 10);
	@ll = llquantize(10, 10, 0, 2, 10);
	@ll = llquantize(19, 10, 0, 2, 10);
	@ll = llquantize(20, 10, 0, 2, 10);
	@ll = llquantize(999, 10, 0, 2, 10);
	@ll = llquantize(1000, 10, 0, 2, 10);
	@ll = llquantize(0x7fffffffffffffff, 10, 0, 2, 10);
	@neg = llquantize(-15, 2, 0, 4, 4);
	@neg = llquantize(-3, 2, 0, 4, 4);
	@neg = llquantize(3, 2, 0, 4, 4);
	@neg = llquantize(40, 2, 0, 4, 4);
	exit(0);
}
