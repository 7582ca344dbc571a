/* Types declared in the script. */
struct point {
	int x;
	int y;
};
typedef struct point point_t;
enum color { RED, GREEN = 5, BLUE };
union u {
	int i;
	char c[4];
};
struct point p;
point_t q;
union u uu;
BEGIN
{
	p.x = 1;
	q.y = p.x + GREEN;
	uu.i = BLUE;
	trace(sizeof (struct point));
	trace(offsetof(point_t, y));
	trace(uu.c[1]);
	trace((enum color)1);
	exit(0);
}
