/* @@nosort */
#pragma D option quiet

enum color { RED, GREEN = 5, BLUE };

struct inner {
	short x;
	unsigned int y;
};

struct outer {
	int a;
	struct inner in;
	union {
		unsigned char c;
		long l;
	} u;
	enum color col;
	int zero;
	struct inner empty;
};

BEGIN
{
	this->p = (struct outer *)alloca(sizeof (struct outer));
	this->p->a = -3;
	this->p->in.x = 7;
	this->p->in.y = 4000000000;
	this->p->u.l = 0x141;
	this->p->col = GREEN;
	print(this->p);
	exit(0);
}
