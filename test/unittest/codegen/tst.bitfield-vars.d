/*
 * Bit-fields of structs in global and clause-local variables, and in an
 * array of them at an index known at run time: stores keep the other
 * bits, loads sign-extend signed fields, ++ wraps in the field.
 */
#pragma D option quiet
struct s { int a:3; unsigned b:5; int c; };
struct s x, v[2];
this struct s y;
BEGIN
{
	x.a = 2; x.b = 31; x.c = 9;
	printf("%d %d %d", x.a, x.b, x.c);
	x.a = -1; x.b++;
	printf(" %d %d %d\n", x.a, x.b, x.c);
	i = 1;
	v[i].b = 7; v[i].a = 1;
	this->y.b = 6; this->y.a = -4;
	printf("%d %d %d %d\n", v[1].b, v[i].a, this->y.b, this->y.a);
	exit(0);
}
