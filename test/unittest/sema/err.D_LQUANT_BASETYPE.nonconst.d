BEGIN
{
	@ = lquantize(1, pid, 10);
}
