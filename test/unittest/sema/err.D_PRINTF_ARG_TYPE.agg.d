BEGIN
{
	@a = sum(1);
	printf("%d\n", @a);
}
