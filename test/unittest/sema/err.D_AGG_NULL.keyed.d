BEGIN
{
	@counts[execname];
}
