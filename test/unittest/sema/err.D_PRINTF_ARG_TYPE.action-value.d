BEGIN
{
	printf("%d\n", printf(""));
}
