#pragma D option quiet
BEGIN
{
	z = 0;
	printf("%d\n", 7 % z);
}
BEGIN
{
	printf("after\n");
	exit(1);
}
