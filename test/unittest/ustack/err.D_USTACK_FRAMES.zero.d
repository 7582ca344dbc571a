/* ustack() takes a positive constant frame count. */
BEGIN
{
	ustack(0);
}
