/* Variables of every scope, with types inferred on first assignment. */
int g;
self int t;
this int c;
BEGIN
{
	g = 1;
	x = "str";
	y = x;
	self->t = 2;
	self->u = timestamp;
	this->c = g + self->t;
	this->s = strjoin(x, "b");
	a[1, "k"] = 3;
	a[2, "j"] = a[1, "k"] + 1;
	@c = count();
	@s[probefunc] = sum(this->c);
	@q = quantize(g);
	@l = lquantize(g, 0, 10, 2);
	@ll = llquantize(g, 10, 0, 6, 20);
	@a = avg(1);
	@m[1, 2] = max(3);
	@n = min(3);
	@d = stddev(g);
	printf("%d %s %d %u\n", g, x, self->t, self->u);
	printa(@c);
	printa("%@d\n", @s);
	exit(0);
}
