/*
 * A struct, an array or a char array stored through a pointer into
 * alloca() memory is copied by value: a char array as a string, cut to
 * its size with its NUL.
 */
#pragma D option quiet
struct foo { int a; char b; int c[2]; };
struct foo g;
struct bar { char s[4]; int t; };

BEGIN
{
	g.a = 5; g.b = 'x'; g.c[1] = 7;
	this->p = (struct foo *)alloca(sizeof(struct foo));
	*this->p = g;
	this->q = (struct foo *)alloca(sizeof(struct foo));
	this->q->c = this->p->c;
	printf("%d %c %d %d\n", this->p->a, this->p->b, this->p->c[1], this->q->c[1]);
}

BEGIN
{
	this->r = (struct bar *)alloca(sizeof(struct bar));
	this->r->s = "abcdefgh";
	this->r->t = 0x41424344;
	printf("%s %x\n", this->r->s, this->r->t);
	exit(0);
}
