BEGIN
{
	@never;
}
