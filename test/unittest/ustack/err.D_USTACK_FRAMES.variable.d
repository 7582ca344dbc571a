/* ustack() takes a constant frame count. */
BEGIN
{
	@[ustack(arg0)] = count();
}
