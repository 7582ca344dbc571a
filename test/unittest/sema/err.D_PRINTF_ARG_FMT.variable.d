BEGIN
{
	printf(probename);
}
