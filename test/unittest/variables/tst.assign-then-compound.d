/*
 * Once a clause has assigned it, later clauses may modify a variable with
 * any compound operator, and a predicate may read it before the clause's
 * own assignment (the predicate is checked after the actions).
 */
#pragma D option quiet

BEGIN
{
	n = 3;
	n += 4;
	n <<= 2;
	n %= 5;
	printf("%d\n", n);
}

BEGIN
/!seen/
{
	seen = 1;
	printf("seen %d\n", seen);
	exit(0);
}
