/*
 * print() of a pointer to a scalar shows the address, then the value it
 * points to with its type, as DTrace prints any type print() is given a
 * pointer to.
 * @@nosort
 */
#pragma D option quiet

struct pair {
	int a;
	char b;
	long c;
};

enum e { A, B };

BEGIN
{
	this->p = (struct pair *)alloca(sizeof (struct pair));
	this->p->a = 7;
	this->p->b = 'A';
	this->p->c = -5;
	print(&this->p->a);
	print(&this->p->b);
	print(&this->p->c);
	print((enum e *)&this->p->a);
	exit(0);
}
