/* print() takes a pointer (DTrace: void(void *)); an aggregation is printed by printa(). */
BEGIN
{
	@a = count();
	print(@a);
}
