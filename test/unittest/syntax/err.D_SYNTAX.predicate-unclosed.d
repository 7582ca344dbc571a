/* A predicate whose closing '/' is missing. */
BEGIN
/1 > 0
{
	trace(1);
}
