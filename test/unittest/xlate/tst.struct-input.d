/*
 * A translator's input may be a struct itself, not a pointer: its members
 * are read from the value translated, with or without a cast of the
 * parameter to its own type.
 * @@nosort
 */
#pragma D option quiet

struct point {
	int x;
	char tag;
};
struct flat {
	int sum;
	char t;
};

translator struct flat < struct point p > {
	sum = p.x + ((struct point)p).x;
	t = ((struct point)p).tag;
};

struct point pt;

BEGIN
{
	pt.x = 21;
	pt.tag = 'q';
	printf("%d %c\n", xlate <struct flat> (pt).sum, xlate <struct flat> (pt).t);
	printf("%d\n", ((struct point)pt).x);
	exit(0);
}
