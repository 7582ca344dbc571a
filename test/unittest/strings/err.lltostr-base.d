/* lltostr() of a base outside 2-36 faults with an illegal operation. */
#pragma D option quiet
BEGIN
{
	b = 37;
	printf("%s\n", lltostr(1, b));
}
BEGIN
{
	b = 1;
	printf("%s\n", lltostr(1, b));
}
BEGIN
{
	exit(1);
}
