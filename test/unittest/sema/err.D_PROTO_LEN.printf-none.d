BEGIN
{
	printf();
}
