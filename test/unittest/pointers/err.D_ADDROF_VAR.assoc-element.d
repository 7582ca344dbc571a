/*
 * An element of an associative array is a dynamic variable: it has no
 * address a program may keep.
 */
BEGIN
{
	x[1] = 2;
	trace(&x[1]);
}
