/* A '(' without its ')'. */
BEGIN
{
	trace((1);
}
