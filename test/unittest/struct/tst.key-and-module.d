/*
 * A struct or union is a key of an associative array by its bytes: two
 * variables holding the same members name the same element. The
 * script's types are in module D: struct D`pair is struct pair.
 * @@nosort
 */
#pragma D option quiet

struct pair {
	int x;
	int y;
};
union either {
	int i;
	char c;
};

struct pair p, q;
union either u;
this struct D`pair t;

BEGIN
{
	p.x = 1; p.y = 2;
	q.x = 1; q.y = 2;
	a[p] = 10;
	a[q] += 5;
	q.y = 3;
	a[q] = 7;
	printf("%d %d\n", a[p], a[q]);
	this->t.x = 1; this->t.y = 3;
	self->b[this->t, 4] = 9;
	printf("%d %d\n", self->b[q, 4], self->b[p, 4]);
	u.i = 65;
	c[u] = 1;
	printf("%d\n", c[u]);
	printf("%d %d\n", sizeof (struct D`pair), offsetof(struct D`pair, y));
	printf("%d\n", offsetof(union D`either, c));
	exit(0);
}
