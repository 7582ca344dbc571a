/* Member stores into alloca'd memory, read back, traced and hex-dumped. */
#pragma D option quiet
struct pair { int a; short b; char c; };
union u { int i; char c[4]; };
BEGIN
{
	this->p = (struct pair *)alloca(sizeof (struct pair));
	this->p->a = 258; this->p->b = -2; this->p->c = 'z';
	this->u = (union u *)alloca(sizeof (union u));
	this->u->i = 0x41424344;
	this->q = (uint8_t *)alloca(3);
	this->q[0] = 1; this->q[2] = 255;
	printf("%d %d %c %c%c %d %d %d\n", this->p->a, this->p->b, this->p->c,
	    this->u->c[0], this->u->c[3], this->q[0], this->q[1], this->q[2]);
	trace(*this->p);
	tracemem(this->q, 3);
	printf("\n");
	exit(0);
}
