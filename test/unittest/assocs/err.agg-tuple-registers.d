/* Aggregation keys take DTrace's tuple registers too. */
BEGIN
{
	@[1, 2, 3, 4, 5, 6, 7, 8, 9, 10] = count();
	exit(0);
}
