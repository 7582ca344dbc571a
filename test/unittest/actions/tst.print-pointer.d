/* @@nosort */
#pragma D option quiet

struct node {
	struct node *next;
	void *data;
	long n;
};

BEGIN
{
	this->p = (struct node *)alloca(sizeof (struct node));
	this->p->next = this->p;
	this->p->n = 2;
	print(this->p);
	exit(0);
}
