/* With nspec=2, the third speculation() fails and returns 0. */
#pragma D option quiet
#pragma D option nspec=2
BEGIN
{
	a = speculation();
	b = speculation();
	c = speculation();
	printf("%d %d %d\n", a, b, c);
}
BEGIN
{
	speculate(c);
	printf("never\n");
}
BEGIN
{
	speculate(b);
	printf("b\n");
}
BEGIN
{
	speculate(a);
	printf("a\n");
}
BEGIN
{
	commit(b);
}
BEGIN
{
	commit(a);
}
BEGIN
{
	exit(0);
}
