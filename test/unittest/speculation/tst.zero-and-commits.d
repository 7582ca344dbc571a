/*
 * speculate(0) ends the clause: what follows it neither runs nor is
 * recorded. One clause may commit several speculations, each printing
 * its records in order.
 * @@nosort
 */
#pragma D option quiet
#pragma D option nspec=2

BEGIN
{
	a = speculation();
	b = speculation();
	n = 0;
}

BEGIN
{
	speculate(0);
	n++;
	printf("not shown\n");
}

BEGIN
{
	speculate(a);
	printf("first %d\n", n);
}

BEGIN
{
	speculate(b);
	printf("second\n");
}

BEGIN
{
	commit(b);
	commit(a);
}

BEGIN
{
	printf("n %d\n", n);
	exit(0);
}
