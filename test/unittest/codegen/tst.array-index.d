/*
 * Elements of arrays in global and clause-local variables, at indexes
 * known only at run time: scalars, strings, structs, members' arrays and
 * arrays of arrays.
 */
#pragma D option quiet
struct pair { int a; int b[3]; };
int a[4];
string s[3];
struct pair p[2];
int m[3][4];
this int t[4];
BEGIN
{
	i = 2; j = 1;
	a[i] = 7; a[i]++; a[j] += 3;
	s[j] = "hi"; s[0] = strjoin(s[j], "!");
	p[j].b[i] = 5; p[0].a = 6;
	m[i][j] = 8;
	this->t[i + j] = 9;
	printf("%d %d %d [%s] [%s] %d %d %d %d %d\n", a[2], a[i], a[1], s[1], s[0],
	    p[1].b[2], p[j].b[i] + p[0].a, m[2][1], m[i][j], this->t[3]);
	exit(0);
}
