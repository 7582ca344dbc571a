/*
 * substr() with lengths known only at run time, negative ones included:
 * a negative index counts from the end and what lies before the start
 * shortens the length; a negative length leaves characters off the end.
 */
#pragma D option quiet
BEGIN
{
	n = 3; m = -2; big = 1000; s = "hello";
	printf("[%s] [%s] [%s] [%s]\n", substr(s, 1, n), substr(s, m, n), substr(s, 0, m), substr(s, n, big));
	printf("[%s] [%s] [%s] [%s]\n", substr(s, -10, n + 4), substr(s, -10, n - 1), substr(s, 1, m + 1), substr(s, 1, m - 2));
	printf("[%s] [%s] [%s]\n", substr(s, n * 2, 1), substr(s, m * 10), substr(s, 0, 0));
	exit(0);
}
