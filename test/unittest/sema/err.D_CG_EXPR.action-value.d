/* An action is a statement: its value cannot be used. */
BEGIN
{
	x = trace(1);
}
