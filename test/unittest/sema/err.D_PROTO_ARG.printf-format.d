BEGIN
{
	printf(42);
}
