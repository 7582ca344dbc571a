BEGIN
{
	@a = count();
	clear(@a, 1);
}
