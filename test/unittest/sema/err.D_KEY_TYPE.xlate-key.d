BEGIN
{
	@[curpsinfo] = count();
}
