/* Translated members computed from alloca'd memory and from an integer. */
#pragma D option quiet
struct in { int a; int b; };
struct out { int sum; int diff; long twice; };
translator struct out < struct in *p > {
	sum = p->a + p->b;
	diff = p->a - p->b;
	twice = 2 * p->a;
};
struct big { long v; };
translator struct big < int x > {
	v = x * 1000;
};
BEGIN
{
	this->v = (struct in *)alloca(sizeof (struct in));
	this->v->a = 10;
	this->v->b = 4;
	printf("%d %d %d %d\n", xlate <struct out> (this->v).sum, xlate <struct out> (this->v).diff,
	    xlate <struct out> (this->v).twice, xlate <struct big> (7).v);
	exit(0);
}
