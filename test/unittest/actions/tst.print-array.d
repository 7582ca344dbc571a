/* @@nosort */
#pragma D option quiet

struct arrs {
	int v[4];
	char name[6];
};

BEGIN
{
	this->p = (struct arrs *)alloca(sizeof (struct arrs));
	this->p->v[0] = 10;
	this->p->v[2] = 30;
	this->p->v[3] = 40;
	this->p->name[0] = 'h';
	this->p->name[1] = 'i';
	this->p->name[3] = 'x';
	print(this->p);
	exit(0);
}
