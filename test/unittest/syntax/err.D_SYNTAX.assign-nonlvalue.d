/* Only a unary expression can be assigned to: a + b = 1 is not D. */
BEGIN
{
	a + b = 1;
}
