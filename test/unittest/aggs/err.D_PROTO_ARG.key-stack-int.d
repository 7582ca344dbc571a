/* A stack's type is an integer's, but an integer is no stack key. */
BEGIN
{
	@a[stack(), 1] = count();
	@a[2, 1] = count();
}
