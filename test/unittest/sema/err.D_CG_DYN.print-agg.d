/* print() shows a value: an aggregation is printed by printa(). */
BEGIN
{
	@a = count();
	print(@a);
}
