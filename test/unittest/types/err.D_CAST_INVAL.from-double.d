/*
 * Nor is a double cast to an integer.
 */
double d;

BEGIN
{
	trace((int)d);
	exit(0);
}
