/* Bit-field loads, stores and compound assignments through a pointer. */
#pragma D option quiet
struct flags { unsigned int a : 3; unsigned int b : 5; int c : 4; long d : 40; };
BEGIN
{
	this->f = (struct flags *)alloca(sizeof (struct flags));
	this->f->a = 9; this->f->b = 31; this->f->c = -3; this->f->d = -2;
	this->f->a += 5; this->f->b++; this->f->c -= 6;
	this->p = (int *)alloca(8);
	*this->p = 5; *this->p *= 3; this->p[1]++;
	printf("%d %d %d %d %d %d %d\n", this->f->a, this->f->b, this->f->c, this->f->d,
	    sizeof (struct flags), *this->p, this->p[1]);
	trace(*this->f);
	exit(0);
}
