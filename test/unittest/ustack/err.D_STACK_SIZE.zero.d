/* stack() takes a positive constant frame count. */
BEGIN
{
	stack(0);
}
