/* @@nosort */
/* A clause may commit several speculations, each printing its own data. */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	a = speculation();
	b = speculation();
}

BEGIN
{
	speculate(a);
	printf("first\n");
}

BEGIN
{
	speculate(b);
	printf("second\n");
}

BEGIN
{
	commit(a);
	commit(b);
}

BEGIN
{
	exit(0);
}
