/*
 * An inline may take parameters, used as an associative array is: the
 * value is its expression with the parameters bound to the arguments,
 * each converted to its parameter's type. A parameter hides a global of
 * its name; inlines may use one another.
 * @@nosort
 */
#pragma D option quiet

int x;
inline int add[int x, int y] = x + y;
inline int twice[int v] = add[v, v];
inline char low[int v] = v;
inline string pick[int c, string a, string b] = c ? a : b;

BEGIN
{
	x = 1000;
	printf("%d %d %d\n", add[2, 3], twice[add[1, x]], x);
	printf("%d\n", low[0x141]);
	printf("%s %s\n", pick[1, "yes", "no"], pick[0, "yes", probename]);
	exit(0);
}
