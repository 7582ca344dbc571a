/*
 * An aggregation is assigned by a statement of its own, not inside an
 * expression.
 */
BEGIN
{
	@a = count(), 1;
}
