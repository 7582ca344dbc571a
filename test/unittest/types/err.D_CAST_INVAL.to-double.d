/*
 * Floating-point types are not scalars in D: an integer is not cast to
 * double, as DTrace refuses.
 */
BEGIN
{
	x = 7;
	trace((double)x);
	exit(0);
}
