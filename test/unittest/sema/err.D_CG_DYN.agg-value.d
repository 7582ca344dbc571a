/*
 * An aggregation is no value: it is assigned, or given to printa() and
 * the actions that take one, never evaluated in an expression.
 */
BEGIN
{
	@a = count();
	x = 1, @a;
}
