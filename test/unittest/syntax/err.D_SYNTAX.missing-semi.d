/* Statements need a ';' between them. */
BEGIN
{
	trace(1)
	trace(2);
}
